import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, desktop, phone, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';

interface StoredEvent {
  id: string;
  type: string;
  startDate: string | null;
  startDateType: string;
  description: string | null;
  revision: number;
  location: { id: string; name: string; text: string } | null;
  participants: { personId: string; role: string }[];
}

describe.skipIf(!browserAvailable())('the event modal in the browser', () => {
  const session = useBrowserSession({ name: 'event', reducedMotion: 'reduce', timeout: 10_000 });
  const { pageErrors, screenshot } = session;
  let page: Page;
  let shell: AppShell;
  let modal: EventModal;
  let api: ApiUser;
  let treeId = '';
  /** Anna is the tree's root; the others are persons of the tree. */
  const ids: Record<string, string> = {};
  const events: Record<string, string> = {};

  const getEvent = (id: string) => api.send<StoredEvent>('GET', `${treeId}/event/${id}`, undefined);
  const eventsOf = async (personId: string) =>
    (await api.send<{ events: StoredEvent[] }>('POST', `${treeId}/event/node/${personId}`, {})).events;

  async function openPersonPage(personId: string): Promise<void> {
    await shell.goto(`/app/${treeId}/person/${personId}`);
    await page.getByTestId('person-page').waitFor();
  }

  /** The person page's "add event" button opens the modal on the type picker. */
  async function addEventFromPersonPage(personId: string): Promise<void> {
    await openPersonPage(personId);
    await page.getByTestId('person-add-event').click();
    await modal.waitForPicker();
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Anna', password: 'dop-och-vigsel-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Rud',
    });
    treeId = tree.id;
    ids.anna = tree.rootId;
    await api.send('PUT', `${treeId}/person/${tree.rootId}`, { fName: 'Anna', lName: 'Rud', gender: 'female' });
    const persons: [string, string, string, string][] = [
      ['erik', 'Erik', 'Rud', 'male'],
      ['maria', 'Maria', 'Rud', 'female'],
      ['karl', 'Karl', 'Berg', 'male'],
      ['kerstin', 'Kerstin', 'Berg', 'female'],
      ['johan', 'Johan', 'Lind', 'male'],
      ['lars', 'Lars', 'Ek', 'male'],
    ];
    for (const [key, fName, lName, gender] of persons) {
      const person = await api.send<{ id: string }>('POST', `${treeId}/person`, { person: { fName, lName, gender } });
      ids[key] = person.id;
    }
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    modal = new EventModal(page);
  });

  it('creates a birth "about 1850" with a typed place from the person page', async () => {
    await addEventFromPersonPage(ids.anna ?? '');
    await screenshot('event-modal-picker-1280.png');
    await modal.chooseType('birth');
    expect(await modal.title()).toBe(sv('events.types.birth.name'));
    // The person the modal was opened from is the main person.
    await expect.poll(() => modal.participants()).toEqual([{ personId: ids.anna, role: 'primary', name: 'Anna Rud' }]);
    // Birth has no free main-person place left: only "add participant" shows.
    expect(await modal.addPrimaryButton.count()).toBe(0);
    await modal.setDate({ type: 'about', start: '1850' });
    await modal.typePlace('Rud, Sunne, Värmland');
    await modal.description.fill('Född på gården Rud.');
    await screenshot('event-modal-birth-1280.png');
    await modal.saveAndWaitClosed();

    const [birth] = (await eventsOf(ids.anna ?? '')).filter((event) => event.type === 'birth');
    expect(birth).toMatchObject({
      startDate: '1850',
      startDateType: 'about',
      description: 'Född på gården Rud.',
      location: { name: 'Rud', text: 'Rud, Sunne, Värmland' },
      participants: [{ personId: ids.anna, role: 'primary' }],
    });
    events.birth = birth?.id ?? '';
    // The person page's summary follows (births feed it).
    await expect
      .poll(async () => (await api.send<{ birth: unknown }>('GET', `${treeId}/person/${ids.anna}`, undefined)).birth)
      .toMatchObject({ eventId: events.birth });
  });

  it('greys out a second birth in the type picker and says why', async () => {
    await addEventFromPersonPage(ids.anna ?? '');
    expect(await modal.isTypeRestricted('birth')).toBe(true);
    expect(await modal.isTypeRestricted('death')).toBe(false);
    expect(await modal.isTypeRestricted('baptism')).toBe(false);
    expect(await modal.restrictionText('birth')).toBe(sv('eventEditor.picker.restricted.birth'));
    await modal.typeOption('birth').click({ force: true });
    // Still the picker: the restricted type cannot be chosen.
    await page.getByTestId('event-type-picker').waitFor();
    await screenshot('event-modal-picker-restricted-1280.png');
    // Nothing changed: closing does not ask.
    await page.keyboard.press('Escape');
    await modal.waitClosed();
  });

  it('records a baptism with both parents and two godparents', async () => {
    await addEventFromPersonPage(ids.anna ?? '');
    await modal.chooseType('baptism');
    await page.getByTestId('event-subtype-select').click();
    await page.getByRole('option', { name: sv('events.subtypes.christening') }).click();
    await modal.setDate({ start: '1850-03-12' });

    // Anna is the main person already: the dialog offers only the baptism's other roles.
    await modal.addParticipantButton.click();
    await modal.participantDialog.pickPerson('erik', 'Erik Rud');
    expect(await modal.participantDialog.roleSuggestions()).toEqual([
      sv('events.roles.parent'),
      sv('events.roles.witness'),
      sv('events.roles.godparent'),
      sv('events.roles.officiator'),
    ]);
    await modal.participantDialog.setRole(sv('events.roles.parent'));
    await modal.participantDialog.done();
    await modal.addParticipant('maria', 'Maria Rud', 'förälder');
    await modal.addParticipant('karl', 'Karl Berg', 'Fadder');
    await modal.addParticipantButton.click();
    await modal.participantDialog.pickPerson('kerstin', 'Kerstin Berg');
    await modal.participantDialog.role.click();
    await page.getByRole('option', { name: sv('events.roles.godparent') }).click();
    await modal.participantDialog.setDescription('Moster till barnet.');
    await modal.participantDialog.done();

    expect((await modal.participants()).map((participant) => [participant.name, participant.role])).toEqual([
      ['Anna Rud', 'primary'],
      ['Erik Rud', 'parent'],
      ['Maria Rud', 'parent'],
      ['Karl Berg', 'godparent'],
      ['Kerstin Berg', 'godparent'],
    ]);
    await screenshot('event-modal-baptism-1280.png');
    await modal.saveAndWaitClosed();

    const baptism = (await eventsOf(ids.anna ?? '')).find((event) => event.type === 'baptism');
    expect(baptism?.participants.map((participant) => [participant.personId, participant.role])).toEqual([
      [ids.anna, 'primary'],
      [ids.erik, 'parent'],
      [ids.maria, 'parent'],
      [ids.karl, 'godparent'],
      [ids.kerstin, 'godparent'],
    ]);
    events.baptism = baptism?.id ?? '';
  });

  it('takes two main persons in a marriage and refuses a third', async () => {
    await addEventFromPersonPage(ids.anna ?? '');
    await modal.chooseType('marriage');
    // One of the couple's two places is free.
    await modal.addPrimaryButton.waitFor();
    await modal.save();
    expect(await modal.errorOf('participants')).toBe(sv('events.validation.couplePrimaries'));
    await modal.addPrimary('johan', 'Johan Lind');
    await modal.addPrimaryButton.waitFor({ state: 'detached' });

    // A third "Huvudperson" is refused in the participant dialog.
    await modal.addParticipantButton.click();
    await modal.participantDialog.pickPerson('lars', 'Lars Ek');
    const suggestions = await modal.participantDialog.roleSuggestions();
    expect(suggestions).not.toContain(sv('events.roles.primary'));
    await modal.participantDialog.setRole('Huvudperson');
    await modal.participantDialog.done();
    expect(await modal.participantDialog.roleError()).toBe(sv('events.validation.roleNotAvailable'));
    await modal.participantDialog.setRole('Vittne');
    await modal.participantDialog.done();
    await modal.participantDialog.waitClosed();

    await modal.setDate({ start: '1872-06-24' });
    await modal.saveAndWaitClosed();
    const marriage = (await eventsOf(ids.anna ?? '')).find((event) => event.type === 'marriage');
    expect(marriage?.participants.map((participant) => [participant.personId, participant.role])).toEqual([
      [ids.anna, 'primary'],
      [ids.johan, 'primary'],
      [ids.lars, 'witness'],
    ]);
    events.marriage = marriage?.id ?? '';
  });

  it('asks before discarding changes, and closes at once without them', async () => {
    await shell.goto(`/app/${treeId}/event/${events.marriage}`);
    await page.getByTestId('event-page').waitFor();
    await page.getByTestId('event-page-edit').click();
    await modal.waitForEditor();
    await modal.cause.fill('Lysning i Sunne');
    await modal.closeWithX();
    await modal.discardQuestion.waitFor();
    await screenshot('event-modal-discard-1280.png');
    await modal.answerDiscard('keep');
    expect(await modal.cause.inputValue()).toBe('Lysning i Sunne');
    await modal.closeWithX();
    await modal.answerDiscard('discard');
    await modal.waitClosed();
    expect((await getEvent(events.marriage ?? '')).revision).toBe(1);

    await page.getByTestId('event-page-edit').click();
    await modal.waitForEditor();
    await modal.closeWithX();
    await modal.waitClosed();
  });

  it('refuses the second of two saves from two tabs and keeps what was typed', async () => {
    // The second tab's save is refused on purpose: 409 for its stale revision.
    session.expectHttpError(409, /\/event\/[^/]+$/);
    const other = await session.newPage();
    const otherModal = new EventModal(other);
    const href = `/app/${treeId}/event/${events.baptism}`;
    for (const tab of [page, other]) {
      await tab.goto(new URL(href, session.server.url).toString());
      await tab.getByTestId('event-page').waitFor();
      await tab.getByTestId('event-page-edit').click();
      await tab.getByTestId('event-editor').waitFor();
    }
    await modal.description.fill('Döpt i hemmet av kyrkoherden.');
    await modal.saveAndWaitClosed();

    await otherModal.description.fill('Döpt i Sunne kyrka, skriven i flik två.');
    await otherModal.save();
    await otherModal.conflict.waitFor();
    expect(await otherModal.conflict.textContent()).toContain(sv('events.error.conflict'));
    // Nothing lost: the form still holds what this tab typed, and the stored text is the first tab's.
    expect(await otherModal.description.inputValue()).toBe('Döpt i Sunne kyrka, skriven i flik två.');
    expect((await getEvent(events.baptism ?? '')).description).toBe('Döpt i hemmet av kyrkoherden.');
    await screenshot('event-modal-conflict-1280.png', { page: other });

    await otherModal.reloadStored();
    expect(await otherModal.description.inputValue()).toBe('Döpt i hemmet av kyrkoherden.');
    await otherModal.conflict.waitFor({ state: 'detached' });
    await other.close();
  });

  it('shows the event page with its participants and place, and copies the event into a new one', async () => {
    await shell.goto(`/app/${treeId}/event/${events.birth}`);
    await page.getByTestId('event-page').waitFor();
    expect(await page.getByTestId('event-title').textContent()).toBe(sv('events.types.birth.name'));
    expect(await page.getByTestId('event-date-text').textContent()).toBe(sv('dates.display.about', { date: '1850' }));
    await screenshot('event-modal-page-1280.png');
    await page.getByTestId('event-place-link').click();
    await page.getByTestId('location-details').waitFor();
    await page.getByTestId('location-name').filter({ hasText: 'Rud' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('location-details').waitFor({ state: 'detached' });

    // Copy a residence-like record: a death copied from the birth's place and date, then changed.
    await page.getByTestId('event-page-edit').click();
    await modal.waitForEditor();
    await modal.copy();
    expect(await modal.eventId()).toBe('');
    await page.getByTestId('event-type-select').click();
    await page.getByRole('option', { name: sv('events.types.death.name') }).click();
    await modal.setDate({ type: 'exact', start: '1921-11-02' });
    await modal.cause.fill('Lunginflammation');
    // The cause is the cause of death now.
    expect(await page.getByRole('textbox', { name: sv('eventEditor.cause.death') }).inputValue()).toBe(
      'Lunginflammation',
    );
    await modal.saveAndWaitClosed();
    // The saved copy opens on its own page.
    await shell.waitForPath(/\/event\//);
    await expect.poll(() => shell.pathname()).not.toBe(`/app/${treeId}/event/${events.birth}`);
    await page.getByTestId('event-view').and(page.locator('[data-type="death"]')).waitFor();
    const death = (await eventsOf(ids.anna ?? '')).find((event) => event.type === 'death');
    expect(death).toMatchObject({ startDate: '1921-11-02', location: { text: 'Rud, Sunne, Värmland' } });
    events.death = death?.id ?? '';

    // A participant leads to the person page.
    await page.getByTestId('event-participant-person-link').first().click();
    await shell.waitForPath(`/app/${treeId}/person/${ids.anna}`);
  });

  it('deletes an event after confirming, leaving for the main person', async () => {
    await shell.goto(`/app/${treeId}/event/${events.death}`);
    await page.getByTestId('event-page-edit').click();
    await modal.waitForEditor();
    await modal.delete();
    await shell.waitForPath(`/app/${treeId}/person/${ids.anna}`);
    expect((await eventsOf(ids.anna ?? '')).map((event) => event.type).sort()).toEqual([
      'baptism',
      'birth',
      'marriage',
    ]);
  });

  it('shows the event as text, without edit or delete, to a viewer without edit rights', async () => {
    // No sharing exists yet: the tree's edit flag is turned off in the answer the app reads it from.
    const mainNodes = '**/api/*/mainnodes';
    await page.route(mainNodes, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), canEdit: false } });
    });
    try {
      await shell.goto(`/app/${treeId}/event/${events.baptism}`);
      await page.getByTestId('event-view').waitFor();
      await expect.poll(() => page.getByTestId('event-participant').count()).toBe(5);
      expect(await page.getByTestId('event-page-edit').count()).toBe(0);

      await openPersonPage(ids.anna ?? '');
      await page
        .locator(`[data-testid="person-event"][data-event-id="${events.baptism}"]`)
        .getByTestId('person-event-open')
        .click();
      await modal.modal.getByTestId('event-view').waitFor();
      expect(await page.getByTestId('event-editor').count()).toBe(0);
      for (const action of ['event-save', 'event-delete', 'event-copy', 'event-add-participant']) {
        expect(await page.getByTestId(action).count()).toBe(0);
      }
      await screenshot('event-modal-read-only-1280.png');
      await page.keyboard.press('Escape');
      await modal.waitClosed();
    } finally {
      await page.unroute(mainNodes);
    }
  });

  it('fits a phone: the type picker, the editor and the event page', async () => {
    await page.setViewportSize(phone);
    await addEventFromPersonPage(ids.erik ?? '');
    await screenshot('event-modal-picker-375.png');
    await modal.chooseType('occupation');
    await modal.cause.fill('Skräddare');
    await modal.setDate({ start: '1870', end: '1890' });
    await screenshot('event-modal-occupation-375.png');
    await modal.saveAndWaitClosed();

    await shell.goto(`/app/${treeId}/event/${events.baptism}`);
    await page.getByTestId('event-page').waitFor();
    await screenshot('event-modal-page-375.png');
    await page.getByTestId('event-page-edit').click();
    await modal.waitForEditor();
    await screenshot('event-modal-baptism-375.png');
    await modal.editParticipant(ids.kerstin ?? '');
    await screenshot('event-modal-participant-375.png');
    await page.getByTestId('participant-cancel').click();
    await modal.closeWithX();
    await modal.waitClosed();
    await page.setViewportSize(desktop);
    expect(pageErrors).toEqual([]);
  });
});
