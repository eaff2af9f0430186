import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

/**
 * Issue 19, items 14–16 in the browser: a person's other names and the name order; Nordic letters
 * in search, unknown names last and the page size; the tree-wide search of notes, places by path
 * and a person by name and year.
 */
describe.skipIf(!browserAvailable())('names and search (issue 19, items 14–16)', () => {
  const session = useBrowserSession({ name: 'names-search', timeout: 10_000 });
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let treeId = '';
  let annaId = '';

  const rowNames = () => page.getByTestId('person-row-name').allTextContents();

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Greta', password: 'namn-och-sök-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Öhman',
    });
    treeId = tree.id;
    const create = async (fName: string, lName: string) =>
      (await api.send<{ id: string }>('POST', `${treeId}/person`, { person: { fName, lName } })).id;
    annaId = await create('Anna', 'Öhman');
    await create('Bo', 'Ohman');
    const karlId = await create('Karl', 'Öberg');
    await create('Kerstin', 'Öberg');
    // Enough persons for more than a page of 20; the tree's root stays nameless.
    for (let n = 1; n <= 20; n++) await create(`Person${String(n).padStart(2, '0')}`, 'Lind');
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1878-05-01',
      location: 'Råshult, Stenbrohult, Kronobergs län',
      participants: [{ personId: karlId, role: 'primary' }],
    });
    await api.send('POST', `${treeId}/note`, {
      note: { title: 'Flytten', text: '<p>Hon flyttade till Göteborg år 1901.</p>' },
      connectedNodeIds: [annaId],
    });
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  it('item 14: adds a married name on the person page, finds the person by it, and names people "Last, First"', async () => {
    await shell.goto(`/app/${treeId}/person/${annaId}`);
    await page.getByTestId('person-other-names-edit').click();
    await page.getByTestId('other-name-add').click();
    await page.getByTestId('other-name-type').click();
    await page.getByRole('option', { name: sv('person.otherNames.types.married') }).click();
    await page.getByTestId('other-name-last').fill('Östberg');
    await page.getByTestId('other-name-from').fill('1899');
    await page.getByTestId('other-names-submit').click();
    const shown = page.getByTestId('person-other-name');
    await shown.waitFor();
    expect(await shown.textContent()).toBe(`${sv('person.otherNames.types.married')}: Östberg (1899–)`);

    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent('östberg')}`);
    await expect.poll(rowNames).toEqual(['Anna Öhman']);

    await shell.goto(`/app/${treeId}/persons?q=${encodeURIComponent('öhman')}`);
    await expect.poll(rowNames).toEqual(['Anna Öhman']);
    if (!(await page.getByTestId('person-filter-name-order').isVisible())) {
      await page.getByTestId('person-filters-toggle').click();
    }
    await page.getByTestId('person-filter-name-order').getByText(sv('person.nameOrder.lastFirst')).click();
    await expect.poll(rowNames).toEqual(['Öhman, Anna']);
    // The choice is kept.
    await page.reload();
    await expect.poll(rowNames).toEqual(['Öhman, Anna']);
    await page.getByTestId('person-filter-name-order').getByText(sv('person.nameOrder.firstLast')).click();
    await expect.poll(rowNames).toEqual(['Anna Öhman']);
  });

  it('item 15: Ö finds only Ö, Ohman finds Öhman after Ohman, 20/50 rows a page, unknown names last', async () => {
    await shell.goto(`/app/${treeId}/persons?q=${encodeURIComponent('Ö')}`);
    await expect.poll(rowNames).toEqual(['Karl Öberg', 'Kerstin Öberg', 'Anna Öhman']);
    await shell.goto(`/app/${treeId}/persons?q=Ohman`);
    await expect.poll(rowNames).toEqual(['Bo Ohman', 'Anna Öhman']);

    await shell.goto(`/app/${treeId}/persons`);
    const pageSize = page.getByTestId('person-list-page-size');
    await pageSize.selectOption('20');
    await expect.poll(async () => (await rowNames()).length).toBe(20);
    await pageSize.selectOption('50');
    await expect.poll(async () => (await rowNames()).length).toBe(25);
    const names = await rowNames();
    expect(names[0]).toBe('Person01 Lind');
    expect(names.at(-1)).toBe(sv('person.unknownName'));
    await pageSize.selectOption('fit');
  });

  it('item 16: finds note texts, places by their path and a person by name and year', async () => {
    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent('göteborg 1901')}&type=notes`);
    const note = page.getByTestId('search-note-row');
    await note.waitFor();
    expect(await note.textContent()).toContain('Hon flyttade till Göteborg år 1901.');

    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent('stenbrohult kronoberg')}&type=places`);
    await expect.poll(() => page.getByTestId('place-row-name').allTextContents()).toEqual(['Råshult', 'Stenbrohult']);

    await shell.goto(`/app/${treeId}/search?q=${encodeURIComponent('öberg 1878')}&type=persons`);
    await expect.poll(rowNames).toEqual(['Karl Öberg']);
  });
});
