/** PostgreSQL's unique_violation (23505), from pg or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === 'object' && current !== null && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && current !== null && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * PostgreSQL error codes meaning the database is away or refused to wait: connection exceptions
 * (class 08), the server shutting down or starting (57P01-57P03), too many connections (53300),
 * a statement or a transaction that ran past its timeout (57014, 25P03).
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** Errors of the socket under a connection. */
const unavailableSystemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // db/postgres.ts: the client's guard gave up on a connection that stopped answering.
  'ANOR_DB_NO_ANSWER',
  // db/pglite.ts: the embedded database stopped after a PANIC (the server is exiting).
  'ANOR_PGLITE_STOPPED',
]);

/** What node-postgres says, without a code, of a connection it lost or could not open in time. */
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
];

/**
 * The database could not be reached or did not answer in time (lost connection, server stopped,
 * timeout): the request may succeed when tried again, and is answered 503 `common.error.unavailable`.
 * Looks through Drizzle's (and better-auth's) wrapping causes.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string') {
      if (unavailableSqlStates.has(code) || code.startsWith('08') || unavailableSystemCodes.has(code)) return true;
    }
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && unavailableMessages.some((known) => message.startsWith(known))) return true;
    // Connecting to several addresses (localhost: ::1 and 127.0.0.1) fails with all their errors.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * The disk under the database (or DATA_DIR) is full: PostgreSQL's disk_full (53100, from pg or
 * PGlite, also when PGlite stopped after one: db/pglite.ts), or a file write's ENOSPC or EDQUOT.
 * Answered 507 `common.error.storageFull`.
 */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const code = 'code' in current ? current.code : undefined;
    if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
