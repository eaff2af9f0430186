import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';
import { LocationDialog, PlacesPage } from './pages/places-page.ts';

interface Place {
  id: string;
  name: string;
  parentId: string | null;
  coordinates: { lat: number; lng: number } | null;
  ancestors: { id: string; name: string }[];
}

const rashultPath = 'Råshult, Stenbrohult, Kronobergs län, Sverige';

/** Issue 19, items 8–11: typed places without silent duplicates, paths in the list, a level above, coordinates. */
describe.skipIf(!browserAvailable())('places by their paths', () => {
  const session = useBrowserSession({ name: 'places-paths', timeout: 10_000 });
  let page: Page;
  let shell: AppShell;
  let places: PlacesPage;
  let dialog: LocationDialog;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  const ids: Record<string, string> = {};
  /** Every place write the browser sends (method and path). */
  const placeWrites: string[] = [];

  const placeCount = async () =>
    (await api.send<{ total: number }>('GET', `${treeId}/location?pageSize=1`, undefined)).total;
  const getPlace = (id: string) => api.send<Place>('GET', `${treeId}/location/${id}`, undefined);
  const match = async (text: string) =>
    (await api.send<{ location: Place }>('POST', `${treeId}/location/match`, { text })).location;

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Carl', password: 'platser-med-vagar-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Linnaeus',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Carl', lName: 'Linnaeus', gender: 'male' });
    ids.rashult = (await match(rashultPath)).id;
    ids.bergStenbrohult = (await match('Berg, Stenbrohult, Kronobergs län, Sverige')).id;
    ids.bergLinneryd = (await match('Berg, Linneryd, Kronobergs län, Sverige')).id;
    await session.signIn(api.cookie);
    page = session.page;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        request.method() !== 'GET' &&
        /\/location(\/|$)/.test(url.pathname) &&
        !/\/(suggestions\/location|preview|map)$/.test(url.pathname)
      ) {
        placeWrites.push(`${request.method()} ${url.pathname}`);
      }
    });
    shell = new AppShell(page, session.server.url);
    places = new PlacesPage(page);
    dialog = new LocationDialog(page);
    await shell.goto(`/app/${treeId}/places`);
    await places.waitUntilShown();
  });

  it('offers the existing place for "Råshult, Stenbrohult" instead of creating a duplicate (item 8)', async () => {
    const before = await placeCount();
    await places.picker.fill('Råshult, Stenbrohult');
    // The suggestions follow the typed path…
    await page
      .getByTestId('places-find-input-option')
      .and(page.locator(`[data-location-id="${ids.rashult}"]`))
      .waitFor();
    expect(await page.getByTestId('places-find-input-option').allTextContents()).toEqual([rashultPath]);
    // …and so does what the text names.
    await page.locator('[data-testid="places-find-input-preview"][data-kind="exists"]').waitFor();
    const existing = page.getByTestId('places-find-input-preview-existing');
    expect(await existing.allTextContents()).toEqual([rashultPath]);
    await page.keyboard.press('Escape');
    await existing.click();
    await dialog.waitForPlace('Råshult');
    expect(await dialog.locationId()).toBe(ids.rashult);
    await dialog.close();

    // Confirmed as typed, the text still finds the existing place.
    await places.picker.fill('rashult, STENBROHULT');
    await page.locator('[data-testid="places-find-input-preview"][data-kind="exists"]').waitFor();
    await places.picker.press('Enter');
    await page.getByText(sv('places.findOrAdd.exists', { name: 'Råshult' })).waitFor();
    await dialog.waitForPlace('Råshult');
    expect(await dialog.locationId()).toBe(ids.rashult);
    await dialog.close();
    expect(await placeCount()).toBe(before);
  });

  it('says which places typed text would create, and where, before creating them (item 8)', async () => {
    const before = await placeCount();
    const writes = placeWrites.length;
    await places.picker.fill('Norrgården, Råshult, Stenbrohult');
    await page.locator('[data-testid="places-find-input-preview"][data-kind="create"]').waitFor();
    expect(await page.getByTestId('places-find-input-preview-create').textContent()).toBe('Norrgården');
    expect(await page.getByTestId('places-find-input-preview-where').textContent()).toBe(
      sv('places.picker.within', { place: rashultPath }),
    );
    expect(placeWrites.length).toBe(writes);
    expect(await placeCount()).toBe(before);

    await places.picker.press('Enter');
    await page.getByText(sv('places.findOrAdd.created_one', { count: 1, name: 'Norrgården' })).waitFor();
    await dialog.waitForPlace('Norrgården');
    expect(await dialog.breadcrumb()).toEqual(['Sverige', 'Kronobergs län', 'Stenbrohult', 'Råshult']);
    await dialog.close();
    expect(await placeCount()).toBe(before + 1);
  });

  it('asks within which of two namesakes new places go, and creates them there (item 8)', async () => {
    const before = await placeCount();
    await places.picker.fill('Stugan, Berg');
    await page.getByText(sv('places.picker.chooseWithin')).waitFor();
    const within = page.getByTestId('places-find-input-preview-within');
    expect(await within.allTextContents()).toEqual([
      'Berg, Stenbrohult, Kronobergs län, Sverige',
      'Berg, Linneryd, Kronobergs län, Sverige',
    ]);
    await within.filter({ hasText: 'Linneryd' }).click();
    await expect.poll(() => places.picker.inputValue()).toBe('Stugan, Berg, Linneryd, Kronobergs län, Sverige');
    await page
      .getByTestId('places-find-input-preview-where')
      .filter({ hasText: sv('places.picker.within', { place: 'Berg, Linneryd, Kronobergs län, Sverige' }) })
      .waitFor();
    expect(await placeCount()).toBe(before);
    await places.picker.press('Enter');
    await dialog.waitForPlace('Stugan');
    expect(await dialog.breadcrumb()).toEqual(['Sverige', 'Kronobergs län', 'Linneryd', 'Berg']);
    expect((await getPlace(await dialog.locationId())).parentId).toBe(ids.bergLinneryd);
    await dialog.close();
  });

  it('the event dialog says which places a typed place creates, and where, before saving (item 8)', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('person-page').waitFor();
    await page.getByTestId('person-add-event').click();
    const modal = new EventModal(page);
    await modal.waitForPicker();
    await modal.chooseType('birth');
    await modal.setDate({ type: 'about', start: '1707' });
    const before = await placeCount();

    await modal.typePlace('Råshult, Stenbrohult');
    await page.locator('[data-testid="event-location-preview"][data-kind="exists"]').waitFor();
    expect(await page.getByTestId('event-location-preview-existing').allTextContents()).toEqual([rashultPath]);

    await modal.typePlace('Lillgården, Råshult, Stenbrohult');
    await page.locator('[data-testid="event-location-preview"][data-kind="create"]').waitFor();
    expect(await page.getByTestId('event-location-preview-create').textContent()).toBe('Lillgården');
    expect(await page.getByTestId('event-location-preview-where').textContent()).toBe(
      sv('places.picker.within', { place: rashultPath }),
    );
    expect(await placeCount()).toBe(before);
    await modal.saveAndWaitClosed();

    const events = await api.send<{ events: { type: string; location: { text: string } | null }[] }>(
      'POST',
      `${treeId}/event/node/${rootId}`,
      {},
    );
    expect(events.events.find((event) => event.type === 'birth')?.location?.text).toBe(`Lillgården, ${rashultPath}`);
    expect(await placeCount()).toBe(before + 1);
  });

  it('lists each place with its path, so that namesakes are told apart, and shows the places as a tree (item 9)', async () => {
    await shell.goto(`/app/${treeId}/places`);
    await places.waitUntilShown();
    await places.search('berg');
    const bergRows = page
      .getByTestId('place-row')
      .filter({ has: page.getByTestId('place-row-name').getByText('Berg', { exact: true }) });
    await expect
      .poll(async () => (await bergRows.getByTestId('place-row-within').allTextContents()).sort())
      .toEqual(['Linneryd, Kronobergs län, Sverige', 'Stenbrohult, Kronobergs län, Sverige']);
    await places.search('');

    await page.getByTestId('places-view').getByText(sv('places.list.viewTree'), { exact: true }).click();
    const tree = page.getByTestId('places-tree');
    await tree.waitFor();
    const node = (id: string) => tree.locator(`[data-testid="places-tree-node"][data-location-id="${id}"]`);
    const names = () => tree.getByTestId('places-tree-name').allTextContents();
    await expect.poll(names).toEqual(['Sverige']);
    await tree.getByRole('button', { name: sv('places.list.expand', { name: 'Sverige' }) }).click();
    await expect.poll(names).toEqual(['Sverige', 'Kronobergs län']);
    await tree.getByRole('button', { name: sv('places.list.expand', { name: 'Kronobergs län' }) }).click();
    await expect.poll(names).toEqual(['Sverige', 'Kronobergs län', 'Linneryd', 'Stenbrohult']);
    await tree.getByRole('button', { name: sv('places.list.expand', { name: 'Stenbrohult' }) }).click();
    await node(ids.rashult ?? '').waitFor();
    expect(await node(ids.rashult ?? '').getAttribute('data-depth')).toBe('3');
    expect(await node(ids.bergStenbrohult ?? '').getAttribute('data-depth')).toBe('3');
    await session.screenshot('places-tree-1280.png');
    await node(ids.rashult ?? '')
      .getByTestId('places-tree-name')
      .first()
      .click();
    await shell.waitForPath(`/app/${treeId}/location/${ids.rashult}`);
    await dialog.waitForPlace('Råshult');
  });

  it('inserts a new place above an existing one (item 10)', async () => {
    await shell.goto(`/app/${treeId}/places`);
    await places.waitUntilShown();
    await places.chooseSuggestion('råshult', 'Råshult');
    await dialog.waitForPlace('Råshult');
    await page.getByTestId('location-add-above').click();
    await page.locator('[data-testid="location-details"][data-mode="new"]').waitFor();
    expect(await page.getByTestId('location-above-name').textContent()).toBe('Råshult');
    expect(await page.getByTestId('location-parent-name').textContent()).toBe('Stenbrohult');
    await page.getByTestId('location-name-input').fill('Rote 5');
    await page.getByTestId('location-type-input').fill('rote');
    await dialog.save();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });

    const moved = await getPlace(ids.rashult ?? '');
    expect(moved.ancestors.map((ancestor) => ancestor.name)).toEqual([
      'Sverige',
      'Kronobergs län',
      'Stenbrohult',
      'Rote 5',
    ]);
  });

  it('refuses to save invalid coordinates and says so, sending nothing (item 11)', async () => {
    await places.chooseSuggestion('råshult', 'Råshult');
    await dialog.waitForPlace('Råshult');
    await dialog.edit();
    await page.getByTestId('location-map-location').click();
    await page.getByTestId('coordinate-lat').waitFor();
    const writes = placeWrites.length;
    const message = sv('location.validation.invalidCoordinates');
    const coordinatesError = page.getByTestId('location-coordinates-error');

    await page.getByTestId('coordinate-lat').fill('95');
    await page.getByTestId('coordinate-lng').fill('14.5');
    await dialog.save();
    await coordinatesError.filter({ hasText: message }).waitFor();
    expect(await page.locator('[data-testid="location-details"][data-mode="edit"]').count()).toBe(1);

    // One field filled and the other empty is not a position either.
    await page.getByTestId('coordinate-lat').fill('56.63');
    await page.getByTestId('coordinate-lng').fill('');
    await dialog.save();
    await coordinatesError.filter({ hasText: message }).waitFor();
    expect(placeWrites.length).toBe(writes);
    expect((await getPlace(ids.rashult ?? '')).coordinates).toBeNull();

    // Corrected, the place saves with them.
    await page.getByTestId('coordinate-lng').fill('14.44');
    await coordinatesError.filter({ hasText: message }).waitFor({ state: 'detached' });
    await dialog.save();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });
    expect((await getPlace(ids.rashult ?? '')).coordinates).toEqual({ lat: 56.63, lng: 14.44 });
  });
});
