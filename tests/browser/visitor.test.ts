import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../../packages/server/src/db/schema.ts';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';

/**
 * A visitor opens a shared tree by its link, signed out: they browse persons, the charts and the
 * map read-only, living persons are "Privat"; the link stops working when sharing is turned off,
 * and a lapsed owner subscription is told as such.
 */
describe.skipIf(!browserAvailable())('a visitor of a shared tree', () => {
  const session = useBrowserSession({ name: 'visitor' });
  const { pageErrors } = session;
  let owner: ApiUser;
  let page: Page;
  let treeId: string;
  let rootId: string;
  let gustavId: string;
  let token: string;

  beforeAll(async () => {
    const { server } = session;
    owner = await registerApiUser(server, { fName: 'Delare', password: 'dela-med-släkten-1', paid: true });
    const tree = await owner.send<{ id: string; rootId: string }>('POST', `user/${owner.userId}/tree`, {
      treeName: 'Släkten Gammal',
    });
    treeId = tree.id;
    rootId = tree.rootId;
    // The root, Rut, has nothing recorded: presumed living, so private. Her grandfather Gustav died in 1920.
    await owner.send('PUT', `${treeId}/person/${rootId}`, { fName: 'Rut', lName: 'Levandesson', gender: 'female' });
    const father = await owner.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Erik', lName: 'Gammal' },
      relation: { type: 'parent', personId: rootId },
    });
    const gustav = await owner.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Gustav', lName: 'Gammal' },
      relation: { type: 'parent', personId: father.id },
    });
    gustavId = gustav.id;
    const sunne = await owner.send<{ location: { id: string } }>('POST', `${treeId}/location`, {
      location: { name: 'Sunne', type: 'Socken', coordinates: { lat: 59.836, lng: 13.143 } },
    });
    const primary = (personId: string) => [{ personId, role: 'primary' }];
    await owner.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1850-03-01',
      locationId: sunne.location.id,
      participants: primary(gustav.id),
    });
    await owner.send('POST', `${treeId}/event`, { type: 'death', startDate: '1920', participants: primary(gustav.id) });
    await owner.send('POST', `${treeId}/event`, { type: 'birth', startDate: '1890', participants: primary(father.id) });
    await owner.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1990-06-01',
      locationId: sunne.location.id,
      participants: primary(rootId),
    });
    const shared = await owner.send<{ token: string }>('PUT', `${treeId}/share`, { enabled: true });
    token = shared.token;
    // Signed out: no session cookie at all.
    page = session.page;
  });

  it('opens the shared tree signed out, read-only, with the living root as "Privat"', async () => {
    await page.goto(`${session.server.url}/share/${token}`);
    await page.waitForURL(`**/share/${token}/${treeId}/person/${rootId}`);
    await expect.poll(() => page.getByTestId('person-name').textContent()).toBe(sv('visitor.private'));
    await page.getByTestId('visitor-banner').waitFor();
    for (const control of ['person-name-edit', 'person-add-event', 'person-delete', 'person-make-root', 'add-child']) {
      expect(await page.getByTestId(control).count(), control).toBe(0);
    }
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Rut');
    expect(text).not.toContain('Levandesson');
    expect(text).not.toContain('1990');
    await session.screenshot('visitor-private-root.png');
  });

  it('shows a person who is long dead with names and dates, still read-only', async () => {
    await page.goto(`${session.server.url}/app/${treeId}/person/${gustavId}`);
    await expect.poll(() => page.getByTestId('person-name').textContent()).toContain('Gustav');
    await expect.poll(() => page.locator('body').innerText()).toContain('1850');
    expect(await page.getByTestId('person-name-edit').count()).toBe(0);
    expect(await page.getByTestId('person-add-event').count()).toBe(0);
  });

  it('draws the charts with the living root as "Privat"', async () => {
    await page.goto(`${session.server.url}/app/${treeId}/tree/${rootId}`);
    await page.getByTestId('chart-box').first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('Gustav');
    expect(text).toContain(sv('visitor.private'));
    expect(text).not.toContain('Levandesson');
    await session.screenshot('visitor-chart.png');
  });

  it('shows the map of places', async () => {
    await page.goto(`${session.server.url}/app/${treeId}/map`);
    await page.locator('.leaflet-marker-icon, .marker-cluster').first().waitFor();
  });

  it('shows the places read-only', async () => {
    await page.goto(`${session.server.url}/app/${treeId}/places`);
    await expect.poll(() => page.locator('body').innerText()).toContain('Sunne');
    expect(await page.getByTestId('places-new').count()).toBe(0);
    expect(await page.getByTestId('places-find-or-add').count()).toBe(0);
  });

  it('lists only persons who are not living', async () => {
    await page.goto(`${session.server.url}/app/${treeId}/persons`);
    await expect.poll(() => page.locator('body').innerText()).toContain('Gustav');
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Levandesson');
  });

  it('stops working when the owner turns sharing off', async () => {
    await owner.send('PUT', `${treeId}/share`, { enabled: false });
    // The withdrawn link and the tree's addresses answer 404 on purpose.
    session.expectHttpError(404, /\/api\//);
    await page.goto(`${session.server.url}/share/${token}`);
    await page.getByTestId('share-link-invalid').waitFor();
    // The tree's own address no longer opens either.
    await page.goto(`${session.server.url}/app/${treeId}/person/${gustavId}`);
    await page.getByTestId('error-view').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Gustav');
  });

  it('tells the visitor when the owner’s subscription has lapsed', async () => {
    const again = await owner.send<{ token: string }>('PUT', `${treeId}/share`, { enabled: true });
    await session.server.database.db
      .update(subscription)
      .set({ validUntil: new Date(Date.now() - 86_400_000) })
      .where(eq(subscription.userId, owner.userId));
    session.expectHttpError(403, /\/api\/share\//);
    await page.goto(`${session.server.url}/share/${again.token}`);
    await expect.poll(() => page.locator('body').innerText()).toContain(sv('tree.error.ownerSubscriptionExpired'));
    await session.screenshot('visitor-owner-expired.png');
    expect(pageErrors).toEqual([]);
  });
});
