import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isStorageFull } from './db/errors.ts';

/**
 * After the requests under way were answered (or cut at SHUTDOWN_TIMEOUT_MS), how long stopping the
 * jobs and closing the database may take before the process exits with 1 anyway. Nothing is lost by
 * that: an unfinished write's transaction is rolled back, as after a crash.
 */
const CLOSE_DEADLINE_MS = 5_000;

/**
 * Starts Anor: opens (and migrates) the database, serves the API and the web app, and stops cleanly
 * on SIGTERM or SIGINT: no new requests (the listening socket closes; a request on a connection
 * already open answers 503), the requests under way are answered (cut after SHUTDOWN_TIMEOUT_MS),
 * running jobs are stopped (failed as interrupted, their transactions rolled back), the database
 * closes, and the process exits with 0.
 */
async function main() {
  const config = readConfig();
  if (!config.authSecret) config.authSecret = await loadOrCreateSecret(config.dataDir);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, timeouts: config.databaseTimeouts })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  const app = await buildApp({ config, database });

  let closing = false;
  /** Closes the server (see above) and then the database, and exits with `code`. */
  const shutdown = async (reason: string, code: number) => {
    if (closing) return;
    const requestsMs = config.shutdownTimeoutMs;
    closing = true;
    app.log.info({ reason }, 'shutting down: taking no new requests, finishing those under way');
    // A request that does not finish is cut; a job or a database that does not close must not keep the process.
    const cut = setTimeout(() => {
      app.log.warn(`requests still under way after ${requestsMs} ms; closing their connections`);
      app.server.closeAllConnections();
    }, requestsMs);
    cut.unref();
    setTimeout(() => {
      app.log.error(`did not close within ${requestsMs + CLOSE_DEADLINE_MS} ms; exiting anyway`);
      process.exit(code || 1);
    }, requestsMs + CLOSE_DEADLINE_MS).unref();
    try {
      // Answers the requests under way, then stops the jobs (an onClose hook in app.ts).
      await app.close();
      clearTimeout(cut);
      await database.close();
      app.log.info('database closed; bye');
      process.exit(code);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  const onSignal = (signal: string) => {
    // A second signal while closing: stop now.
    if (closing) process.exit(1);
    void shutdown(signal, 0);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  // The embedded database stopped for good (db/pglite.ts): the requests under way are answered at
  // once, and the process exits with 1 so that a supervisor starts it again (which recovers the data).
  database.onStop?.((error) => {
    const diskFull = isStorageFull(error);
    app.log.fatal(
      `the embedded database stopped (${error.message}); exiting to be restarted${
        diskFull ? ' - free space in DATA_DIR first' : ''
      }`,
    );
    void shutdown('embedded database stopped', 1);
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Anor is running at ${config.publicUrl} (database: ${database.description}; mail: ${app.anor.mailer.describe()})`,
  );
}

/** Without AUTH_SECRET, a random secret is kept in DATA_DIR so that sessions survive restarts. */
async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

main().catch((error: unknown) => {
  console.error('Anor could not start:', error);
  process.exit(1);
});
