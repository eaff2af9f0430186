import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createPostgresPool } from './postgres.ts';
import { schema } from './schema.ts';
import type { DatabaseTimeouts } from './timeouts.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. Repositories take this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** For the start-up log: where the data lives, without credentials. */
  description: string;
  /** PostgreSQL: where a connection lost while idle in the pool is reported (the app's log). */
  onConnectionError?: (report: (error: Error) => void) => void;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Extensions the migrations create; PGlite must load their code when it opens. */
export const pgliteExtensions = { pg_trgm };

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** The server passes its configured timeouts; without them only connecting is limited (db/postgres.ts). */
      timeouts?: Partial<DatabaseTimeouts>;
    }
  | { kind: 'pglite'; dataDir: string }
  /** An in-memory PGlite started from a dumped data directory (tests load one migrated template). */
  | { kind: 'pglite-dump'; dump: Blob };

/** Opens the database and brings its schema up to date (migrations are idempotent). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Migrations on a connection of their own without a statement timeout: one may rebuild an
    // index of a large table.
    const migrations = createPostgresPool({
      url: options.url,
      poolSize: 1,
      timeouts: { connectMs: options.timeouts?.connectMs },
    });
    try {
      await migrateNodePostgres(drizzleNodePostgres(migrations.pool, { schema }), { migrationsFolder });
    } finally {
      await migrations.pool.end();
    }
    const { pool, onConnectionError } = createPostgresPool({
      url: options.url,
      poolSize: options.poolSize ?? 10,
      timeouts: options.timeouts,
    });
    const db = drizzleNodePostgres(pool, { schema });
    return {
      db,
      kind: 'postgres',
      description: `PostgreSQL at ${redactUrl(options.url)}`,
      onConnectionError,
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let description: string;
  if (options.kind === 'pglite') {
    await mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir, { extensions: pgliteExtensions });
    description = `embedded PGlite in ${options.dataDir}`;
  } else {
    client = await PGlite.create({ loadDataDir: options.dump, extensions: pgliteExtensions });
    description = 'embedded PGlite in memory';
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const maintenance = setInterval(() => {
    maintainPglite(client).catch(() => undefined);
  }, PGLITE_MAINTENANCE_MS);
  maintenance.unref();
  return {
    db,
    kind: 'pglite',
    description,
    close: () => {
      clearInterval(maintenance);
      return client.close();
    },
  };
}

/** How often the embedded database refreshes its statistics and plans (it has no autovacuum). */
export const PGLITE_MAINTENANCE_MS = 5 * 60_000;

/**
 * PGlite is one session with no autovacuum: its statistics never refresh by themselves, and the
 * plans of foreign-key checks, made once per session while the tables were small, would scan whole
 * tables for the life of the server. Every few minutes it analyses and forgets its cached plans, so
 * that they are made again for the tables as they are now (PGlite runs it between other queries).
 */
export async function maintainPglite(client: PGlite): Promise<void> {
  await client.exec('ANALYZE; DISCARD PLANS;');
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparseable URL';
  }
}
