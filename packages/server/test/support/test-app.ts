import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { type Config, readConfig, uniformRateLimits } from '../../src/config.ts';
import { type Database, type Db, openDatabase, type Schema } from '../../src/db/client.ts';
import { schema } from '../../src/db/schema.ts';
import { type MailMessage, readOutbox } from '../../src/mail/mailer.ts';
// The values the global set-up provides (its ProvidedContext declaration).
import type {} from './global-setup.ts';
import { flushRecorded, recordingLogger } from './sql-recorder.ts';
import { cloneTemplateDatabase, testDatabaseKind } from './test-database.ts';

export interface TestApp {
  app: App;
  /**
   * The app's database, for the test's own arranging and checking: its statements are not
   * recorded (sql-recorder.ts records only those of the app, which must each name their tree).
   */
  database: Database;
  dataDir: string;
  /** E-mails written so far, oldest first. */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export type OutboxMail = MailMessage;

/** Every rule of config.ts, high enough that no test meets it by chance; a test of a limit passes its own. */
const generousRateLimits = uniformRateLimits({ max: 100_000, windowMs: 60_000 });

/** The recording handle of each database a test holds (see `openTestDatabase`). */
const recordingHandles = new WeakMap<Database, Database>();

/**
 * A fresh database cloned from the migrated template: PGlite in memory, or a new PostgreSQL
 * database. The handle answered is the test's own, whose statements are not recorded; an app built
 * on it by `createTestApp` runs on a second handle to the same database that records each statement
 * (sql-recorder.ts) in the integration project.
 */
export async function openTestDatabase(): Promise<Database> {
  const recording = await openRecordingDatabase();
  const forTest = unrecorded(recording);
  recordingHandles.set(forTest, recording);
  return forTest;
}

async function openRecordingDatabase(): Promise<Database> {
  const recordDir = inject('sqlRecordDir');
  const logger = recordDir ? recordingLogger() : undefined;
  const flush = () => (recordDir ? flushRecorded(recordDir) : Promise.resolve());
  if (testDatabaseKind() === 'postgres') {
    const clone = await cloneTemplateDatabase('anor_test');
    const database = await openDatabase({
      kind: 'postgres',
      url: clone.url,
      poolSize: 4,
      ...(logger ? { logger } : {}),
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        await clone.drop();
        await flush();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplateFile'));
  const database = await openDatabase({ kind: 'pglite-dump', dump: new Blob([dump]), ...(logger ? { logger } : {}) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await flush();
    },
  };
}

/**
 * The same database through a Drizzle instance of its own without the recorder: what a test runs
 * itself (setting a created_at back, counting rows) is not the app's SQL and need not name a tree.
 */
export function unrecorded(database: Database): Database {
  const db: Db =
    database.kind === 'postgres'
      ? drizzleNodePostgres((database.db as NodePgDatabase<Schema> & { $client: Pool }).$client, { schema })
      : drizzlePglite((database.db as PgliteDatabase<Schema> & { $client: PGlite }).$client, { schema });
  return { ...database, db };
}

/**
 * The whole server on a fresh database, with its e-mail going to a temporary outbox. With
 * `database`, on that one instead (a second instance of a multi-instance test), left open at close.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { database?: Database } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const appDatabase = recordingHandles.get(database) ?? database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anor-test-'));
  const config: Config = {
    ...readConfig({}),
    publicUrl: 'http://localhost:3000',
    dataDir,
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    webDistDir: null,
    rateLimits: generousRateLimits,
    payment: { number: '123 456 78 90', recipient: 'Anor Test AB' },
    // The demonstration tree only where a test asks for it (createTestApp({ demoTree: true })).
    demoTree: false,
    ...overrides,
  };
  const app = await buildApp({ config, database: appDatabase, logger: false });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    database,
    dataDir,
    outbox: () => readOutbox(outboxDir),
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
