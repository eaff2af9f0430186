import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';

// Issue 19 item 7: sanity warnings at the event editor's save step, with "save anyway", never a
// silent change; and an age from an uncertain date reads "about 62", not an exact number.

interface StoredEvent {
  id: string;
  type: string;
  startDate: string | null;
  startDateType: string;
}

describe.skipIf(!browserAvailable())('sanity warnings and honest ages', () => {
  const session = useBrowserSession({ name: 'sanity', reducedMotion: 'reduce', timeout: 10_000 });
  let page: Page;
  let shell: AppShell;
  let modal: EventModal;
  let api: ApiUser;
  let treeId = '';
  const ids: Record<string, string> = {};

  const eventsOf = async (personId: string) =>
    (await api.send<{ events: StoredEvent[] }>('POST', `${treeId}/event/node/${personId}`, {})).events;
  const saveEvent = (type: string, personId: string, startDate: string, startDateType = 'exact') =>
    api.send('POST', `${treeId}/event`, {
      type,
      startDate,
      startDateType,
      participants: [{ personId, role: 'primary' }],
    });

  async function openPersonPage(personId: string): Promise<void> {
    await shell.goto(`/app/${treeId}/person/${personId}`);
    await page.getByTestId('person-page').waitFor();
  }

  async function newEvent(personId: string, type: string): Promise<void> {
    await openPersonPage(personId);
    await page.getByTestId('person-add-event').click();
    await modal.waitForPicker();
    await modal.chooseType(type);
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Brita', password: 'rimligt-datum-55', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Ek',
    });
    treeId = tree.id;
    ids.brita = tree.rootId;
    await api.send('PUT', `${treeId}/person/${tree.rootId}`, { fName: 'Brita', lName: 'Ek', gender: 'female' });
    const karin = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Karin', lName: 'Ek', gender: 'female' },
      relation: { type: 'child', personId: ids.brita },
    });
    ids.karin = karin.id;
    const anders = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Anders', lName: 'Ek', gender: 'male' },
    });
    ids.anders = anders.id;
    const nils = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Nils', lName: 'Ek', gender: 'male' },
    });
    ids.nils = nils.id;
    await saveEvent('death', ids.brita ?? '', '1860-05-01');
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    modal = new EventModal(page);
  });

  it('warns of a child born after the mother died, saves nothing until "save anyway", then saves as typed', async () => {
    await newEvent(ids.karin ?? '', 'birth');
    await modal.setDate({ start: '1861-03-02' });
    await modal.editor.getByTestId('event-save').click();

    const warnings = page.getByTestId('sanity-warnings');
    await warnings.waitFor();
    const warning = warnings.getByTestId('sanity-warning');
    await expect.poll(() => warning.getAttribute('data-code')).toBe('sanity.bornAfterMotherDeath');
    expect(await warning.textContent()).toBe(
      sv('sanity.bornAfterMotherDeath', { child: 'Karin Ek', person: 'Brita Ek' }),
    );
    // A warning, not a save: nothing stored yet, the editor still open with the date as typed.
    expect(await eventsOf(ids.karin ?? '')).toEqual([]);
    await session.screenshot('sanity-warning-1280.png');

    // "Correct the dates" goes back to the form; changing the date hides warnings found for the old one.
    await warnings.getByTestId('sanity-correct').click();
    await warnings.waitFor({ state: 'detached' });
    await modal.editor.getByTestId('event-save').click();
    await warnings.waitFor();
    await warnings.getByTestId('sanity-save-anyway').click();
    await modal.waitClosed();
    expect(await eventsOf(ids.karin ?? '')).toMatchObject([{ type: 'birth', startDate: '1861-03-02' }]);
  });

  it('saves at once when nothing looks wrong', async () => {
    await newEvent(ids.anders ?? '', 'birth');
    await modal.setDate({ start: '1850-03-12' });
    await modal.saveAndWaitClosed();
    expect(await eventsOf(ids.anders ?? '')).toMatchObject([{ type: 'birth', startDate: '1850-03-12' }]);
  });

  it('reads the age from an "about" birth as "about 62" on the person page', async () => {
    await saveEvent('birth', ids.nils ?? '', '1850', 'about');
    await saveEvent('death', ids.nils ?? '', '1912-04-02');
    await openPersonPage(ids.nils ?? '');
    const age = page.getByTestId('person-age');
    await expect
      .poll(() => age.textContent())
      .toBe(sv('person.age.livedApprox', { age: sv('dates.age.about', { age: 62 }) }));
  });
});
