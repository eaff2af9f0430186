import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { GedcomImportPage } from './pages/gedcom-import-page.ts';

/**
 * The import's preview and its encoding (issue 20 item 1): Croatian names in CP852 under a header
 * that says CHAR ANSEL are read as CP852 and the preview says why; the user picks Windows-1250,
 * sees the names change to what that would store ("Dr§i†"), picks CP852 again and imports; the
 * tree then finds "Držić".
 */
const fixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/gedcom/test/letters/made/cp852-ansel.ged',
);

describe.skipIf(!browserAvailable())('the GEDCOM preview with an encoding change', () => {
  const session = useBrowserSession({ name: 'gedcom-encoding', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let importPage: GedcomImportPage;
  let user: ApiUser;

  beforeAll(async () => {
    user = await registerApiUser(session.server, { fName: 'Kodad', password: 'kodsida-och-anor-1' });
    await session.signIn(user.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    importPage = new GedcomImportPage(page);
  });

  const names = () => page.getByTestId('gedcom-preview-name').allTextContents();
  const encoding = () => importPage.preview.getAttribute('data-encoding');

  async function pick(label: string): Promise<void> {
    await page.getByTestId('gedcom-preview-encoding-select').click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }

  it('reads CP852 under CHAR ANSEL, says why, shows another encoding on request, and imports the one chosen', async () => {
    await shell.goto('/trees/import');
    await importPage.waitUntilShown();
    await importPage.chooseFile(fixture);
    await importPage.treeName.fill('Dubrovnik');
    await importPage.submit();
    await importPage.preview.waitFor({ timeout: 60_000 });

    expect(await encoding()).toBe('CP852');
    const cp852 = sv('job.preview.encodings.CP852');
    expect(await page.getByTestId('gedcom-preview-encoding').textContent()).toBe(cp852);
    const reason = page.getByTestId('gedcom-preview-reason');
    expect(await reason.getAttribute('data-reason')).toBe('letters');
    expect(await reason.textContent()).toContain(
      sv('job.preview.reason.letters', { declared: 'ANSEL', encoding: cp852 }),
    );
    expect(await reason.textContent()).toContain('”Držić”');
    expect(await names()).toContain('Marin Držić');
    expect(await page.getByTestId('gedcom-preview-names').getAttribute('data-count')).toBe('12');

    // Windows-1250: the preview is read again and shows what that would store.
    await pick(sv('job.preview.encodings.CP1250'));
    await expect.poll(encoding).toBe('CP1250');
    await expect.poll(names).toContain('Marin Dr§i†');
    expect(await reason.getAttribute('data-reason')).toBe('chosen');
    await session.screenshot('gedcom-preview-encoding.png');
    expect(await importPage.previewCount('persons')).toBe('18');

    // Back to CP852, and import.
    await pick(cp852);
    await expect.poll(encoding).toBe('CP852');
    await expect.poll(names).toContain('Marin Držić');
    await importPage.confirmPreview();
    await importPage.waitForReport();
    expect(await importPage.fileFact('encoding')).toContain('CP852');

    // The names were stored as read: search finds Držić.
    const trees = await user.send<{ id: string; name: string }[]>('GET', `user/${user.userId}/tree`, undefined);
    const treeId = trees.find((tree) => tree.name === 'Dubrovnik')?.id ?? '';
    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent('držić')}`);
    await expect.poll(() => page.getByTestId('person-row-name').allTextContents()).toEqual(['Marin Držić']);
    expect(session.pageErrors).toEqual([]);
  });
});
