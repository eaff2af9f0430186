import path from 'node:path';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverRoot } from '../paths.ts';
import { openPglite } from './pglite.ts';
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
  /**
   * PGlite: registers the one listener told when the embedded database stopped for good (a PANIC,
   * such as a full disk while writing its log; db/pglite.ts). The server then exits.
   */
  onStop?: (listener: (error: Error) => void) => void;
  /** PostgreSQL: the connection pool's use now (GET /metrics). */
  poolStats?: () => { max: number; total: number; idle: number; waiting: number };
  /** PGlite on disk: the free space of the data directory's file system, in bytes. */
  freeBytes?: (() => Promise<number>) | undefined;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export { maintainPglite, PGLITE_MAINTENANCE_MS, pgliteExtensions } from './pglite.ts';

export type DatabaseOptions = (
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** The server passes its configured timeouts; without them only connecting is limited (db/postgres.ts). */
      timeouts?: Partial<DatabaseTimeouts>;
    }
  | { kind: 'pglite'; dataDir: string }
  /** An in-memory PGlite started from a dumped data directory (tests load one migrated template). */
  | { kind: 'pglite-dump'; dump: Blob }
) & {
  /** Told every statement the app runs (not the migrations'): the tests' SQL recorder. */
  logger?: Logger;
};

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
    const db = drizzleNodePostgres(pool, { schema, ...(options.logger ? { logger: options.logger } : {}) });
    return {
      db,
      kind: 'postgres',
      description: `PostgreSQL at ${redactUrl(options.url)}`,
      onConnectionError,
      poolStats: () => ({
        max: pool.options.max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  const pglite = await openPglite(
    options.kind === 'pglite' ? { dataDir: options.dataDir } : { dump: options.dump },
    migrationsFolder,
    options.logger,
  );
  return { ...pglite, kind: 'pglite' };
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
