import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * Starts Anor: opens (and migrates) the database, serves the API and the web app, and closes
 * everything cleanly on SIGTERM or SIGINT.
 */
async function main() {
  const config = readConfig();
  if (!config.authSecret) config.authSecret = await loadOrCreateSecret(config.dataDir);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, timeouts: config.databaseTimeouts })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      app.log.info('database closed; bye');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
