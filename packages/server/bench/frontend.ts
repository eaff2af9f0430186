/**
 * `npm run bench` (PostgreSQL only, and Chromium): the front end as a browser meets it. The built web
 * app (WEB_DIST_DIR, or a fresh build into a temporary folder) is served by the real server on a
 * fresh PostgreSQL database (created and dropped here, as in run.ts) holding a generated tree of
 * 100,000 nodes (persons and places; BENCH_FRONTEND_NODES makes it smaller), whose measured persons
 * get their life events. Headless Chromium then
 * - opens the landing page signed out, and sums the gzipped size of every script it loads;
 * - signed in as the tree's owner, opens a person page BENCH_FRONTEND_RUNS times (default 5), each in
 *   a fresh profile (cold: empty cache) and then once more in the same one (warm: scripts cached),
 *   and takes the time from the start of the navigation until the person's name and events are shown
 *   (read in the page, by a mutation observer, so no polling adds to it).
 * Prints the scripts of both pages, the medians, and a verdict against issue 9's budget of 250 KB of
 * gzipped JavaScript for the first page. A missed budget is reported, not fatal: the exit code is
 * non-zero only when the benchmark itself fails.
 */

import { randomBytes } from 'node:crypto';
import { createEventBodySchema } from '@anor/core';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { asViewer } from '../src/http/session.ts';
import { type SeededTree, seedTree } from '../src/seed/seed-tree.ts';
import { freePort } from '../test/support/free-port.ts';
import { admin, benchConfig, webDist, withTempDir } from './support.ts';
import {
  chromiumPath,
  firstPageBudgetBytes,
  kb,
  launchChromium,
  recordScripts,
  type ScriptWeight,
  totalGzip,
} from './web-weight.ts';

const runs = Number(process.env.BENCH_FRONTEND_RUNS ?? 5);
/** The measured persons' life events count as nodes too: room for them under the ceiling. */
const eventRoom = 10;
const seededNodes = Math.min(Number(process.env.BENCH_FRONTEND_NODES ?? 100_000), 100_000) - eventRoom;

interface Visit {
  millis: number;
  scripts: ScriptWeight[];
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\n(Front-end bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to run it on PostgreSQL.)');
    return;
  }
  if (!chromiumPath()) {
    console.log('\n(Front-end bench skipped: no Chromium at /usr/bin/chromium; set CHROMIUM_PATH.)');
    return;
  }
  const name = `anor_frontend_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await withTempDir(async (dir) => bench(url.toString(), dir, webDist(dir)));
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
}

async function bench(databaseUrl: string, dataDir: string, webDistDir: string) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    config: benchConfig(dataDir, { webDistDir, port, host: '127.0.0.1', publicUrl: origin }),
    database,
    logger: false,
  });
  let browser: Browser | undefined;
  try {
    console.log(`\nFront end on ${database.description}, headless Chromium`);
    const started = performance.now();
    const seeded = await seedTree(app.anor, {
      nodes: seededNodes,
      email: `frontend-${Date.now()}@example.com`,
      password: 'benchmark password',
      treeName: 'Front-end tree',
    });
    const person = await withLifeEvents(app.anor, seeded);
    console.log(`(seeded ${seededNodes} nodes and ${person.events} events in ${elapsed(started)} s)`);
    await app.listen({ host: '127.0.0.1', port });
    browser = await launchChromium();

    const landing = await visitLanding(browser, origin);
    const personUrl = `${origin}/app/${seeded.treeId}/person/${person.id}`;
    const cookies = seeded.cookie.split('; ').map((pair) => {
      const [cookieName = '', ...value] = pair.split('=');
      return { name: cookieName, value: value.join('='), url: origin };
    });
    const cold: Visit[] = [];
    const warm: Visit[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'sv-SE' });
      try {
        await context.addInitScript(`localStorage.setItem('anor.cookieConsent', 'necessary')`);
        await context.addCookies(cookies);
        cold.push(await visitPerson(context, personUrl, person.name));
        warm.push(await visitPerson(context, personUrl, person.name));
      } finally {
        await context.close();
      }
    }
    report(landing, cold, warm);
  } finally {
    await browser?.close();
    await app.close();
    await database.close();
  }
}

/** A person of the middle generation, given a birth, a residence and a death, as a person page shows them. */
async function withLifeEvents(ctx: AppContext, seeded: SeededTree) {
  const middle = seeded.family.generations[Math.floor(seeded.family.generations.length / 2)] ?? [];
  const key = middle[Math.floor(middle.length / 2)] ?? '';
  const id = seeded.ids.get(key);
  if (!id) throw new Error('The seeded family has no middle generation');
  const viewer = asViewer({ id: seeded.userId, name: 'Seed', email: '' });
  const person = await ctx.persons.get(seeded.treeId, viewer, id);
  const events = [
    { type: 'birth', startDate: '1850-03-12', location: 'Västra Fors, Sunne, Värmland' },
    { type: 'residence', startDate: '1875', location: 'Sunne, Värmland' },
    { type: 'death', startDate: '1921-11-02', location: 'Sunne, Värmland' },
  ];
  for (const event of events) {
    const body = createEventBodySchema.parse({ ...event, participants: [{ personId: id, role: 'primary' }] });
    await ctx.events.create(seeded.treeId, viewer, body);
  }
  return { id, name: [person.fName, person.lName].filter(Boolean).join(' '), events: events.length };
}

async function visitLanding(browser: Browser, origin: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'sv-SE' });
  try {
    const page = await context.newPage();
    const recorder = recordScripts(page);
    await page.goto(`${origin}/`);
    await page.getByTestId('landing-try-free').waitFor();
    await page.waitForLoadState('networkidle');
    await recorder.settled();
    const millis = await page.evaluate(() => performance.now());
    return { millis, scripts: recorder.scripts };
  } finally {
    await context.close();
  }
}

/**
 * Page script (as text: this package has no DOM types) that notes in `window.contentShownAt` the
 * moment, since the start of the navigation, when the person's name and an event row are in the page.
 */
function contentShownScript(personName: string): string {
  return `(() => {
    const name = ${JSON.stringify(personName)};
    const isShown = () =>
      document.querySelector('[data-testid="person-name"]')?.textContent?.includes(name) &&
      document.querySelector('[data-testid="person-event"]') !== null;
    const observer = new MutationObserver(() => {
      if (!isShown()) return;
      observer.disconnect();
      // The frame that paints it.
      requestAnimationFrame(() => {
        window.contentShownAt = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

/**
 * Opens the person page and answers the milliseconds from the start of the navigation until the
 * person's name and at least one event row are in the page, with the scripts it loaded.
 */
async function visitPerson(context: BrowserContext, url: string, personName: string): Promise<Visit> {
  const page = await context.newPage();
  try {
    await page.addInitScript(contentShownScript(personName));
    const recorder = recordScripts(page);
    await page.goto(url);
    const shownAt = await page.waitForFunction(
      () => (globalThis as { contentShownAt?: number }).contentShownAt,
      undefined,
      { timeout: 60_000 },
    );
    const millis = Number(await shownAt.jsonValue());
    await page.waitForLoadState('networkidle');
    await recorder.settled();
    return { millis, scripts: recorder.scripts };
  } finally {
    await page.close();
  }
}

function report(landing: Visit, cold: Visit[], warm: Visit[]) {
  const landingTotal = totalGzip(landing.scripts);
  const personTotal = totalGzip(cold[0]?.scripts ?? []);
  console.log('');
  printScripts('first page (/), signed out', landing.scripts);
  printScripts('person page, signed in, cold cache', cold[0]?.scripts ?? []);
  console.log('');
  const coldMillis = cold.map((visit) => visit.millis);
  const warmMillis = warm.map((visit) => visit.millis);
  console.log(`${'person page until name and events are shown'.padEnd(48)}${'median'.padStart(10)}   runs`);
  console.log(
    `${'  cold (empty cache)'.padEnd(48)}${ms(median(coldMillis)).padStart(10)}   ${coldMillis.map(ms).join(', ')}`,
  );
  console.log(
    `${'  warm (second visit)'.padEnd(48)}${ms(median(warmMillis)).padStart(10)}   ${warmMillis.map(ms).join(', ')}`,
  );
  console.log('');
  console.log(`JavaScript, gzipped: first page ${kb(landingTotal)}, person page ${kb(personTotal)}`);
  console.log(
    landingTotal <= firstPageBudgetBytes
      ? `verdict: PASS (first page ${kb(landingTotal)} of JavaScript gzipped ≤ ${kb(firstPageBudgetBytes)})`
      : `verdict: MISSED (first page ${kb(landingTotal)} of JavaScript gzipped > ${kb(firstPageBudgetBytes)})`,
  );
}

function printScripts(title: string, scripts: ScriptWeight[]) {
  console.log(`${title}: ${scripts.length} scripts, ${kb(totalGzip(scripts))} gzipped`);
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(script.gzip).padStart(9)}  ${script.path}`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const elapsed = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
