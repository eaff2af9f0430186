import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { PersonListPage } from './pages/person-list-page.ts';

/**
 * The two "direct lineage only" switches: the person list's, which asks the server for the root's
 * ancestors and descendants, and a place's events', which keeps the events with one of them.
 * The tree: the root Anna, her father Per and her daughter Maja (the lineage), her partner Nils
 * and her sister Lisa (not in it).
 */
describe.skipIf(!browserAvailable())('the direct-lineage switches in the browser', () => {
  const session = useBrowserSession({ name: 'lineage', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let api: ApiUser;
  let treeId = '';
  let placeId = '';

  /** The list's names, without what may follow them (life years, a place). */
  const listNames = async (list: PersonListPage) =>
    (await list.names()).map((name) => name.match(/^[\p{L} ]+/u)?.[0].trim() ?? name);

  beforeAll(async () => {
    page = session.page;
    shell = new AppShell(page, session.server.url);
    api = await registerApiUser(session.server, { fName: 'Anna', password: 'rakt-nedstigande-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Rud',
    });
    treeId = tree.id;
    const annaId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${annaId}`, { fName: 'Anna', lName: 'Rud', gender: 'female' });
    await api.send('POST', `${treeId}/person/${annaId}/parent`, { fName: 'Per', lName: 'Rud', gender: 'male' });
    const nils = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Nils', lName: 'Ek', gender: 'male' },
      relation: { type: 'partner', personId: annaId },
    });
    await api.send('POST', `${treeId}/person`, {
      person: { fName: 'Lisa', lName: 'Rud', gender: 'female' },
      relation: { type: 'sibling', personId: annaId },
    });
    const maja = await api.send<{ id: string }>('POST', `${treeId}/person/child`, {
      child: { fName: 'Maja', lName: 'Ek', gender: 'female' },
      parentIds: [annaId, nils.id],
    });
    // Births at one farm: Anna's and Maja's (the lineage) and Nils's (not).
    for (const [personId, year] of [
      [annaId, '1850'],
      [nils.id, '1848'],
      [maja.id, '1875'],
    ] as const) {
      await api.send('POST', `${treeId}/event`, {
        type: 'birth',
        startDate: year,
        location: 'Rud, Sunne, Värmland',
        participants: [{ personId, role: 'primary' }],
      });
    }
    const { location } = await api.send<{ location: { id: string } }>('POST', `${treeId}/location/match`, {
      text: 'Rud, Sunne, Värmland',
    });
    placeId = location.id;
    await session.signIn(api.cookie);
  });

  it("narrows the person list to the root's ancestors and descendants, kept in the address", async () => {
    const list = new PersonListPage(page);
    await shell.goto(`/app/${treeId}/persons`);
    await list.waitUntilShown();
    await expect.poll(() => listNames(list)).toEqual(['Maja Ek', 'Nils Ek', 'Anna Rud', 'Lisa Rud', 'Per Rud']);

    const lineage = page.getByRole('switch', { name: sv('personSearch.directLineage') });
    expect(await lineage.isChecked()).toBe(false);
    // The switch follows the address, which the click changes: clicked, then waited on.
    await lineage.click();
    await expect.poll(() => lineage.isChecked()).toBe(true);
    await expect.poll(() => listNames(list)).toEqual(['Maja Ek', 'Anna Rud', 'Per Rud']);

    // Reloaded, the list keeps the choice.
    await page.reload();
    await list.waitUntilShown();
    await expect.poll(() => listNames(list)).toEqual(['Maja Ek', 'Anna Rud', 'Per Rud']);
    expect(await lineage.isChecked()).toBe(true);

    await lineage.click();
    await expect.poll(() => lineage.isChecked()).toBe(false);
    await expect.poll(() => listNames(list)).toEqual(['Maja Ek', 'Nils Ek', 'Anna Rud', 'Lisa Rud', 'Per Rud']);
  });

  it("narrows a place's events to those of the lineage", async () => {
    await shell.goto(`/app/${treeId}/location/${placeId}`);
    const events = page.getByTestId('location-events');
    const rows = events.getByTestId('location-event-row');
    // Each row's first person by name: the name's own text, without the life years beside it.
    const people = () =>
      rows.evaluateAll((elements) =>
        elements.map((element) => {
          const person = element.querySelector('[data-testid="location-event-person"]');
          const texts = Array.from(person?.childNodes ?? []).filter((node) => node.nodeType === Node.TEXT_NODE);
          return texts.map((node) => node.textContent?.trim()).find((text) => text && text !== ',');
        }),
      );
    await expect.poll(people).toEqual(['Nils Ek', 'Anna Rud', 'Maja Ek']);

    const lineage = events.getByRole('switch', { name: sv('places.events.directLineage') });
    expect(await lineage.isChecked()).toBe(false);
    await lineage.click();
    await expect.poll(() => lineage.isChecked()).toBe(true);
    await expect.poll(people).toEqual(['Anna Rud', 'Maja Ek']);

    await lineage.click();
    await expect.poll(() => lineage.isChecked()).toBe(false);
    await expect.poll(people).toEqual(['Nils Ek', 'Anna Rud', 'Maja Ek']);
  });
});
