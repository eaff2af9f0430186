import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, screenshotDir, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { MapPage } from './pages/map-page.ts';

/** Places with coordinates; Stockholm and Solna lie close enough to be drawn as one cluster. */
const places = [
  { name: 'Stockholm', type: 'Stad', coordinates: { lat: 59.3293, lng: 18.0686 } },
  { name: 'Solna', type: 'Stad', coordinates: { lat: 59.36, lng: 18.0009 } },
  { name: 'Malmö', type: 'Stad', coordinates: { lat: 55.605, lng: 13.0038 } },
  { name: 'Östersund', type: 'Stad', coordinates: { lat: 63.1792, lng: 14.6357 } },
  { name: 'Umeå', type: 'Stad', coordinates: { lat: 63.8258, lng: 20.263 } },
  { name: 'Kiruna', type: 'Stad', coordinates: { lat: 67.8558, lng: 20.2253 } },
];

async function createTree(user: ApiUser, treeName: string) {
  return user.send<{ id: string; rootId: string }>('POST', `user/${user.userId}/tree`, { treeName });
}

describe.skipIf(!browserAvailable())('the map of places in the browser', () => {
  const session = useBrowserSession({ name: 'map' });
  const { pageErrors } = session;
  let page: Page;
  let map: MapPage;
  let shell: AppShell;
  let treeId: string;
  let rootId: string;
  const ids = new Map<string, string>();
  const outsideRequests: string[] = [];

  beforeAll(async () => {
    const { server, context } = session;
    const user = await registerApiUser(server, { fName: 'Karta', password: 'kartor-och-platser-1' });
    const tree = await createTree(user, 'Släkten på kartan');
    treeId = tree.id;
    rootId = tree.rootId;
    // A root person with a name: otherwise the person page asks for one first.
    await user.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Karin', lName: 'Karta', gender: 'female' });
    // A place without coordinates stays off the map.
    await user.send('POST', `${treeId}/location`, { location: { name: 'Sverige', type: 'Land' } });
    for (const place of places) {
      const created = await user.send<{ location: { id: string } }>('POST', `${treeId}/location`, {
        location: place,
      });
      ids.set(place.name, created.location.id);
    }

    await session.signIn(user.cookie);
    // No network: tiles fail, as on a machine offline. Everything else must come from the server.
    await context.route(
      (url) => url.origin !== new URL(server.url).origin,
      (route) => {
        outsideRequests.push(route.request().url());
        return route.abort('internetdisconnected');
      },
    );
    page = session.page;
    // React Router catches a page's render errors and logs them; the offline tiles log their failures.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        pageErrors.push(message.text());
      }
    });
    map = new MapPage(page);
    shell = new AppShell(page, server.url);
  });

  it('opens from the header inside a tree and shows the places with coordinates, clustered', async () => {
    await shell.goto(`/app/${treeId}/person/${rootId}`);
    await page.getByTestId('nav-tree-map').click();
    await shell.waitForPath(`/app/${treeId}/map`);
    await map.waitUntilShown();
    expect(await map.count()).toBe(sv('map.count_other', { count: places.length }));

    await map.marker('Malmö').waitFor();
    // Stockholm and Solna, a few kilometres apart, are one cluster of two at the zoom showing all of Sweden.
    await expect.poll(() => map.markerNames()).toEqual(['Kiruna', 'Malmö', 'Umeå', 'Östersund']);
    expect(await map.clusters.count()).toBe(1);
    expect((await map.clusters.first().textContent())?.trim()).toBe('2');
    expect(await map.attribution()).toContain('OpenStreetMap');
    await page.screenshot({ path: path.join(screenshotDir, 'map-page.png') });

    // Only tiles were asked of the outside world; the marker images are part of the app.
    expect(outsideRequests.length).toBeGreaterThan(0);
    for (const url of outsideRequests) expect(url).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
  });

  it('opens a cluster by zooming in', async () => {
    await map.clusters.first().click();
    await expect.poll(() => map.markerNames()).toEqual(expect.arrayContaining(['Solna', 'Stockholm']));
  });

  it('opens the place page when a marker is clicked', async () => {
    await shell.goto(`/app/${treeId}/map`);
    await map.waitUntilShown();
    // A click during the map's opening zoom may land beside the moving marker: click until it leads there.
    const target = `/app/${treeId}/location/${ids.get('Umeå')}`;
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname !== target) {
            await map
              .marker('Umeå')
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          }
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(target);
  });

  it('says so when no place has coordinates', async () => {
    const other = await registerApiUser(session.server, { fName: 'Tom', password: 'inga-koordinater-1' });
    const tree = await createTree(other, 'Utan koordinater');
    await other.send('POST', `${tree.id}/location`, { location: { name: 'Okänd by' } });
    await session.signOut();
    await session.signIn(other.cookie);
    await shell.goto(`/app/${tree.id}/map`);
    await page.getByTestId('map-empty').waitFor();
    expect(await page.getByTestId('map-empty').textContent()).toContain(sv('map.empty'));
    expect(await page.getByTestId('tree-map').count()).toBe(0);
  });

  it('had no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
