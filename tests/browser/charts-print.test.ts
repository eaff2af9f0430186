import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../packages/server/test/support/pdf-text.ts';
import { browserAvailable, desktop, phone, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

/**
 * The fan and hourglass charts and the chart export (issue 23): a small family with Nordic and
 * Slavic letters, the fan with its segments and re-centring, the hourglass with both halves, and
 * the chart exported as SVG (parsed) and as PDF (its text read back).
 */
describe.skipIf(!browserAvailable())('the fan and hourglass charts and their export', () => {
  const session = useBrowserSession({ name: 'charts-print', timeout: 20_000 });
  let page: Page;
  let shell: AppShell;
  let treeId = '';
  let rootId = '';
  let fatherId = '';

  beforeAll(async () => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
    const api = await registerApiUser(session.server, { fName: 'Solveig', password: 'solfjader-och-timglas' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Öberg',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Åsa', lName: 'Öberg', gender: 'female' });
    const person = (fields: Record<string, unknown>, relation: Record<string, unknown>) =>
      api.send<{ id: string }>('POST', `${treeId}/person`, { person: fields, relation });
    fatherId = (
      await person({ fName: 'Čedomir', lName: 'Šimić', gender: 'male' }, { type: 'parent', personId: rootId })
    ).id;
    await person(
      { fName: 'Łucja', lName: 'Đurić', gender: 'female' },
      { type: 'partner', personId: fatherId, childIds: [rootId] },
    );
    await person({ fName: 'Jöns Petter', lName: 'Žák', gender: 'male' }, { type: 'parent', personId: fatherId });
    await person({ fName: 'Lars', lName: 'Öberg', gender: 'male' }, { type: 'child', personId: rootId });
    await session.signIn(api.cookie);
  });

  it('draws the fan with whole names and re-centres it on a click', async () => {
    await shell.goto(`/app/${treeId}/tree/${rootId}?view=fan`);
    const fan = page.getByTestId('fan-chart');
    await fan.waitFor();
    await expect.poll(() => fan.getByTestId('fan-segment').count()).toBe(3);
    expect(await fan.getByTestId('fan-centre').textContent()).toContain('Åsa Öberg');
    const grandfather = fan.locator('[data-testid="fan-segment"][data-sosa="4"]');
    expect((await grandfather.textContent())?.replace(/\s+/g, ' ')).toContain('Jöns Petter Žák');
    // The fan fits the frame: its drawing lies inside the chart's box.
    const frame = await fan.boundingBox();
    const drawing = await fan.getByTestId('chart-viewport').boundingBox();
    expect(frame && drawing).toBeTruthy();
    if (frame && drawing) {
      expect(drawing.x).toBeGreaterThanOrEqual(frame.x - 1);
      expect(drawing.x + drawing.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    }
    await session.screenshot('fan-chart-1280.png');
    await fan.locator(`[data-testid="fan-segment"][data-person-id="${fatherId}"]`).click();
    await page.waitForURL(new RegExp(`/tree/${fatherId}\\?view=fan`));
    await expect.poll(() => fan.getByTestId('fan-centre').textContent()).toContain('Čedomir Šimić');
    await expect.poll(() => fan.getByTestId('fan-segment').count()).toBe(1);
  });

  it('draws the hourglass with ancestors above and descendants below', async () => {
    await shell.goto(`/app/${treeId}/tree/${rootId}`);
    await page.getByTestId('tab-hourglass').click();
    const chart = page.getByTestId('hourglass-chart');
    await chart.waitFor();
    const box = (name: string) => chart.getByTestId('chart-box').filter({ hasText: name }).first();
    await box('Lars Öberg').waitFor();
    const [person, father, child] = await Promise.all(
      ['Åsa Öberg', 'Čedomir Šimić', 'Lars Öberg'].map(
        async (name) => (await box(name).boundingBox())?.y ?? Number.NaN,
      ),
    );
    expect(father).toBeLessThan(person ?? 0);
    expect(child).toBeGreaterThan(person ?? 0);
    expect(page.url()).toContain('view=hourglass');
    await session.screenshot('hourglass-chart-1280.png');
  });

  it('exports the chart as SVG and as PDF with the title and the names', async () => {
    const title = sv('charts.export.titles.hourglass', { name: 'Åsa Öberg' });
    const svgDownload = page.waitForEvent('download');
    await page.getByTestId('chart-export').click();
    await page.getByTestId('chart-export-svg').click();
    const svgFile = await svgDownload;
    expect(svgFile.suggestedFilename()).toBe(`${title}.svg`);
    const svgText = readFileSync(await svgFile.path(), 'utf8');
    // Parsed as XML by the browser: a well-formed drawing with the title and the names, no buttons.
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: document.querySelector('parsererror') !== null,
        root: document.documentElement.nodeName,
        title: document.querySelector('title')?.textContent,
        texts: [...document.querySelectorAll('text')].map((text) => text.textContent),
        links: document.querySelectorAll('a').length,
      };
    }, svgText);
    expect(parsed).toMatchObject({ error: false, root: 'svg', title, links: 0 });
    expect(parsed.texts).toContain(title);
    expect(parsed.texts).toEqual(expect.arrayContaining(['Čedomir Šimić', 'Łucja Đurić', 'Lars Öberg']));

    await page.getByTestId('chart-export').click();
    await page.getByTestId('chart-export-pdf').click();
    await page.getByTestId('chart-pdf-pages').waitFor();
    await page.getByRole('dialog').getByText('A3', { exact: true }).click();
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('chart-pdf-download').click();
    const pdfFile = await pdfDownload;
    expect(pdfFile.suggestedFilename()).toBe(`${title}.pdf`);
    const bytes = readFileSync(await pdfFile.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(bytes);
    for (const name of [title, 'Čedomir Šimić', 'Łucja Đurić', 'Jöns Petter Žák', 'Lars Öberg']) {
      expect(text).toContain(name);
    }
  });

  it('open fitted on a phone: the whole fan, and the hourglass with the person in view', async () => {
    await page.setViewportSize(phone);
    try {
      await shell.goto(`/app/${treeId}/tree/${rootId}?view=fan`);
      const fan = page.getByTestId('fan-chart');
      await fan.waitFor();
      await expect.poll(() => fan.getByTestId('fan-segment').count()).toBe(3);
      const drawing = await fan.getByTestId('chart-viewport').boundingBox();
      expect(drawing).toBeTruthy();
      if (drawing) {
        expect(drawing.x).toBeGreaterThanOrEqual(-1);
        expect(drawing.x + drawing.width).toBeLessThanOrEqual(phone.width + 1);
      }
      await session.screenshot('fan-chart-375.png');

      await shell.goto(`/app/${treeId}/tree/${rootId}?view=hourglass`);
      const chart = page.getByTestId('hourglass-chart');
      const person = chart.getByTestId('chart-box').filter({ hasText: 'Åsa Öberg' }).first();
      await person.waitFor();
      const box = await person.boundingBox();
      expect(box).toBeTruthy();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(-1);
        expect(box.x + box.width).toBeLessThanOrEqual(phone.width + 1);
      }
      await session.screenshot('hourglass-chart-375.png');
    } finally {
      await page.setViewportSize(desktop);
    }
  });
});
