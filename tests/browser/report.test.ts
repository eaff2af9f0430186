import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../packages/server/test/support/pdf-text.ts';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { ReportPage } from './pages/report-page.ts';

/**
 * The printable reports (issue 23): from the person page's Reports button to the antavla of a
 * three-generation family, its Sosa numbers and names, another number of generations, and the
 * PDF download with the same names in it.
 */
describe.skipIf(!browserAvailable())('the printable reports in the browser', () => {
  const session = useBrowserSession({ name: 'report', timeout: 20_000 });
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';

  beforeAll(async () => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
    api = await registerApiUser(session.server, { fName: 'Anders', password: 'antavla-nummer-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Öberg',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Åsa', lName: 'Öberg', gender: 'female' });
    const person = (fields: Record<string, unknown>, relation: Record<string, unknown>) =>
      api.send<{ id: string }>('POST', `${treeId}/person`, { person: fields, relation });
    const father = await person(
      { fName: 'Čedomir', lName: 'Šimić', gender: 'male' },
      { type: 'parent', personId: rootId },
    );
    await person(
      { fName: 'Łucja', lName: 'Đurić', gender: 'female' },
      { type: 'partner', personId: father.id, childIds: [rootId] },
    );
    await person({ fName: 'Jöns', lName: 'Žák', gender: 'male' }, { type: 'parent', personId: father.id });
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1901-03-12',
      location: 'Lysvik, Värmland',
      participants: [{ personId: rootId, role: 'primary' }],
    });
    await session.signIn(api.cookie);
  });

  it('opens the antavla from the person page with Sosa numbers and names', async () => {
    const report = new ReportPage(page);
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('person-reports-link').click();
    await report.waitForReport('antavla');
    expect(await report.title()).toBe(sv('report.titles.antavla', { name: 'Åsa Öberg' }));
    await expect
      .poll(() => report.numberedNames())
      .toEqual([
        ['1', 'Åsa Öberg'],
        ['2', 'Čedomir Šimić'],
        ['3', 'Łucja Đurić'],
        ['4', 'Jöns Žák'],
      ]);
    await report.report.getByText('12 mars 1901, Lysvik, Värmland').waitFor();
    // Two generations: the grandfather goes.
    await report.chooseGenerations(2);
    await expect
      .poll(() => report.numberedNames())
      .toEqual([
        ['1', 'Åsa Öberg'],
        ['2', 'Čedomir Šimić'],
        ['3', 'Łucja Đurić'],
      ]);
    expect(page.url()).toContain('generations=2');
    await session.screenshot('report-antavla-1280.png', { fullPage: true });
    // Printed, the page is the report alone: no controls, no app header.
    await page.emulateMedia({ media: 'print' });
    try {
      await expect.poll(() => page.getByTestId('report-controls').isVisible()).toBe(false);
      expect(await report.report.isVisible()).toBe(true);
      expect(await page.locator('.mantine-AppShell-header').isVisible()).toBe(false);
      expect(await page.locator('footer').isVisible()).toBe(false);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('downloads the same report as PDF', async () => {
    const report = new ReportPage(page);
    await report.waitForReport('antavla');
    const download = page.waitForEvent('download');
    await report.downloadButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Antavla för Åsa Öberg.pdf');
    const { text } = await pdfText(readFileSync(await file.path()));
    for (const name of ['Åsa Öberg', 'Čedomir Šimić', 'Łucja Đurić']) expect(text).toContain(name);
    expect(text).not.toContain('Jöns Žák');
  });

  it('switches to the family group sheet', async () => {
    const report = new ReportPage(page);
    await report.chooseKind(sv('report.kinds.family'));
    await report.waitForReport('family');
    await expect.poll(() => report.title()).toBe(sv('report.titles.family', { name: 'Åsa Öberg' }));
  });
});
