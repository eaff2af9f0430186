/**
 * Browser-test harness: the real server (built web app, file-backed PGlite in a temporary
 * DATA_DIR, e-mail to its outbox) on a free local port, and Debian's Chromium through
 * playwright-core.
 *
 * Outbox format: one `<time-ordered id>.json` file per e-mail in `outboxDir`, holding
 * `{ id, from, to, subject, text, replyTo?, links?: { resetPassword?: string }, createdAt }`.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { buildApp } from '../../packages/server/src/app.ts';
import { readConfig } from '../../packages/server/src/config.ts';
import { type Database, openDatabase } from '../../packages/server/src/db/client.ts';
import { subscription } from '../../packages/server/src/db/schema.ts';
import { type MailMessage, readOutbox } from '../../packages/server/src/mail/mailer.ts';
import { freePort } from '../../packages/server/test/support/free-port.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDistDir = path.join(repoRoot, 'packages/web/dist');

/** Screenshots land here (kept after the run, ignored by git). */
export const screenshotDir = path.join(repoRoot, 'test-results/screenshots');

export function chromiumPath(): string | null {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : null;
}

/**
 * Whether browser tests can run here. Outside CI a missing Chromium is a notice and a skip;
 * with CI=true it is a failure, so a CI machine cannot pass without running them.
 */
export function browserAvailable(): boolean {
  if (chromiumPath()) return true;
  const message = `Chromium not found at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'} (set CHROMIUM_PATH or run: apt-get install -y chromium)`;
  if (process.env.CI === 'true') throw new Error(`${message}; browser tests cannot be skipped in CI`);
  console.warn(`NOTICE: ${message}. Browser tests are skipped.`);
  return false;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is not installed');
  // playwright gives each launch a fresh temporary profile; it refuses an explicit --user-data-dir here.
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface AppServer {
  url: string;
  outboxDir: string;
  /** The server's database, for arranging what the API cannot (a paid subscription, say). */
  database: Database;
  /** The outbox's e-mails, oldest first. */
  readOutbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export type OutboxMail = MailMessage;

export async function startAppServer(): Promise<AppServer> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does it).');
  }
  await mkdir(screenshotDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anor-browser-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const config = {
    ...readConfig({}),
    port,
    host: '127.0.0.1',
    publicUrl: url,
    dataDir,
    authSecret: 'browser-test-secret-that-is-long-enough',
    webDistDir,
    logLevel: 'warn',
    payment: { number: '123 456 78 90', recipient: 'Anor Test AB' },
  };
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    url,
    outboxDir,
    database,
    readOutbox: () => readOutbox(outboxDir),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiUser {
  userId: string;
  /** The session cookie, ready for `context.addCookies([{ ...cookie, url }])`. */
  cookie: { name: string; value: string };
  /** A signed-in JSON call to `/api/{apiPath}`; throws on any error answer. */
  send<T>(method: string, apiPath: string, body: unknown): Promise<T>;
}

/**
 * Registers a user through the API (fast set-up for tests that are not about registering), with a
 * paid plan when asked (the free tier stops at 20 persons).
 */
export async function registerApiUser(
  server: AppServer,
  options: { fName: string; password: string; paid?: boolean },
): Promise<ApiUser> {
  const headers = { Origin: server.url, 'Content-Type': 'application/json', 'Accept-Language': 'sv' };
  const email = `${options.fName.toLowerCase()}.${Date.now()}@example.com`;
  const registered = await fetch(`${server.url}/api/user`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fName: options.fName, email, password: options.password }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const user = (await registered.json()) as { id: string };
  if (options.paid) {
    await server.database.db
      .insert(subscription)
      .values({ userId: user.id, plan: 'yearly', validUntil: new Date(Date.now() + 86_400_000) });
  }
  const setCookie = registered.headers.getSetCookie().find((header) => header.includes('session_token='));
  const [name, ...value] = setCookie?.split(';')[0]?.split('=') ?? [];
  if (!name) throw new Error('No session cookie after registering');
  const cookie = { name, value: value.join('=') };
  const authed = { ...headers, Cookie: `${cookie.name}=${cookie.value}` };
  return {
    userId: user.id,
    cookie,
    async send<T>(method: string, apiPath: string, body: unknown): Promise<T> {
      const response = await fetch(`${server.url}/api/${apiPath}`, {
        method,
        headers: authed,
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
