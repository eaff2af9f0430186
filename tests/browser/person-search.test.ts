import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  browserAvailable,
  desktop,
  phone,
  registerApiUser,
  screenshotDir,
  sv,
  useBrowserSession,
} from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { PersonListPage } from './pages/person-list-page.ts';

type Gender = 'male' | 'female' | 'other' | 'unknown';

/** The tree: its root is Åsa Ek; 18 more, within the free account's 20 persons. */
const persons: { fName: string; lName: string; gender: Gender; occupation?: string }[] = [
  { fName: 'Anna', lName: 'Andersson', gender: 'female', occupation: 'Piga' },
  { fName: 'Per', lName: 'Andersson', gender: 'male', occupation: 'Dräng' },
  { fName: 'Åsa', lName: 'Berg', gender: 'female' },
  { fName: 'Olof', lName: 'Berg', gender: 'male', occupation: 'Soldat' },
  { fName: 'Karl', lName: 'Dahl', gender: 'male' },
  { fName: 'Erik', lName: 'Ek', gender: 'male', occupation: 'Skräddare' },
  { fName: 'Asa', lName: 'Ekman', gender: 'female', occupation: 'Sömmerska' },
  { fName: 'Frida', lName: 'Fors', gender: 'female' },
  { fName: 'Hans', lName: 'Holm', gender: 'male', occupation: 'Fiskare' },
  { fName: 'Ida', lName: 'Isaksson', gender: 'female' },
  { fName: 'Kim', lName: 'Lind', gender: 'other' },
  { fName: 'Nils', lName: 'Nord', gender: 'unknown' },
  { fName: 'Sara', lName: 'Sund', gender: 'female', occupation: 'Lärarinna' },
  { fName: 'Anders', lName: 'Zorn', gender: 'male', occupation: 'Konstnär' },
  { fName: 'Åke', lName: 'Åberg', gender: 'male' },
  { fName: 'Ärla', lName: 'Ängström', gender: 'female' },
  { fName: 'Östen', lName: 'Öberg', gender: 'male', occupation: 'Postmästare' },
  { fName: 'Karin', lName: 'Öberg', gender: 'female' },
];

/** Swedish order by last name, then first name: …, Z, Å, Ä, Ö. */
const alphabetical = [
  'Anna Andersson',
  'Per Andersson',
  'Olof Berg',
  'Åsa Berg',
  'Karl Dahl',
  'Erik Ek',
  'Åsa Ek',
  'Asa Ekman',
  'Frida Fors',
  'Hans Holm',
  'Ida Isaksson',
  'Kim Lind',
  'Nils Nord',
  'Sara Sund',
  'Anders Zorn',
  'Åke Åberg',
  'Ärla Ängström',
  'Karin Öberg',
  'Östen Öberg',
];

/** Registers through the API and fills a tree, far faster than through the forms. */
async function seedTree(server: AppServer) {
  const { userId, cookie, send } = await registerApiUser(server, { fName: 'Tove', password: 'sök-i-trädet-1' });
  const tree = await send<{ id: string; rootId: string }>('POST', `user/${userId}/tree`, { treeName: 'Släkten Ek' });
  await send('PUT', `${tree.id}/person/${tree.rootId}`, {
    fName: 'Åsa',
    lName: 'Ek',
    gender: 'female',
    occupation: 'Lärare',
  });
  for (const person of persons) await send('POST', `${tree.id}/person`, { person });
  return { cookie, treeId: tree.id, rootId: tree.rootId };
}

describe.skipIf(!browserAvailable())('person search in the browser', () => {
  const session = useBrowserSession({ name: 'person-search' });
  let server: AppServer;
  let page: Page;
  let list: PersonListPage;
  let treeId: string;
  let rootId: string;

  beforeAll(async () => {
    server = session.server;
    page = session.page;
    const seeded = await seedTree(server);
    treeId = seeded.treeId;
    rootId = seeded.rootId;
    await session.signIn(seeded.cookie);
    list = new PersonListPage(page);
  });

  it('opens from the header inside a tree and lists the persons in Swedish order, by initial letter', async () => {
    const shell = new AppShell(page, server.url);
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('nav-tree-search').click();
    await shell.waitForPath(`/app/${treeId}/persons`);
    await list.waitUntilShown();

    // The scrolling list holds everyone at once.
    await list.chooseListType(sv('list.scroll'));
    await expect.poll(() => list.names()).toEqual(alphabetical);
    expect(alphabetical.indexOf('Karin Öberg')).toBeGreaterThan(alphabetical.indexOf('Anders Zorn'));
    expect(await list.groupLetters()).toEqual(['A', 'B', 'D', 'E', 'F', 'H', 'I', 'L', 'N', 'S', 'Z', 'Å', 'Ä', 'Ö']);
    expect(await list.summary()).toBe(sv('list.shownOfTotal', { shown: 19, total: 19 }));
    await list.chooseListType(sv('list.pages'));
  });

  it('searches with two terms, case and accents folded', async () => {
    await list.search('asa ek');
    // Typed without å, the exact matches come first, then those found by folding å (issue 19, item 15).
    await expect.poll(() => list.names()).toEqual(['Asa Ekman', 'Åsa Ek']);
    expect(new URL(page.url()).searchParams.get('q')).toBe('asa ek');
    await page.screenshot({ path: path.join(screenshotDir, 'person-search-1280.png') });

    await list.search('ASA BERG');
    await expect.poll(() => list.names()).toEqual(['Åsa Berg']);

    await list.search('asa ek zzz');
    await page.getByTestId('person-list-empty').waitFor();
    expect(await page.getByTestId('person-list-empty').textContent()).toContain(sv('list.noResults'));
    await list.clearSearch();
    await expect.poll(async () => (await list.names())[0]).toBe('Anna Andersson');
  });

  it('filters by gender', async () => {
    const pageSize = await list.rows.count();
    await list.filterGender(sv('personSearch.gender.female'));
    await expect.poll(() => list.summary()).toBe(sv('list.range', { from: 1, to: Math.min(9, pageSize), total: 9 }));
    expect(new Set(await list.genders())).toEqual(new Set(['female']));
    expect(new URL(page.url()).searchParams.get('gender')).toBe('female');
    await list.filterGender(sv('personSearch.gender.other'));
    await expect.poll(() => list.names()).toEqual(['Kim Lind']);
    await list.filterGender(sv('personSearch.gender.all'));
    await expect.poll(() => list.summary()).toBe(sv('list.range', { from: 1, to: pageSize, total: 19 }));
  });

  it('pages through the list, the page size following the height, and goes back to page 1 on a new search', async () => {
    const pageSize = await list.rows.count();
    expect(pageSize).toBeGreaterThanOrEqual(5);
    expect(await list.names()).toEqual(alphabetical.slice(0, pageSize));
    expect(await list.currentPage()).toBe('1');

    await list.nextPage();
    await expect.poll(() => list.names()).toEqual(alphabetical.slice(pageSize, 2 * pageSize));
    expect(await list.currentPage()).toBe('2');
    expect(await list.summary()).toBe(
      sv('list.range', { from: pageSize + 1, to: Math.min(19, 2 * pageSize), total: 19 }),
    );

    const lastPage = Math.ceil(19 / pageSize);
    await list.goToPage(lastPage);
    await expect.poll(() => list.names()).toEqual(alphabetical.slice((lastPage - 1) * pageSize));

    // A new search shows its first page: the address loses its page, the count starts at 1.
    await list.search('berg');
    const firstRows = sv('list.range', { from: 1, to: '…', total: '…' }).split('…')[0] ?? '';
    await expect.poll(() => list.summary()).toMatch(new RegExp(`^${firstRows}`));
    await expect.poll(() => list.names()).toContain('Olof Berg');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await list.clearSearch();
    await expect.poll(() => list.names()).toEqual(alphabetical.slice(0, pageSize));
  });

  it('is usable from the keyboard: arrow keys go from the search bar to the rows', async () => {
    await page.getByTestId('person-list-search').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('person-row');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Per Andersson');
  });

  it('opens a person, and going back returns to the same search', async () => {
    await list.search('zorn');
    await expect.poll(() => list.names()).toEqual(['Anders Zorn']);
    await list.openRow('Anders Zorn');
    await new AppShell(page, server.url).waitForPath(/^\/app\/[^/]+\/person\/[^/]+$/);
    await page.goBack();
    await list.waitUntilShown();
    expect(await list.names()).toEqual(['Anders Zorn']);
    expect(await page.getByTestId('person-list-search').inputValue()).toBe('zorn');
    await list.clearSearch();
  });

  it('fits a phone', async () => {
    await page.setViewportSize(phone);
    await expect.poll(async () => (await list.names())[0]).toBe('Anna Andersson');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshotDir, 'person-search-375.png') });
    await page.setViewportSize(desktop);
  });
});
