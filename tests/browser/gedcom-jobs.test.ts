import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
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
