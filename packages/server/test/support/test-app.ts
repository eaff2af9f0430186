import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { type Config, readConfig, uniformRateLimits } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { type MailMessage, readOutbox } from '../../src/mail/mailer.ts';
// The values the global set-up provides (its ProvidedContext declaration).
import type {} from './global-setup.ts';
import { flushRecorded, recordingLogger } from './sql-recorder.ts';
import { cloneTemplateDatabase, testDatabaseKind } from './test-database.ts';

export interface TestApp {
  app: App;
  database: Database;
  dataDir: string;
  /** E-mails written so far, oldest first. */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export type OutboxMail = MailMessage;

/** Every rule of config.ts, high enough that no test meets it by chance; a test of a limit passes its own. */
const generousRateLimits = uniformRateLimits({ max: 100_000, windowMs: 60_000 });

/**
 * A fresh database cloned from the migrated template: PGlite in memory, or a new PostgreSQL
 * database. In the integration project it records the statements the app runs (sql-recorder.ts).
 */
export async function openTestDatabase(): Promise<Database> {
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
 * The whole server on a fresh database, with its e-mail going to a temporary outbox. With
 * `database`, on that one instead (a second instance of a multi-instance test), left open at close.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { database?: Database } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
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
  const app = await buildApp({ config, database, logger: false });
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
