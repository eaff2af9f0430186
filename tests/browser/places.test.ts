import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  browserAvailable,
  desktop,
  phone,
  registerApiUser,
  screenshotDir,
  settled,
  sv,
  useBrowserSession,
} from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { LocationDialog, PlacesPage } from './pages/places-page.ts';

interface Place {
  id: string;
  name: string;
  parentId: string | null;
  coordinates: { lat: number; lng: number } | null;
  primaryLink: string | null;
  ancestors: { id: string; name: string }[];
}

const typed = 'Västra Fors, Sunne, Värmland, Sverige';
const link = 'https://sv.wikipedia.org/wiki/Sunne';

describe.skipIf(!browserAvailable())('places in the browser', () => {
  const session = useBrowserSession({ name: 'places', timeout: 10_000 });
  const { pageErrors } = session;
  let page: Page;
  let shell: AppShell;
  let places: PlacesPage;
  let dialog: LocationDialog;
  let api: ApiUser;
  let treeId = '';
  let rootId = '';
  const ids: Record<string, string> = {};
  /** Every place write the browser sends (method and path), to tell "nothing was sent". */
  const placeWrites: string[] = [];

  const placeCount = async () =>
    (await api.send<{ total: number }>('GET', `${treeId}/location?pageSize=1`, undefined)).total;
  const getPlace = (id: string) => api.send<Place>('GET', `${treeId}/location/${id}`, undefined);

  /** The notifications of places created would cover the dialog; the session's screenshot closes them first. */
  const dialogScreenshot = (name: string) => session.screenshot(name);

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Greta', password: 'platser-och-orter-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Fors',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Greta', lName: 'Fors', gender: 'female' });
    await session.signIn(api.cookie);
    page = session.page;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' && /\/location(\/|$)/.test(url.pathname) && !url.pathname.endsWith('/map')) {
        placeWrites.push(`${request.method()} ${url.pathname}`);
      }
    });
    shell = new AppShell(page, session.server.url);
    places = new PlacesPage(page);
    dialog = new LocationDialog(page);
  });

  it('types a four-level place in the location picker and sees four places created, once', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('nav-tree-places').click();
    await shell.waitForPath(`/app/${treeId}/places`);
    await places.waitUntilShown();
    await page.getByTestId('places-list-empty').waitFor();

    await places.findOrAdd(typed);
    await page.getByText(sv('places.findOrAdd.created_other', { count: 4, name: 'Västra Fors' })).waitFor();
    await dialog.waitForPlace('Västra Fors');
    expect(await dialog.breadcrumb()).toEqual(['Sverige', 'Värmland', 'Sunne']);
    expect(await placeCount()).toBe(4);
    ids.vastraFors = await dialog.locationId();
    await dialogScreenshot('place-dialog-view-1280.png');
    await dialog.close();
    expect(await places.picker.inputValue()).toBe('');
    await expect.poll(() => places.names()).toEqual(['Sunne', 'Sverige', 'Värmland', 'Västra Fors']);

    // The same text again: every level exists, nothing is created.
    await places.findOrAdd(typed);
    await page.getByText(sv('places.findOrAdd.exists', { name: 'Västra Fors' })).waitFor();
    await dialog.waitForPlace('Västra Fors');
    expect(await dialog.locationId()).toBe(ids.vastraFors);
    expect(await placeCount()).toBe(4);
    expect(placeWrites.filter((write) => write.endsWith('/location/match'))).toHaveLength(2);
  });

  it('sets the coordinates by clicking the map, adds a link and saves', async () => {
    await dialog.edit();
    await page.getByTestId('location-map-location').click();
    const map = page.getByTestId('coordinate-map');
    await map.waitFor();
    // No tiles load here (no network): the map still takes the click.
    await map.click({ position: { x: 200, y: 120 } });
    await expect.poll(() => page.getByTestId('coordinate-lat').inputValue()).not.toBe('');
    await page.getByTestId('location-link-add').click();
    await page.getByTestId('location-link-input').fill(link);
    await page.getByTestId('location-type-input').fill('by');
    await dialogScreenshot('place-dialog-edit-1280.png');
    await dialog.save();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });

    const saved = await getPlace(ids.vastraFors ?? '');
    expect(saved.coordinates).not.toBeNull();
    expect(saved.primaryLink).toBe(link);
    expect(placeWrites.filter((write) => write.startsWith('PUT'))).toHaveLength(1);
  });

  it('saves an unchanged place without sending anything', async () => {
    await places.chooseSuggestion('västra', 'Västra Fors');
    await dialog.waitForPlace('Västra Fors');
    await expect.poll(() => page.getByTestId('location-link-anchor').getAttribute('href')).toBe(link);
    await dialog.edit();
    const writes = placeWrites.length;
    await dialog.save();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });
    expect(placeWrites.length).toBe(writes);
  });

  it("opens the parent's map of subordinate places and sees the marker", async () => {
    // Arrows and Enter in the suggestions, which open after the pause in typing.
    await places.chooseSuggestion('sunne', 'Sunne');
    await dialog.waitForPlace('Sunne');
    ids.sunne = await dialog.locationId();
    expect(await dialog.breadcrumb()).toEqual(['Sverige', 'Värmland']);
    await page.getByTestId('location-subordinate-map-button').click();
    const map = page.getByTestId('location-subordinate-map');
    await map.waitFor();
    await map.locator('.leaflet-marker-icon[title="Västra Fors"]').waitFor();
    await dialogScreenshot('place-subordinate-map-1280.png');
    await page.keyboard.press('Escape');
    await map.waitFor({ state: 'detached' });
    // Only the map closed: the dialog is still on Sunne.
    expect(await dialog.name()).toBe('Sunne');
  });

  it('shows the location tree with the sizes of SPEC §9, and jumps to a place', async () => {
    await page.getByTestId('location-tree-button').click();
    const tree = page.getByTestId('location-tree');
    await tree.waitFor();
    const names = tree.getByTestId('location-tree-name');
    await expect.poll(() => names.allTextContents()).toEqual(['Sverige', 'Värmland', 'Sunne', 'Västra Fors']);
    const fontSizes = await names.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).fontSize),
    );
    expect(fontSizes).toEqual(['28px', '25px', '22px', '19px']);
    const box = await tree.locator('[data-location-id] > div').first().boundingBox();
    expect(box).toMatchObject({ width: 180, height: 100 });
    expect(await tree.locator('[aria-current="true"]').getAttribute('data-location-id')).toBe(ids.sunne);
    await dialogScreenshot('place-tree-1280.png');

    await tree.getByTestId('location-tree-show').first().click();
    await dialog.waitForPlace('Sverige');
    ids.sverige = await dialog.locationId();
    await page.getByTestId('location-tree').waitFor({ state: 'detached' });
  });

  it('chooses a parent in the tree: greys out the place itself, asks "connect to other" and before closing', async () => {
    await page.getByTestId('location-tree-button').click();
    await page.getByTestId('location-tree').getByTestId('location-tree-show').nth(2).click();
    await dialog.waitForPlace('Sunne');
    await dialog.edit();
    await page.getByTestId('location-parent-tree').click();
    const tree = page.getByTestId('location-tree');
    await tree.waitFor();
    const node = (name: string) => tree.getByTestId('location-tree-node').filter({ hasText: name });
    await expect.poll(() => node('Västra Fors').getByTestId('location-tree-choose').isDisabled()).toBe(true);
    expect(await node('Sunne').getByTestId('location-tree-choose').isDisabled()).toBe(true);

    await node('Sverige').getByTestId('location-tree-choose').click();
    await page.getByTestId('location-tree-chosen').filter({ hasText: 'Sverige' }).waitFor();
    await dialogScreenshot('place-tree-choose-1280.png');
    await page.keyboard.press('Escape');
    await page.getByTestId('location-tree-unconfirmed-cancel').click();
    await page.getByTestId('location-tree-confirm').click();
    await page.getByText(sv('places.connect.text', { name: 'Sunne', parent: 'Värmland', other: 'Sverige' })).waitFor();
    await page.getByTestId('location-connect-other-confirm').click();
    await tree.waitFor({ state: 'detached' });
    expect(await page.getByTestId('location-parent-name').textContent()).toBe('Sverige');

    // Leaving edit mode keeps the place as it was.
    await page.getByTestId('location-edit-cancel').click();
    await dialog.waitForPlace('Sunne');
    expect(await dialog.breadcrumb()).toEqual(['Sverige', 'Värmland']);
  });

  it('deletes the middle level with "only this one", and its child moves up', async () => {
    await page.getByTestId('location-delete').click();
    await page.getByTestId('delete-location-modal').getByTestId('delete-location-only').waitFor();
    expect(await page.getByTestId('delete-location-disconnect').count()).toBe(1);
    await dialogScreenshot('place-delete-1280.png');
    await page.getByTestId('delete-location-only').click();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });

    const moved = await getPlace(ids.vastraFors ?? '');
    expect(moved.ancestors.map((ancestor) => ancestor.name)).toEqual(['Sverige', 'Värmland']);
    const varmland = moved.ancestors[1];
    expect(moved.parentId).toBe(varmland?.id);
    expect(await placeCount()).toBe(3);
    await expect.poll(() => places.names()).toEqual(['Sverige', 'Värmland', 'Västra Fors']);
    ids.varmland = varmland?.id ?? '';
  });

  it('shows the location page with the tree and a map or list of the places within', async () => {
    await page
      .getByTestId('place-row')
      .filter({ has: page.getByTestId('place-row-name').getByText('Värmland', { exact: true }) })
      .click();
    await shell.waitForPath(`/app/${treeId}/location/${ids.varmland}`);
    await page.getByTestId('location-page').waitFor();
    await dialog.waitForPlace('Värmland');
    await page.getByTestId('location-page-tree-view-node').nth(2).waitFor();
    // A place within has coordinates, so the map comes first.
    await page.getByTestId('location-subordinate-map').locator('.leaflet-marker-icon[title="Västra Fors"]').waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(screenshotDir, 'location-page-1280.png'), fullPage: true });

    await page.getByTestId('location-page-view').getByText(sv('places.page.list'), { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('location-children').getByTestId('place-row-name').allTextContents())
      .toEqual(['Västra Fors']);
    await page.getByTestId('location-children').getByTestId('place-row').click();
    await shell.waitForPath(`/app/${treeId}/location/${ids.vastraFors}`);
    await dialog.waitForPlace('Västra Fors');
  });

  it('adds a new place within another one, found by searching', async () => {
    await shell.goto(`/app/${treeId}/places`);
    await places.waitUntilShown();
    await page.getByTestId('places-new').click();
    await page.getByTestId('location-name-input').fill('Arvika');
    await page.getByTestId('location-type-input').fill('stad');
    const parentPicker = page.getByTestId('location-parent-picker');
    await parentPicker.fill('värm');
    await page.getByTestId('location-parent-picker-option').filter({ hasText: 'Värmland' }).waitFor();
    await parentPicker.press('ArrowDown');
    await parentPicker.press('Enter');
    await expect.poll(() => page.getByTestId('location-parent-name').textContent()).toBe('Värmland');
    await dialog.save();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });
    await expect.poll(() => places.names()).toEqual(['Arvika', 'Sverige', 'Värmland', 'Västra Fors']);
    const found = await api.send<{ items: Place[] }>('GET', `${treeId}/location?q=arvika`, undefined);
    expect(found.items[0]?.parentId).toBe(ids.varmland);
  });

  it('shows an error indicator when the suggestions cannot be fetched', async () => {
    // The test answers the suggestions with 500 itself.
    session.expectHttpError(500, /\/suggestions\/location$/);
    session.expectHttpError(500, /\/suggestions\/location$/);
    await page.route('**/suggestions/location', (route) => route.fulfill({ status: 500, body: '{}' }));
    await places.picker.fill('sver');
    await page.getByTestId('places-find-input-error').waitFor();
    expect(await page.getByTestId('places-find-input-option').count()).toBe(0);
    await page.unroute('**/suggestions/location');
    await places.picker.fill('');
    await page.getByTestId('places-find-input-error').waitFor({ state: 'detached' });
  });

  it('opens the limit dialog when a typed place would pass the free limit, creating nothing', async () => {
    // The free plan's limit refuses the new places on purpose.
    session.expectHttpError(403, /\/location\/match$/);
    // 4 places now; 27 more would make 31 of the free 30.
    const levels = Array.from({ length: 27 }, (_, index) => `Nivå ${index + 1}`).join(', ');
    session.expectHttpError(403, /\/location\/match$/);
    await places.findOrAdd(levels);
    const limit = page.getByTestId('limit-dialog');
    await limit.getByText(sv('limit.locations')).waitFor();
    expect(await limit.getByTestId('limit-dialog-subscribe').count()).toBe(1);
    expect(await placeCount()).toBe(4);
    await limit.getByTestId('limit-dialog-close').click();
    await limit.getByText(sv('limit.locations')).waitFor({ state: 'detached' });
    await places.picker.fill('');
  });

  it("lists the place's events, and Escape in an event opened there leaves the place open", async () => {
    await api.send('POST', `${treeId}/event`, {
      type: 'burial',
      startDate: '1901',
      locationId: ids.vastraFors,
      participants: [{ personId: rootId, role: 'primary' }],
    });
    await shell.goto(`/app/${treeId}/places`);
    await places.waitUntilShown();
    await places.chooseSuggestion('västra', 'Västra Fors');
    await dialog.waitForPlace('Västra Fors');
    const events = page.getByTestId('location-events');
    await events.getByTestId('location-event-row').filter({ hasText: 'Greta Fors' }).click();
    await page.getByTestId('event-editor').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('event-modal').waitFor({ state: 'detached' });
    // The place is still open: one Escape closed only the topmost dialog.
    await dialog.waitForPlace('Västra Fors');
    await dialog.close();
  });

  it('fits a phone', async () => {
    await page.setViewportSize(phone);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await settled(page);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshotDir, 'location-page-375.png'), fullPage: true });

    await shell.goto(`/app/${treeId}/places`);
    await places.waitUntilShown();
    await expect.poll(() => places.names()).toEqual(['Arvika', 'Sverige', 'Värmland', 'Västra Fors']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshotDir, 'places-375.png') });

    await places.chooseSuggestion('värm', 'Värmland');
    await dialog.waitForPlace('Värmland');
    await dialogScreenshot('place-dialog-view-375.png');
    await page.getByTestId('location-tree-button').click();
    await page.getByTestId('location-tree').getByTestId('location-tree-node').nth(2).waitFor();
    const box = await page.getByTestId('location-tree').locator('[data-location-id] > div').first().boundingBox();
    expect(box).toMatchObject({ width: 120, height: 80 });
    await dialogScreenshot('place-tree-375.png');
    await page.keyboard.press('Escape');
    await dialog.edit();
    await dialogScreenshot('place-dialog-edit-375.png');
    await page.setViewportSize(desktop);
    expect(pageErrors).toEqual([]);
  });
});
