import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * How long PostgreSQL may take: to connect, per statement, and idle inside an open transaction
 * (config.ts reads them from DATABASE_*_TIMEOUT_MS). 0 means no limit.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  /** Per statement in a long job's transaction (a GEDCOM import or export): see inJobTransaction. */
  jobStatementMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
  jobStatementMs: 10 * 60_000,
};

/** The statement timeout of the job running in this async context, when it set one (the pg client's guard reads it). */
const jobScope = new AsyncLocalStorage<{ statementMs: number }>();

export function jobStatementTimeout(): number | undefined {
  return jobScope.getStore()?.statementMs;
}

/**
 * A long job's transaction (a GEDCOM import or export): its statements may take up to
 * `statementMs` each instead of the ordinary statement timeout (`SET LOCAL`, so the connection
 * goes back to the pool with its usual limit), and the client's own guard against a silent
 * network waits as long. On PGlite the setting is harmless.
 */
export function inJobTransaction<T>(
  db: Db,
  statementMs: number,
  work: (tx: Db) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  const ms = Math.max(0, Math.floor(statementMs));
  return jobScope.run({ statementMs: ms }, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
      return work(tx);
    }, config),
  );
}
