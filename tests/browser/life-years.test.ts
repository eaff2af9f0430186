import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, registerApiUser, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { FamilyTreePage } from './pages/family-tree-page.ts';
import { PersonListPage } from './pages/person-list-page.ts';
import { PersonPage } from './pages/person-page.ts';

/**
 * Issue 19 item 12: wherever a person is named (chart boxes, family cards and table, the person
 * page's family chips) the name comes with the life years and, where there is room, the
 * birthplace, so that two men called Anders Berg, father and son, are told apart; a long name is
 * cut only on the screen, never in the hover text or the accessible name.
 */
describe.skipIf(!browserAvailable())('life years beside names in the browser', () => {
  const session = useBrowserSession({ name: 'life-years' });
  let page: Page;
  let shell: AppShell;
  let view: FamilyTreePage;
  const ids = { tree: '', son: '', father: '', partner: '' };
  const longFirst = 'Maximiliana Augusta Wilhelmina';
  const longLast = 'von Löwenhielm-Gyllenborg';
  const longName = `${longFirst} ${longLast}`;
  const fatherDetails = '1801–ca 1870 · Råshult, Stenbrohult';

  beforeAll(async () => {
    const { cookie, userId, send } = await registerApiUser(session.server, {
      fName: 'Anders',
      password: 'släktträd-123',
      paid: true,
    });
    const tree = await send<{ id: string; rootId: string }>('POST', `user/${userId}/tree`, { treeName: 'Berg' });
    ids.tree = tree.id;
    ids.son = tree.rootId;
    await send('PUT', `${tree.id}/person/${tree.rootId}`, { fName: 'Anders', lName: 'Berg', gender: 'male' });
    const father = await send<{ id: string }>('POST', `${tree.id}/person/${tree.rootId}/parent`, {
      fName: 'Anders',
      lName: 'Berg',
      gender: 'male',
    });
    ids.father = father.id;
    const partner = await send<{ id: string }>('POST', `${tree.id}/person`, {
      person: { fName: longFirst, lName: longLast, gender: 'female' },
      relation: { type: 'partner', personId: tree.rootId },
    });
    ids.partner = partner.id;
    const event = (body: Record<string, unknown>) => send('POST', `${tree.id}/event`, body);
    const primary = (personId: string) => [{ personId, role: 'primary' }];
    await event({
      type: 'birth',
      startDate: '1801-02-03',
      location: 'Råshult, Stenbrohult, Kronobergs län',
      participants: primary(father.id),
    });
    await event({ type: 'death', startDate: '1870', startDateType: 'about', participants: primary(father.id) });
    await event({ type: 'birth', startDate: '1830', location: 'Lysvik, Värmland', participants: primary(tree.rootId) });
    await session.signIn(cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    view = new FamilyTreePage(page);
  });

  it('chart boxes show the years and the birthplace, and name the person in full', async () => {
    await shell.goto(`/app/${ids.tree}/tree/${ids.son}`);
    await view.waitUntilShown();
    await view.waitForBoxes(2);
    // A box has room for the birthplace's own name; the hover text and the accessible name have all of it.
    const details = view.box(ids.father).getByTestId('chart-box-details');
    await details.waitFor();
    expect(await details.textContent()).toBe('1801–ca 1870 · Råshult');
    expect(await view.box(ids.son).getByTestId('chart-box-details').textContent()).toBe('f. 1830 · Lysvik');
    const open = view.box(ids.father).locator('[data-action="open"]');
    expect(await open.getAttribute('aria-label')).toContain(
      'Anders Berg, född 1801, död omkring 1870, Råshult, Stenbrohult, Kronobergs län',
    );
  });

  it('family cards and the family table tell the namesakes apart; a long name is whole on hover and for screen readers', async () => {
    await view.openTab('family');
    const fatherCard = page.locator(`[data-testid="family-card"][data-person-id="${ids.father}"]`);
    await fatherCard.getByTestId('family-card-label-details').waitFor();
    expect(await fatherCard.getByTestId('family-card-label-details').textContent()).toBe(fatherDetails);
    const selfCard = page.locator(`[data-testid="family-card"][data-person-id="${ids.son}"]`);
    expect(await selfCard.getByTestId('family-card-label-details').textContent()).toBe('f. 1830 · Lysvik, Värmland');

    const partnerCard = page.locator(`[data-testid="family-card"][data-person-id="${ids.partner}"]`);
    const name = partnerCard.getByTestId('family-card-label-name');
    await name.waitFor();
    // Cut on the screen, whole in the page, in the hover text and in the link's accessible name.
    expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await name.textContent()).toBe(longName);
    expect(await partnerCard.getByTestId('family-card-label').getAttribute('title')).toBe(longName);
    await partnerCard.getByRole('link', { name: longName, exact: true }).waitFor();

    await view.openTab('table');
    const fatherRow = page.locator(`[data-testid="family-table-row"][data-person-id="${ids.father}"]`);
    await fatherRow.getByTestId('family-table-label-details').waitFor();
    expect(await fatherRow.getByTestId('family-table-label-details').textContent()).toBe(fatherDetails);
    await view.openTab('family');
    await fatherCard.getByTestId('family-card-label-details').waitFor();
    await session.screenshot('life-years-family.png');
  });

  it("the person page's family chips carry the years", async () => {
    await shell.goto(`/app/${ids.tree}/person/${ids.son}`);
    const person = new PersonPage(page);
    await person.waitUntilShown('Anders Berg');
    const chip = page.locator(`[data-testid="parent-chip"][data-person-id="${ids.father}"]`);
    await chip.getByTestId('parent-chip-label-details').waitFor();
    expect(await chip.getByTestId('parent-chip-label-details').textContent()).toBe('1801–ca 1870');
    expect(await chip.getByTestId('parent-chip-name').textContent()).toBe('Anders Berg');
    await chip.getByRole('link', { name: /^Anders Berg\s*, född 1801, död omkring 1870/ }).waitFor();
  });

  it('the person list (and so search results and pickers) tells the two Anders Berg apart', async () => {
    await shell.goto(`/app/${ids.tree}/persons`);
    const list = new PersonListPage(page);
    await list.waitUntilShown();
    await list.search('anders berg');
    await expect.poll(() => list.names()).toEqual(['Anders Berg', 'Anders Berg']);
    const row = (id: string) => page.locator(`[data-testid="person-row"][data-person-id="${id}"]`);
    await row(ids.father).getByTestId('person-row-label-details').waitFor();
    expect(await row(ids.father).getByTestId('person-row-label-details').textContent()).toBe('1801–ca 1870');
    expect(await row(ids.father).getByTestId('person-row-place').textContent()).toBe('Råshult, Stenbrohult');
    expect(await row(ids.son).getByTestId('person-row-label-details').textContent()).toBe('f. 1830');
    expect(await row(ids.son).getByTestId('person-row-place').textContent()).toBe('Lysvik, Värmland');
  });
});
