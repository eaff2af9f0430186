import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { textLimits } from '@anor/core';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { GedcomImportPage } from './pages/gedcom-import-page.ts';
import { TreesPage } from './pages/trees-page.ts';

/** A small UTF-8 file (CRLF) with Swedish letters: three persons, one family, a date as text, a kept _UID. */
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/slakten-astrom.ged');

/** A file one person over a free account's import limit (20 persons). */
function personsFile(count: number): { name: string; mimeType: string; buffer: Buffer } {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'];
  for (let index = 1; index <= count; index += 1) {
    lines.push(`0 @I${index}@ INDI`, `1 NAME Person${index} /Ödmark/`);
  }
  lines.push('0 TRLR', '');
  return { name: 'for-manga.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(lines.join('\n')) };
}

describe.skipIf(!browserAvailable())('GEDCOM import in the browser', () => {
  const session = useBrowserSession({ name: 'gedcom', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let importPage: GedcomImportPage;
  let trees: TreesPage;

  beforeAll(async () => {
    const user = await registerApiUser(session.server, { fName: 'Asa', password: 'gedcom-och-anor-1' });
    await session.signIn(user.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    importPage = new GedcomImportPage(page);
    trees = new TreesPage(page);
  });

  it('reaches the import page from the tree list', async () => {
    await shell.goto('/trees');
    await trees.waitUntilShown();
    await page.getByTestId('import-gedcom-link').click();
    await shell.waitForPath('/trees/import');
    await importPage.waitUntilShown();
    // A free account is told its limits before choosing a file.
    await page.getByTestId('gedcom-free-limits').waitFor();
  });

  it('asks for a file before importing', async () => {
    await importPage.submit();
    expect(await importPage.fileError()).toBe(sv('gedcom.error.noFile'));
  });

  it('imports a file and reports what was created', async () => {
    await importPage.chooseFile(fixture);
    // The tree's name defaults to the file's name without its extension.
    expect(await importPage.treeName.inputValue()).toBe('slakten-astrom');
    await importPage.treeName.fill('Släkten Åström');
    await importPage.submit();
    // Nothing is written before the preview is confirmed.
    await importPage.confirmPreview();
    await importPage.waitForReport();

    await page
      .getByTestId('gedcom-report-title')
      .getByText(sv('gedcom.report.title', { name: 'Släkten Åström' }))
      .waitFor();
    expect(await importPage.created('persons')).toBe('3');
    expect(await importPage.created('families')).toBe('1');
    expect(Number(await importPage.created('events'))).toBeGreaterThanOrEqual(4);
    expect(Number(await importPage.created('places'))).toBeGreaterThanOrEqual(2);
    expect(await importPage.fileFact('version')).toContain('5.5.1');
    expect(await importPage.fileFact('declared')).toContain('UTF-8');

    // "våren 1920" is not a date Anor can sort: kept as text, and listed with its line.
    const dateAsText = importPage.warning('date-as-text');
    await dateAsText.waitFor();
    await dateAsText.getByText(sv('gedcom.warnings.date-as-text')).click();
    // The DEAT.DATE line is line 16 of the file (the structure's line 15 would do too).
    const lines = [15, 16].map((line) => sv('gedcom.report.warnings.line', { line }));
    await dateAsText
      .getByText(new RegExp(`^(${lines.join('|')})$`))
      .first()
      .waitFor();
    // The _UID has no field in Anor and is kept as GEDCOM.
    await importPage.kept('INDI._UID').waitFor();

    // The root is the file's first person.
    await importPage.rootName.getByText('Åsa Öberg', { exact: true }).waitFor();
    await session.screenshot('gedcom-report.png', { fullPage: true });
  });

  it('chooses another root person and opens the tree there, with Swedish letters intact', async () => {
    await importPage.changeRoot('Märta', 'Märta Åström');
    await importPage.rootName.getByText('Märta Åström', { exact: true }).waitFor();
    await importPage.openTree();
    await page.getByTestId('person-page').waitFor();
    await page.getByTestId('person-name').getByText('Märta Åström').waitFor();
    await page.getByText('Örjan Åström').first().waitFor();
  });

  it('exports the imported tree as GEDCOM from its card, showing its progress', async () => {
    await shell.goto('/trees');
    await trees.waitUntilShown();
    const card = trees.card('Släkten Åström');
    await card.waitFor();
    await card.getByTestId('tree-card-export').click();
    const item = page.getByTestId('tree-card-export-7.0');
    await item.waitFor();
    const download = page.waitForEvent('download');
    await item.click();
    const file = await download;
    // Saved under the name the server gave it, with the tree's letters.
    expect(file.suggestedFilename()).toBe('Släkten Åström.ged');
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toContain('Åsa /Öberg/');
    expect(text).toContain('Märta /Åström/');
    expect(text.trimEnd().endsWith('0 TRLR')).toBe(true);
    // The progress dialog closes once the file is saved.
    await expect.poll(() => page.getByTestId('gedcom-export-dialog').count()).toBe(0);
  });

  it('shows the export while the server is reading the tree, and cancels it', async () => {
    // The answer is held back: the dialog shows the tree being read until then.
    let held: Route | undefined;
    const pattern = /\/gedcom\?version=5\.5\.1$/;
    await page.route(pattern, (route) => {
      held = route;
    });
    const card = trees.card('Släkten Åström');
    await card.getByTestId('tree-card-export').click();
    await page.getByTestId('tree-card-export-5.5.1').click();
    const dialog = page.getByTestId('gedcom-export-dialog');
    await dialog.waitFor();
    await dialog.getByText(sv('gedcom.export.preparing')).waitFor();
    await expect.poll(() => held !== undefined).toBe(true);
    await page.getByTestId('gedcom-export-cancel').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.unroute(pattern);
    await held?.abort().catch(() => undefined);
  });

  describe('for a second free account', () => {
    let other: ApiUser;
    const ownTrees = () => other.send<unknown[]>('GET', `user/${other.userId}/tree`, undefined);

    beforeAll(async () => {
      // The first account already has its one tree.
      other = await registerApiUser(session.server, { fName: 'Olle', password: 'gedcom-och-anor-2' });
      await session.signIn(other.cookie);
    });

    it('stops a file over 5 MB before sending it', async () => {
      await shell.goto('/trees/import');
      await importPage.waitUntilShown();
      await importPage.chooseFile({
        name: 'stor.ged',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(textLimits.gedcomBytes + 1, 0x20),
      });
      await importPage.submit();
      await importPage.limitDialog.getByText(sv('limit.gedcomSize')).waitFor();
      await importPage.limitDialog.getByTestId('gedcom-size-limit').waitFor();
      await importPage.limitDialog.getByTestId('limit-dialog-close').click();
      await importPage.limitDialog.getByText(sv('limit.gedcomSize')).waitFor({ state: 'detached' });
    });

    it('shows the upload progress and cancels it, leaving nothing behind', async () => {
      // About 1 MB sent at 64 kB/s: time enough to see the progress and cancel.
      const cdp = await session.context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      try {
        await importPage.chooseFile(personsFile(20_000));
        await importPage.submit();
        await page.getByTestId('gedcom-uploading').waitFor();
        await page.getByTestId('gedcom-import-cancel').click();
        await page.getByTestId('gedcom-import-cancelled').waitFor();
        await page.getByTestId('gedcom-uploading').waitFor({ state: 'detached' });
      } finally {
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        await cdp.detach();
      }
      expect(await ownTrees()).toEqual([]);
    });

    it('opens the limit dialog with the counts when the file has too many persons', async () => {
      // The free plan's limit refuses the file on purpose.
      session.expectHttpError(403, /\/tree\/gedcom\b/);
      await importPage.chooseFile(personsFile(21));
      await importPage.submit();

      // The modal's root has no box of its own: wait for its text.
      await importPage.limitDialog.getByText(sv('limit.gedcomContent')).waitFor();
      expect(await importPage.contentRow('persons')).toEqual([sv('gedcom.content.persons'), '21', '20']);
      await importPage.limitDialog.getByTestId('limit-dialog-subscribe').waitFor();
      await session.screenshot('gedcom-limit.png');
      await importPage.limitDialog.getByTestId('limit-dialog-close').click();
      await importPage.limitDialog.getByText(sv('limit.gedcomContent')).waitFor({ state: 'detached' });
      // Nothing was created.
      expect(await ownTrees()).toEqual([]);
      expect(session.pageErrors).toEqual([]);
    });
  });
});
