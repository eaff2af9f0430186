import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';

interface Place {
  id: string;
  name: string;
  parentId: string | null;
  coordinates: { lat: number; lng: number } | null;
  childrenCount: number;
}

/** Issue 21: a place merged into another from the place's page, with the preview, a field choice and undo. */
describe.skipIf(!browserAvailable())('merging places', () => {
  const session = useBrowserSession({ name: 'merge-places', timeout: 10_000 });
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let keptId = '';
  let otherId = '';

  const getPlace = (id: string) => api.send<Place>('GET', `${treeId}/location/${id}`, undefined);
  const placeCount = async () =>
    (await api.send<{ total: number }>('GET', `${treeId}/location?pageSize=1`, undefined)).total;

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Carl', password: 'platser-slas-ihop-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Linnaeus',
    });
    treeId = tree.id;
    await api.send('PUT', `${treeId}/person/${tree.rootId}`, { fName: 'Carl', lName: 'Linnaeus', gender: 'male' });
    const match = async (text: string) =>
      (await api.send<{ location: Place }>('POST', `${treeId}/location/match`, { text })).location;
    keptId = (await match('Stenbrohult, Kronobergs län')).id;
    const other = await api.send<{ location: Place }>('POST', `${treeId}/location`, {
      location: { name: 'Stenbrohults socken', coordinates: { lat: 56.63, lng: 14.25 } },
    });
    otherId = other.location.id;
    await api.send('POST', `${treeId}/location`, { location: { name: 'Råshult' }, ancestorId: otherId });
    await api.send('POST', `${treeId}/event`, {
      type: 'birth',
      startDate: '1707-05-23',
      locationId: otherId,
      participants: [{ personId: tree.rootId, role: 'primary' }],
    });
    await session.signIn(api.cookie);
    page = session.page;
    await new AppShell(page, session.server.url).goto(`/app/${treeId}/location/${keptId}`);
    await page.getByTestId('location-name').filter({ hasText: 'Stenbrohult' }).waitFor();
  });

  it('shows what moves, lets a field of the other win, merges, and undoes from the notice', async () => {
    expect(await placeCount()).toBe(4);
    await page.getByTestId('location-merge').click();
    const modal = page.getByTestId('merge-modal');
    await modal.getByText(sv('nodeMerge.pickPlace')).waitFor();
    await page.getByTestId('merge-pick-place').fill('Stenbrohults');
    await page.locator(`[data-testid="merge-pick-place-option"][data-location-id="${otherId}"]`).click();

    const preview = page.getByTestId('merge-preview');
    await preview.waitFor();
    expect(await page.getByTestId('merge-kept').textContent()).toContain('Stenbrohult, Kronobergs län');
    expect(await page.getByTestId('merge-other').textContent()).toContain('Stenbrohults socken');
    // What moves: the birth and the child place, named.
    const moves = page.getByTestId('merge-moves');
    await moves.locator('[data-kind="event"][data-total="1"]').waitFor();
    expect(await moves.locator('[data-kind="event"]').textContent()).toContain(sv('events.types.birth.name'));
    expect(await moves.locator('[data-kind="place"]').textContent()).toContain('Råshult');
    // The name, coordinates and parent differ, each with a choice; the kept place's value is chosen.
    await page.getByTestId('merge-field-coordinates').waitFor();
    expect(await page.getByTestId('merge-field-name').textContent()).toContain('Stenbrohults socken');
    expect(await page.getByTestId('merge-field-parent').textContent()).toContain(sv('nodeMerge.top'));
    await page.getByTestId('merge-field-coordinates-other').click();
    await session.screenshot('merge-places-preview.png');

    await page.getByTestId('merge-confirm').click();
    await page.getByTestId('merge-notice').waitFor();
    await modal.waitFor({ state: 'hidden' });
    // The page shows the kept place with the child place that moved to it.
    await page.getByTestId('location-children').getByText('Råshult').waitFor();
    const kept = await getPlace(keptId);
    expect(kept).toMatchObject({ name: 'Stenbrohult', coordinates: { lat: 56.63, lng: 14.25 }, childrenCount: 1 });
    expect(await placeCount()).toBe(3);

    await page.getByTestId('merge-undo').click();
    await page.getByText(sv('nodeMerge.undone')).waitFor();
    await expect.poll(placeCount).toBe(4);
    expect(await getPlace(otherId)).toMatchObject({ name: 'Stenbrohults socken', childrenCount: 1 });
    expect((await getPlace(keptId)).coordinates).toBeNull();
    // The page follows: the child place has gone back to the other place.
    await page.getByTestId('location-children').getByText('Råshult').waitFor({ state: 'detached' });
  });
});
