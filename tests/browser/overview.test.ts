import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, desktop, phone, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { LocationDialog, PlacesPage } from './pages/places-page.ts';

interface Created {
  id: string;
}

describe.skipIf(!browserAvailable())('the overview in the browser', () => {
  const session = useBrowserSession({ name: 'overview', timeout: 10_000 });
  const { pageErrors } = session;
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  const ids: Record<string, string> = {};

  const titles = (testId: string) => page.getByTestId(`${testId}-title`).allTextContents();
  const overviewPath = () => `/app/${treeId}/overview`;

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Greta', password: 'oversikt-och-ordning-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Fors',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Greta', lName: 'Fors', gender: 'female' });
    // Connected: the root and her daughter. Unconnected: Olle.
    const karin = await api.send<Created>('POST', `${treeId}/person`, {
      person: { fName: 'Karin', lName: 'Fors' },
      relation: { type: 'child', personId: rootId },
    });
    ids.karin = karin.id;
    const olle = await api.send<Created>('POST', `${treeId}/person`, {
      person: { fName: 'Olle', lName: 'Ensam', occupation: 'Dräng' },
    });
    ids.olle = olle.id;
    // Connected: Sverige with Värmland and the parishes within (the free tier's 30 places in all). Unconnected: Gotland.
    const place = async (name: string, extra: Record<string, unknown> = {}) =>
      (await api.send<{ location: Created }>('POST', `${treeId}/location`, { location: { name }, ...extra })).location
        .id;
    ids.sverige = await place('Sverige', { location: { name: 'Sverige', type: 'land' } });
    ids.varmland = await place('Värmland', { ancestorId: ids.sverige });
    for (let i = 1; i <= 27; i += 1) await place(`Socken ${i}`, { ancestorId: ids.varmland });
    ids.gotland = await place('Gotland', { location: { name: 'Gotland', type: 'ö' } });
    // An event connects its place and has a participant: no orphan events.
    const birth = await api.send<{ event: Created }>('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1950-05-04',
      locationId: ids.varmland,
      participants: [{ personId: karin.id, role: 'primary' }],
    });
    ids.birth = birth.event.id;
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
  });

  it('opens from the tree navigation and lists the unconnected person', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('nav-tree-overview').click();
    await shell.waitForPath(overviewPath());
    await page.getByTestId('overview-page').waitFor();
    await page.getByTestId('overview-person').first().waitFor();
    expect(await titles('overview-person')).toEqual(['Olle Ensam']);
    expect(await page.getByTestId('overview-person-detail').allTextContents()).toEqual(['Dräng']);
    expect(await page.getByTestId('overview-hint').textContent()).toBe(sv('overview.hint.person'));
    await session.screenshot('overview-persons-1280.png');

    // All persons, in Swedish name order, each with the life years that are known (issue 19 item 12).
    await page.getByTestId('overview-scope').getByText(sv('overview.scope.all')).click();
    await expect
      .poll(() => titles('overview-person'))
      .toEqual(['Olle Ensam', 'Greta Fors', `Karin Fors ${sv('personLabel.born', { year: '1950' })}`]);
    expect(await page.getByTestId('overview-hint').count()).toBe(0);
  });

  it('lists the unconnected place, and all places when asked', async () => {
    await page.getByTestId('overview-scope').getByText(sv('overview.scope.orphans')).click();
    await page.getByTestId('overview-type').getByText(sv('overview.type.location')).click();
    await expect.poll(() => titles('overview-location')).toEqual(['Gotland']);
    expect(await page.getByTestId('overview-location-detail').allTextContents()).toEqual(['ö']);
    expect(new URL(page.url()).searchParams.get('type')).toBe('location');

    await page.getByTestId('overview-scope').getByText(sv('overview.scope.all')).click();
    await expect.poll(async () => (await titles('overview-location')).length).toBeGreaterThan(1);
    expect((await titles('overview-location'))[0]).toBe('Gotland');
    // Paging: the summary counts all 30 places.
    await expect.poll(() => page.getByTestId('overview-list-summary').textContent()).toMatch(/30/);
    await page.getByTestId('overview-list-search').fill('sverige');
    await expect.poll(() => titles('overview-location')).toEqual(['Sverige']);
    await page.getByTestId('overview-list-search').fill('');
    await expect.poll(async () => (await titles('overview-location')).length).toBeGreaterThan(1);
  });

  it("opens a row's dialog: the location dialog, the person dialog and the event modal", async () => {
    await page.getByTestId('overview-scope').getByText(sv('overview.scope.orphans')).click();
    await expect.poll(() => titles('overview-location')).toEqual(['Gotland']);
    await page.getByTestId('overview-location').click();
    const dialog = new LocationDialog(page);
    await dialog.waitForPlace('Gotland');
    expect(await dialog.locationId()).toBe(ids.gotland);
    await page.keyboard.press('Escape');
    await page.getByTestId('location-details').waitFor({ state: 'detached' });

    await page.getByTestId('overview-type').getByText(sv('overview.type.person')).click();
    await expect.poll(() => titles('overview-person')).toEqual(['Olle Ensam']);
    await page.getByTestId('overview-person').click();
    await page.getByTestId('person-dialog-name').filter({ hasText: 'Olle Ensam' }).waitFor();
    await session.screenshot('overview-person-dialog-1280.png');
    await page.keyboard.press('Escape');
    await page.getByTestId('person-dialog-name').waitFor({ state: 'detached' });

    // No event is without participants: the placeholder; all events show type, date and place.
    await page.getByTestId('overview-type').getByText(sv('overview.type.event')).click();
    await page.getByTestId('overview-list-empty').getByText(sv('overview.empty.event')).waitFor();
    await page.getByTestId('overview-scope').getByText(sv('overview.scope.all')).click();
    await expect.poll(() => titles('overview-event')).toEqual([sv('events.types.birth.name')]);
    expect(await page.getByTestId('overview-event-detail').textContent()).toMatch(/1950.*· Värmland$/);
    await page.getByTestId('overview-event').click();
    await page.getByTestId('event-editor').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('event-editor').waitFor({ state: 'detached' });
  });

  it('offers the overview in the limit dialog when a new place would pass the limit', async () => {
    // The free plan's limit refuses the new place on purpose.
    session.expectHttpError(403, /\/location\/match$/);
    await shell.goto(`/app/${treeId}/places`);
    const places = new PlacesPage(page);
    await places.waitUntilShown();
    await places.findOrAdd('Öland');
    await page.getByTestId('limit-dialog-overview').waitFor();
    await page.getByTestId('limit-dialog').getByText(sv('overview.limitHint')).waitFor();
    await session.screenshot('overview-limit-dialog-1280.png');
    await page.getByTestId('limit-dialog-overview').click();
    await shell.waitForPath(overviewPath());
    await page.getByTestId('limit-dialog-overview').waitFor({ state: 'detached' });
    await expect.poll(() => titles('overview-person')).toEqual(['Olle Ensam']);

    // On a phone the type and the two toggles wrap above the list.
    await page.setViewportSize(phone);
    await page.getByTestId('overview-type').waitFor();
    await session.screenshot('overview-persons-375.png');
    await page.setViewportSize(desktop);
    expect(pageErrors).toEqual([]);
  });
});
