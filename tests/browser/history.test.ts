import type { ChangeSet } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { EventModal } from './pages/event-modal.ts';
import { HistoryPanel } from './pages/history.ts';

/**
 * The change history in the web (issue 21): "Undo" in the notice after a delete brings the event
 * back; the person page's History shows a rename before → after and undoes it; the tree's Recent
 * changes page names the person a change is about, filters by kind, person and date and pages on
 * the server; an undo a later change depends on is refused with which change, and a link to it.
 */
describe.skipIf(!browserAvailable())('change history and undo', () => {
  const session = useBrowserSession({ name: 'history' });
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  let history: HistoryPanel;

  const recent = (query: string) =>
    api.send<{ changeSets: ChangeSet[] }>('GET', `${treeId}/history?${query}`, undefined);
  const addPerson = (fName: string) =>
    api.send<{ id: string }>('POST', `${treeId}/person`, { person: { fName, lName: 'Ström' } });

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Hedda', password: 'historia-ok-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Ström',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Hedda', lName: 'Ström', gender: 'female' });
    await session.signIn(api.cookie);
    page = session.page;
    history = new HistoryPanel(page);
  });

  it('undoes a deleted event from the notice, and the event comes back', async () => {
    const { event } = await api.send<{ event: { id: string } }>('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1901',
      participants: [{ personId: rootId, role: 'primary' }],
    });
    await page.goto(`${session.server.url}/app/${treeId}/event/${event.id}`);
    await page.getByTestId('event-page-edit').click();
    const modal = new EventModal(page);
    await modal.waitForEditor();
    await modal.delete();
    await page.getByText(sv('common.notice.deleted'), { exact: true }).waitFor();
    await page.getByTestId('notice-undo').click();
    await page.getByText(sv('history.undone'), { exact: true }).waitFor();
    const { events } = await api.send<{ events: { id: string }[] }>('POST', `${treeId}/event/node/${rootId}`, {});
    expect(events.map((found) => found.id)).toContain(event.id);
    await page.goto(`${session.server.url}/app/${treeId}/event/${event.id}`);
    await page.getByTestId('event-page-edit').waitFor();
  });

  it("shows a rename on the person page's history, before and after, and undoes it", async () => {
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Hedvig', lName: 'Ström', gender: 'female' });
    await page.goto(`${session.server.url}/app/${treeId}/person/${rootId}`);
    await page.getByTestId('person-page').waitFor();
    await history.openObjectHistory();
    const rename = history.changeSets.first();
    await expect.poll(() => rename.getByTestId('history-kind').getAttribute('data-kind')).toBe('update');
    const field = rename.locator('[data-testid="history-field"][data-field="f_name"]');
    await expect.poll(() => field.innerText()).toContain(sv('history.field.f_name'));
    expect(await field.innerText()).toMatch(/Hedda[\s\S]*Hedvig/);

    await history.undo(rename);
    await page.getByText(sv('history.undone'), { exact: true }).waitFor();
    await expect
      .poll(async () => (await api.send<{ fName: string }>('GET', `${treeId}/person/${rootId}`, undefined)).fName)
      .toBe('Hedda');
    // The undo is the newest change now, and the rename shows it was undone.
    await expect
      .poll(() => history.changeSets.first().getByTestId('history-kind').getAttribute('data-kind'))
      .toBe('undo');
    await page.locator('[data-testid="history-was-undone"]').first().waitFor();
  });

  it('filters the recent changes page by kind and pages on the server', async () => {
    for (let index = 0; index < 27; index++) await addPerson(`Person${index}`);
    await page.goto(`${session.server.url}/app/${treeId}/person/${rootId}`);
    await page.getByTestId('nav-tree-history').click();
    await page.getByTestId('recent-changes-list').waitFor();

    await history.filterByKind(sv('history.kind.create'));
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('create');
    // The list shown is the filtered one once it is drawn for that kind and nothing is being fetched.
    await history.recentListFor('create');
    await expect.poll(() => history.changeSets.count()).toBe(25);
    const kinds = async () =>
      new Set(await history.changeSets.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-kind'))));
    expect([...(await kinds())]).toEqual(['create']);
    // The next page, asked of the server with the last change set shown as `before`.
    await page.getByTestId('recent-changes-more').click();
    await expect.poll(() => history.changeSets.count()).toBeGreaterThan(27);
    await history.recentListFor('create');
    expect([...(await kinds())]).toEqual(['create']);

    await history.filterByKind(sv('history.kind.update'));
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('update');
    await history.recentListFor('update');
    await expect.poll(async () => [...(await kinds())]).toEqual(['update']);
  });

  it('names the person a change is about on the recent changes page, and filters by person', async () => {
    const vilma = await addPerson('Vilma');
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1880',
      participants: [{ personId: vilma.id, role: 'primary' }],
    });
    await api.send('PUT', `${treeId}/person/${vilma.id}`, { fName: 'Vilhelmina', lName: 'Ström', gender: 'female' });
    // Named as she is now, with her year of birth.
    const name = `Vilhelmina Ström ${sv('personLabel.born', { year: '1880' })}`;
    await page.goto(`${session.server.url}/app/${treeId}/history`);
    await history.recentShownFor({});
    expect((await history.objectLabels())[0]).toBe(name);
    const rename = history.changeSets.first();
    await rename.getByTestId('history-change-set-toggle').click();
    await expect.poll(() => rename.getByTestId('history-changes').innerText()).toContain(name);

    await history.filterByPerson('Vilhelmina', 'Vilhelmina');
    await expect.poll(() => new URL(page.url()).searchParams.get('person')).toBe(vilma.id);
    await history.recentShownFor({ person: vilma.id });
    // Her rename, her birth (an event she takes part in) and her creation; nobody else's.
    const labels = await history.objectLabels();
    expect(labels).toHaveLength(3);
    expect([labels[0], labels[2]]).toEqual([name, name]);
    expect(labels[1]).toContain(sv('events.types.birth.name'));
    expect(labels[1]).toContain('1880');
  });

  it('filters the recent changes page by date', async () => {
    const gunnar = await addPerson('Gunnar');
    const [created] = (await recent(`personId=${gunnar.id}`)).changeSets;
    // As if Gunnar had been added in January 2020.
    await session.server.database.db.execute(
      sql`update history_change_set set created_at = '2020-01-15T12:00:00Z' where tree_id = ${treeId} and id = ${created?.id}`,
    );
    await page.goto(`${session.server.url}/app/${treeId}/history`);
    await history.recentShownFor({});
    // The newest change set, whatever its date: the list is in the order the changes were made.
    expect(await history.changeSet(created?.id ?? 0).count()).toBe(1);

    await history.filterByDates('2020-01-01', '2020-01-31');
    await history.recentShownFor({ from: '2020-01-01', to: '2020-01-31' });
    expect(await history.objectLabels()).toEqual(['Gunnar Ström']);
    expect(await history.changeSet(created?.id ?? 0).count()).toBe(1);

    // From the day after: every change but Gunnar's.
    await history.filterByDates('2020-01-16', '');
    await history.recentShownFor({ from: '2020-01-16' });
    expect(await history.changeSets.count()).toBeGreaterThan(0);
    expect(await history.changeSet(created?.id ?? 0).count()).toBe(0);

    // Up to the day before: nothing.
    await history.filterByDates('', '2020-01-14');
    await history.recentShownFor({ to: '2020-01-14' });
    await page.getByTestId('recent-changes-empty').waitFor();
    expect(await history.changeSets.count()).toBe(0);
  });

  it('shows a visitor of the share link no history, and asks the server for none', async () => {
    const { token } = await api.send<{ token: string }>('PUT', `${treeId}/share`, { enabled: true });
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'sv-SE' });
    await context.addInitScript(() => localStorage.setItem('anor.cookieConsent', 'necessary'));
    const visitor = await context.newPage();
    const asked: string[] = [];
    visitor.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && pathname.includes('/history')) asked.push(request.url());
    });
    await visitor.goto(`${session.server.url}/share/${token}`);
    await visitor.waitForURL(`**/share/${token}/${treeId}/person/${rootId}`);
    // The tree's other links are there; the recent changes page's and the History section are not.
    await visitor.getByTestId('nav-tree-search').first().waitFor();
    await visitor.getByTestId('visitor-banner').waitFor();
    await visitor.getByTestId('person-name').waitFor();
    expect(await visitor.getByTestId('nav-tree-history').count()).toBe(0);
    expect(await visitor.getByTestId('object-history').count()).toBe(0);
    expect(asked).toEqual([]);
    await context.close();
    await api.send('PUT', `${treeId}/share`, { enabled: false });
  });

  it('shows which later change an undo depends on, with a link to it', async () => {
    const tora = await addPerson('Tora');
    await api.send('PUT', `${treeId}/person/${tora.id}`, { fName: 'Torborg', lName: 'Ström', gender: 'female' });
    const [rename, created] = (await recent(`personId=${tora.id}`)).changeSets;
    expect(rename?.kind).toBe('update');
    expect(created?.kind).toBe('create');
    await page.goto(`${session.server.url}/app/${treeId}/history?person=${tora.id}&personName=Tora`);
    const card = history.changeSet(created?.id ?? 0);
    await card.waitFor();

    session.expectHttpError(409, /\/history\/\d+\/undo$/);
    await history.undo(card);
    const error = card.getByTestId('history-undo-error');
    await error.waitFor();
    expect(await error.innerText()).toContain(sv('history.kind.update'));
    const link = card.getByTestId('history-dependent-link');
    expect(await link.getAttribute('href')).toContain(`changeSet=${rename?.id}`);
    // Nothing changed: Tora is still Torborg.
    const stored = await api.send<{ fName: string }>('GET', `${treeId}/person/${tora.id}`, undefined);
    expect(stored.fName).toBe('Torborg');

    await link.click();
    await history
      .changeSet(rename?.id ?? 0)
      .getByTestId('history-changes')
      .waitFor();
  });
});
