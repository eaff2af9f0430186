import pg from 'pg';
import { type DatabaseTimeouts, jobStatementTimeout } from './timeouts.ts';

/** Extra time the client waits for an answer after the server's own statement timeout should have fired. */
export const GUARD_GRACE_MS = 2_000;

/** Idle time before the kernel starts probing a connection (then every second, ten times: libuv's defaults). */
export const KEEPALIVE_DELAY_MS = 10_000;

/** The code of the error a query fails with when the client's guard gave up on a silent connection. */
export const GUARD_TIMEOUT_CODE = 'ANOR_DB_NO_ANSWER';

export interface PostgresPoolOptions {
  url: string;
  poolSize: number;
  /** Unset: 5 s to connect and no statement or idle-in-transaction limit (the admin command, seeding, tests). */
  timeouts?: Partial<DatabaseTimeouts>;
}

export interface PostgresPool {
  pool: pg.Pool;
  /** Where a lost idle connection is reported (the app's log once it exists; one line on stderr before). */
  onConnectionError(report: (error: Error) => void): void;
}

/**
 * The pool of a PostgreSQL server that may go away: a connection lost while idle in the pool is
 * reported and dropped (the pool opens a new one when it is next needed) instead of killing the
 * process with an unhandled `'error'`; one lost while a request holds it fails that request's
 * queries (answered 503 by http/errors.ts). Connecting has a time limit, and every statement has
 * one on the server (`statement_timeout`) and one in the client (the guard below), so that a
 * request fails within about the timeout even when the network drops packets silently; TCP
 * keepalive notices a dead idle connection.
 */
export function createPostgresPool({ url, poolSize, timeouts = {} }: PostgresPoolOptions): PostgresPool {
  const statementMs = timeouts.statementMs ?? 0;
  const idleInTransactionMs = timeouts.idleInTransactionMs ?? 0;
  const config: pg.PoolConfig & { guardStatementMs: number } = {
    connectionString: url,
    max: poolSize,
    // pg-pool passes the pool's options, guardStatementMs among them, to each new client.
    Client: GuardedClient as unknown as NonNullable<pg.PoolConfig['Client']>,
    connectionTimeoutMillis: timeouts.connectMs ?? 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    guardStatementMs: statementMs,
  };
  // Sent with the connection's start-up message: no extra round trip. 0 (no limit) is the server's default.
  if (statementMs > 0) config.statement_timeout = statementMs;
  if (idleInTransactionMs > 0) config.idle_in_transaction_session_timeout = idleInTransactionMs;
  const pool = new pg.Pool(config);
  let report = (error: Error) => {
    console.warn(`Lost a database connection (${describeError(error)}); a new one is opened when needed.`);
  };
  pool.on('error', (error) => report(error));
  return {
    pool,
    onConnectionError(next) {
      report = next;
    },
  };
}

function describeError(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}

type Callback = (error: Error | null, result?: unknown) => void;
type QueryFunction = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * A pg client with an 'error' listener of its own, so that a connection lost while the client is
 * checked out (inside a transaction, between two statements) fails its next query instead of the
 * process, and a guard on every query: when no answer came within the statement timeout and a
 * grace, the connection is destroyed, which fails the query (and the rest of its transaction)
 * at once and keeps the dead connection out of the pool. The server's statement_timeout cancels
 * a slow query long before; the guard is for a network that went silent.
 */
class GuardedClient extends pg.Client {
  private readonly guardStatementMs: number;

  constructor(config: pg.ClientConfig & { guardStatementMs?: number }) {
    super(config);
    this.guardStatementMs = config.guardStatementMs ?? 0;
    // The query that was running (if any) has already failed with this error; the pool reports
    // idle clients through its own listener, and drops a released client that is no longer queryable.
    this.on('error', () => undefined);
  }

  /** How long a query may go without an answer in this async context (0: forever). */
  guardMs(): number {
    const statementMs = jobStatementTimeout() ?? this.guardStatementMs;
    return statementMs > 0 ? statementMs + GUARD_GRACE_MS : 0;
  }
}

const baseQuery = pg.Client.prototype.query as unknown as QueryFunction;

(GuardedClient.prototype as unknown as { query: QueryFunction }).query = function guardedQuery(
  this: pg.Client,
  ...args: unknown[]
) {
  const [config] = args;
  const ms = (this as GuardedClient).guardMs();
  // Streams and cursors (objects with submit) keep their own pace; nothing here uses them.
  if (ms === 0 || config === null || (typeof config === 'object' && 'submit' in config)) {
    return baseQuery.apply(this, args);
  }
  const timer = setTimeout(() => {
    const error = Object.assign(new Error(`No answer from the database within ${ms} ms`), {
      code: GUARD_TIMEOUT_CODE,
    });
    (this as unknown as { connection: { stream: { destroy(error: Error): void } } }).connection.stream.destroy(error);
  }, ms);
  timer.unref();
  const last = args.length - 1;
  const callback = args[last];
  if (last > 0 && typeof callback === 'function') {
    args[last] = (error: Error | null, result?: unknown) => {
      clearTimeout(timer);
      (callback as Callback)(error, result);
    };
    return baseQuery.apply(this, args);
  }
  const answer = baseQuery.apply(this, args) as Promise<unknown>;
  answer.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  return answer;
};
