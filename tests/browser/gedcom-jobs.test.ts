import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { person, tree } from '../../packages/server/src/db/schema.ts';
import { generatedGedcom } from '../../packages/server/test/support/generated-gedcom.ts';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { GedcomImportPage } from './pages/gedcom-import-page.ts';
import { TreesPage } from './pages/trees-page.ts';

/** A small UTF-8 file with Swedish letters: three persons, one family. */
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/slakten-astrom.ged');

/**
 * GEDCOM imports as jobs (issue 20): the import runs on the server and stops with a preview before
 * it writes anything; it can be cancelled (nothing is kept), and the page can be left and the
 * import found again on the trees page, its phase shown, and finished from there.
 */
describe.skipIf(!browserAvailable())('GEDCOM import as a job in the browser', () => {
  const session = useBrowserSession({ name: 'gedcom-jobs', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let importPage: GedcomImportPage;
  let trees: TreesPage;
  let user: ApiUser;
  const ownTrees = () => user.send<{ id: string; name: string }[]>('GET', `user/${user.userId}/tree`, undefined);

  beforeAll(async () => {
    user = await registerApiUser(session.server, { fName: 'Jobbe', password: 'jobb-och-anor-1' });
    await session.signIn(user.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    importPage = new GedcomImportPage(page);
    trees = new TreesPage(page);
  });

  async function startImport(treeName: string): Promise<void> {
    await shell.goto('/trees/import');
    await importPage.waitUntilShown();
    await importPage.chooseFile(fixture);
    await importPage.treeName.fill(treeName);
    await importPage.submit();
    await importPage.preview.waitFor({ timeout: 60_000 });
  }

  it('cancels an import that waits with its preview, keeping nothing', async () => {
    await startImport('Avbruten import');
    expect(await importPage.previewCount('persons')).toBe('3');
    expect(await importPage.previewCount('families')).toBe('1');
    await page.getByTestId('gedcom-job-progress-phase').getByText(sv('job.phase.waiting'), { exact: false }).waitFor();
    await importPage.cancelJob();
    await page.getByTestId('gedcom-import-cancelled').getByText(sv('gedcom.import.cancelled')).waitFor();
    await importPage.job.and(page.locator('[data-state="cancelled"]')).waitFor();
    expect(await ownTrees()).toEqual([]);
    // The trees page shows no import in progress.
    await shell.goto('/trees');
    await trees.waitUntilShown();
    await page.getByTestId('trees-empty').waitFor();
    expect(await page.getByTestId('running-imports').count()).toBe(0);
  });

  it('leaves an import, finds it again on the trees page with its phase, and finishes it', async () => {
    await startImport('Återupptagen');
    const address = new URL(page.url());
    expect(address.searchParams.get('job')).toMatch(/^[0-9a-f-]{36}$/);
    // Leave the page: the import goes on waiting on the server.
    await page.getByTestId('gedcom-back').click();
    await shell.waitForPath('/trees');
    await trees.waitUntilShown();
    const running = page.getByTestId('running-import');
    await running.getByText(sv('job.title', { name: 'Återupptagen' })).waitFor();
    await running
      .getByTestId('running-import-progress-phase')
      .getByText(sv('job.phase.waiting'), { exact: false })
      .waitFor();
    expect(await ownTrees()).toEqual([]);
    await session.screenshot('gedcom-job-running.png');

    // Back to it: the same job, still with its preview; confirmed, it writes the tree.
    await running.getByTestId('running-import-show').click();
    await shell.waitForPath('/trees/import');
    expect(new URL(page.url()).searchParams.get('job')).toBe(address.searchParams.get('job'));
    expect(await importPage.previewCount('persons')).toBe('3');
    await importPage.confirmPreview();
    await importPage.waitForReport();
    await page
      .getByTestId('gedcom-report-title')
      .getByText(sv('gedcom.report.title', { name: 'Återupptagen' }))
      .waitFor();
    expect((await ownTrees()).map((tree) => tree.name)).toEqual(['Återupptagen']);

    // The trees page lists the tree and no import in progress any more.
    await shell.goto('/trees');
    await trees.waitUntilShown();
    await trees.card('Återupptagen').waitFor();
    expect(await page.getByTestId('running-imports').count()).toBe(0);
    expect(session.pageErrors).toEqual([]);
  });
});

/**
 * A large import (20,000 persons, some 4.6 MB) written as a job: its writing is followed with a
 * moving percentage on the import page and on the trees page, the tree shows only when it is done,
 * and a cancel during the writing keeps nothing of what it had committed (issue 20).
 */
describe.skipIf(!browserAvailable())('A large GEDCOM import written as a job in the browser', () => {
  const session = useBrowserSession({ name: 'gedcom-jobs-writing', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let importPage: GedcomImportPage;
  let trees: TreesPage;
  let user: ApiUser;
  const ownTrees = () => user.send<{ id: string; name: string }[]>('GET', `user/${user.userId}/tree`, undefined);
  const largeFile = (surname: string) => ({
    name: `${surname}.ged`,
    mimeType: 'text/plain',
    buffer: Buffer.from(generatedGedcom(20_000, { surname })),
  });
  /** The user's trees and persons in the database, shown or not. */
  async function storedRows(): Promise<{ trees: number; persons: number }> {
    const db = session.server.database.db;
    const ownTreeRows = await db.select({ id: tree.id }).from(tree).where(eq(tree.ownerId, user.userId));
    const ids = ownTreeRows.map((row) => row.id);
    const persons =
      ids.length === 0 ? [] : await db.select({ id: person.id }).from(person).where(inArray(person.treeId, ids));
    return { trees: ids.length, persons: persons.length };
  }
  const progressOf = async (locator: Locator) => Number((await locator.getAttribute('data-progress')) ?? '0');

  beforeAll(async () => {
    user = await registerApiUser(session.server, { fName: 'Storjobbe', password: 'jobb-och-anor-2', paid: true });
    await session.signIn(user.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    importPage = new GedcomImportPage(page);
    trees = new TreesPage(page);
  });

  /** Uploads the file, confirms its preview, and waits until the job writes. */
  async function startWriting(treeName: string, surname: string): Promise<Locator> {
    await shell.goto('/trees/import');
    await importPage.waitUntilShown();
    await importPage.chooseFile(largeFile(surname));
    await importPage.treeName.fill(treeName);
    await importPage.submit();
    await importPage.confirmPreview();
    const writing = page.locator('[data-testid="gedcom-job-progress"][data-phase="writing"]');
    await writing.waitFor({ timeout: 180_000 });
    return writing;
  }

  it('leaves an import while it writes, follows its percentage on the trees page, and comes back to its report', async () => {
    const writing = await startWriting('Stor import', 'Storsson');
    // The percentage moves on the import page while the tree is written (not nothing, then all).
    const first = await progressOf(writing);
    await expect.poll(() => progressOf(writing), { timeout: 240_000 }).toBeGreaterThan(first);

    // Leave the page: the import goes on on the server, its tree not listed yet.
    await page.getByTestId('gedcom-back').click();
    await shell.waitForPath('/trees');
    await trees.waitUntilShown();
    const running = page.getByTestId('running-import');
    await running.getByText(sv('job.title', { name: 'Stor import' })).waitFor();
    const onTrees = running.locator('[data-testid="running-import-progress"][data-phase="writing"]');
    await onTrees.waitFor();
    expect((await ownTrees()).map((each) => each.name)).not.toContain('Stor import');
    const seen = await progressOf(onTrees);
    await expect.poll(() => progressOf(onTrees), { timeout: 240_000 }).toBeGreaterThan(seen);
    await session.screenshot('gedcom-job-writing.png');

    // Back to it: the same job, followed to its report.
    await running.getByTestId('running-import-show').click();
    await shell.waitForPath('/trees/import');
    await importPage.report.waitFor({ timeout: 300_000 });
    await page
      .getByTestId('gedcom-report-title')
      .getByText(sv('gedcom.report.title', { name: 'Stor import' }))
      .waitFor();
    expect((await ownTrees()).map((each) => each.name)).toEqual(['Stor import']);
    expect(await storedRows()).toEqual({ trees: 1, persons: 20_000 });
    await shell.goto('/trees');
    await trees.waitUntilShown();
    await trees.card('Stor import').waitFor();
    expect(await page.getByTestId('running-imports').count()).toBe(0);
  });

  it('cancels an import while it writes: what it had written is gone', async () => {
    const before = await storedRows();
    const writing = await startWriting('Avbryts', 'Avbrytsson');
    // Into the writing: a first chunk of the hidden tree is committed (up to 4,000 rows on PGlite,
    // 40,000 on PostgreSQL, where the first commit comes later in the percentage), more to come.
    await expect.poll(() => progressOf(writing), { timeout: 240_000 }).toBeGreaterThan(45);
    await expect
      .poll(async () => (await storedRows()).persons, { timeout: 240_000, interval: 100 })
      .toBeGreaterThan(before.persons);
    await importPage.cancelJob();
    await page.getByTestId('gedcom-import-cancelled').getByText(sv('gedcom.import.cancelled')).waitFor();
    await importPage.job.and(page.locator('[data-state="cancelled"]')).waitFor();
    expect(await storedRows()).toEqual(before);
    expect((await ownTrees()).map((each) => each.name)).toEqual(['Stor import']);
    await shell.goto('/trees');
    await trees.waitUntilShown();
    await trees.card('Stor import').waitFor();
    expect(await page.getByTestId('running-imports').count()).toBe(0);
    expect(session.pageErrors).toEqual([]);
  });
});
