/**
 * Browser-test harness: the real server (built web app; a copy of the run's migrated template
 * database, PGlite or with TEST_DB=postgres PostgreSQL; e-mail to its outbox in a temporary
 * DATA_DIR) on a free local port, and Debian's Chromium through playwright-core.
 *
 * Outbox format: one `<time-ordered id>.json` file per e-mail in `outboxDir`, holding
 * `{ id, from, to, subject, text, replyTo?, links?: { resetPassword?: string }, createdAt }`.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translate } from '@anor/core/i18n';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromiumPath, launchChromium } from '../../packages/server/bench/web-weight.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import { readConfig } from '../../packages/server/src/config.ts';
import type { Database } from '../../packages/server/src/db/client.ts';
import { subscription } from '../../packages/server/src/db/schema.ts';
import { type MailMessage, readOutbox } from '../../packages/server/src/mail/mailer.ts';
import { freePort } from '../../packages/server/test/support/free-port.ts';
import { openTestDatabase } from '../../packages/server/test/support/test-app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The built web app the server serves: `packages/web/dist`, or the build named by WEB_DIST_DIR (as
 * for the server), e.g. a private one that a build running in parallel cannot replace mid-run.
 */
const webDistDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(repoRoot, 'packages/web/dist');

/** Screenshots land here (kept after the run, ignored by git). */
export const screenshotDir = path.join(repoRoot, 'test-results/screenshots');

/**
 * Whether `screenshot()` saves its picture: yes unless SCREENSHOTS=0, which `npm test` sets when it
 * is not set already (a 1280×900 capture costs Chromium about a second of processor time, and the
 * browser tests take a hundred of them that a CI run throws away). The page is settled either way,
 * so a test runs the same with and without them; a failed test's screenshot is always saved.
 */
const capturesScreenshots = process.env.SCREENSHOTS !== '0';

/** The two widths the tests and their screenshots use: a desktop and a phone. */
export const desktop: ViewportSize = { width: 1280, height: 900 };
export const phone: ViewportSize = { width: 375, height: 812 };

/** A text of the Swedish dictionary, as the browser (locale sv-SE) shows it. */
export const sv = (key: string, values?: Record<string, string | number>) => translate('sv', key, values);

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

export const launchBrowser = launchChromium;

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
  // A copy of the template the project's global set-up migrated once, not migrated again for every
  // file: PGlite, or a PostgreSQL database with TEST_DB=postgres (as the integration tests).
  const database = await openTestDatabase();
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
  /** The address registered with (unique per call). */
  email: string;
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
    email,
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

/**
 * Waits until the page's transitions and animations have ended (a dialog's fade-in, a closed
 * notification's fade-out), however long a loaded machine takes: two frames for a transition that
 * is about to start, then every running animation with an end (not a spinner's endless one).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export interface BrowserSessionOptions {
  /** Names the screenshot taken when a test fails: `debug-{name}-{test}.png`. */
  name: string;
  /** The page's size at the start; `desktop` when not given. */
  viewport?: ViewportSize;
  /** The browser's language; Swedish (`sv-SE`) when not given. */
  locale?: string;
  reducedMotion?: 'reduce' | 'no-preference';
  /**
   * Playwright's time limit for each action and wait of the pages: at least its own 30 s (a lower
   * value is raised to it, since a machine loaded by other work needs it), more when given.
   */
  timeout?: number;
  /**
   * Whether the cookie choice is made before the first page ("only necessary"), so the banner stays
   * away; true when not given. A test of the banner itself passes false.
   */
  cookieConsent?: boolean;
}

export interface BrowserSession {
  readonly server: AppServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** The first tab. */
  readonly page: Page;
  /**
   * What went wrong in the session's pages during the current test: uncaught errors, console errors,
   * and 4xx/5xx answers to the app's own `/api/` calls that the test did not announce with
   * `expectHttpError`. Every test fails when it ends with any (checked after each test, then cleared).
   */
  readonly pageErrors: string[];
  /**
   * Announces an error answer the current test provokes on purpose (a refused save, a visitor's 404):
   * answers with this status to an `/api/` address matching `url` are not errors until the test ends.
   */
  expectHttpError(status: number, url: RegExp): void;
  /** Signs the browser in with a session cookie (from `registerApiUser`), before the first navigation. */
  signIn(cookie: { name: string; value: string }): Promise<void>;
  /**
   * Signs the browser out: the tab leaves the app first, so that no late request of the page it was
   * on goes out without its user (or, after the next `signIn`, as somebody else) and answers 401/404.
   */
  signOut(): Promise<void>;
  /** Another tab of the same browser (same user), its errors collected with the first tab's. */
  newPage(): Promise<Page>;
  /** A screenshot into `screenshotDir` once the page has settled: no notifications, no focus ring, fades done. */
  screenshot(name: string, options?: { fullPage?: boolean; page?: Page }): Promise<void>;
}

/**
 * The set-up of a browser test file, registered as the suite's hooks: before all, the server and a
 * browser with one tab (cookie consent given, so the banner stays away); after a failed test, a
 * screenshot and the page's address and errors; after all, everything closed again. Call it at the
 * top of a `describe`; the getters work from the file's own `beforeAll` on, which runs after this
 * one and is the place to arrange data through the API and `signIn`.
 */
export function useBrowserSession(options: BrowserSessionOptions): BrowserSession {
  const { name, viewport = desktop, locale = 'sv-SE', reducedMotion, timeout, cookieConsent = true } = options;
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  const expectedHttpErrors: { status: number; url: RegExp }[] = [];

  function ready<T>(value: T | undefined, what: string): T {
    if (value === undefined)
      throw new Error(`The browser session's ${what} is not started yet (use it in a hook or test)`);
    return value;
  }

  async function newPage(): Promise<Page> {
    const tab = await ready(context, 'context').newPage();
    // Never below Playwright's own 30 s: a page on a machine loaded by other work takes that long.
    tab.setDefaultTimeout(Math.max(timeout ?? 30_000, 30_000));
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    // Any console error is a failure, among them whatever the Content-Security-Policy blocked (an
    // inline script or style, a foreign image or request): the app must work under its own policy
    // (docs/security.md). Chromium's own "Failed to load resource" line for an error answer is left
    // to the response check below, which knows which answers the test expected.
    tab.on('console', (message) => {
      if (message.type() === 'error' && !/^Failed to load resource/.test(message.text()))
        pageErrors.push(`console: ${message.text()}`);
    });
    tab.on('response', (response) => {
      const status = response.status();
      if (status < 400) return;
      const address = response.url();
      const own = server !== undefined && address.startsWith(`${server.url}/api/`);
      if (!own) return;
      if (expectedHttpErrors.some((expected) => expected.status === status && expected.url.test(address))) return;
      pageErrors.push(`${response.request().method()} ${address.slice(server?.url.length ?? 0)} answered ${status}`);
    });
    return tab;
  }

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport, locale, ...(reducedMotion ? { reducedMotion } : {}) });
    if (cookieConsent)
      await context.addInitScript(() => {
        // about:blank (where signOut parks the tab) has no storage of its own.
        if (location.protocol.startsWith('http')) localStorage.setItem('anor.cookieConsent', 'necessary');
      });
    page = await newPage();
  });

  afterEach(async (test) => {
    const errors = pageErrors.splice(0);
    expectedHttpErrors.splice(0);
    if (test.task.result?.state === 'fail' && page) {
      await page.screenshot({ path: path.join(screenshotDir, `debug-${name}-${test.task.name.slice(0, 24)}.png`) });
      console.log('URL', page.url(), errors);
      return;
    }
    if (errors.length > 0) throw new Error(`The pages had errors during the test:\n${errors.join('\n')}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get context() {
      return ready(context, 'context');
    },
    get page() {
      return ready(page, 'page');
    },
    pageErrors,
    expectHttpError(status, url) {
      expectedHttpErrors.push({ status, url });
    },
    async signIn(cookie) {
      await ready(context, 'context').addCookies([{ ...cookie, url: ready(server, 'server').url }]);
    },
    async signOut() {
      for (const open of ready(context, 'context').pages()) await open.goto('about:blank');
      await ready(context, 'context').clearCookies();
    },
    newPage,
    async screenshot(fileName, { fullPage = false, page: target = ready(page, 'page') } = {}) {
      for (const close of await target.locator('.mantine-Notification-closeButton').all()) {
        await close.click().catch(() => undefined);
      }
      await settled(target);
      await target.evaluate(() => {
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      });
      if (capturesScreenshots) await target.screenshot({ path: path.join(screenshotDir, fileName), fullPage });
    },
  };
}
