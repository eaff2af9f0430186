import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';
import { PersonEventsSection } from './pages/person-events.ts';
import { CitationDialog, RecordDialog, RepositoryDialog, SourcePanelModel } from './pages/sources.ts';

/*
 * Issue 19 items 1–5 and the citation's details of item 17: the event dialog as a researcher uses
 * it for an evening. A participant who is not in the tree yet, nested source dialogs that keep
 * their parents' work, an empty citation refused where it is typed, a residence's contemporaries,
 * a marriage that suggests the partner, and the citation's certainty, date recorded and cited-from.
 */

interface StoredEvent {
  id: string;
  type: string;
  description: string | null;
  revision: number;
  participants: { personId: string; role: string; fName: string | null; lName: string | null; gender: string }[];
  sources: { id: string; whereWithinSourceText: string | null; record: { id: string; title: string } | null }[];
}

interface StoredCitation {
  id: string;
  certaintyAssessment: string | null;
  entryRecordingDate: string | null;
  eventCitedFrom: string | null;
  eventCitedFromRole: string | null;
}

describe.skipIf(!browserAvailable())('the event dialog in the browser (issue 19)', () => {
  const session = useBrowserSession({ name: 'event-dialog', reducedMotion: 'reduce', timeout: 15_000 });
  let page: Page;
  let shell: AppShell;
  let modal: EventModal;
  let api: ApiUser;
  let treeId = '';
  const ids: Record<string, string> = {};
  const events: Record<string, string> = {};

  const getEvent = (id: string) => api.send<StoredEvent>('GET', `${treeId}/event/${id}`, undefined);
  const findPersons = async (q: string) =>
    (
      await api.send<{ items: { id: string; fName: string | null; lName: string | null; gender: string }[] }>(
        'GET',
        `${treeId}/person?q=${encodeURIComponent(q)}`,
        undefined,
      )
    ).items;

  async function openPersonPage(personId: string): Promise<void> {
    await shell.goto(`/app/${treeId}/person/${personId}`);
    await page.getByTestId('person-page').waitFor();
  }

  async function newEventOf(personId: string, type: string): Promise<void> {
    await openPersonPage(personId);
    await page.getByTestId('person-add-event').click();
    await modal.waitForPicker();
    await modal.chooseType(type);
  }

  async function openEventOf(personId: string, type: string): Promise<void> {
    await openPersonPage(personId);
    await new PersonEventsSection(page).openEvent(type);
    await modal.waitForEditor();
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Anna', password: 'kvall-med-kallor-1', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Rud',
    });
    treeId = tree.id;
    ids.anna = tree.rootId;
    await api.send('PUT', `${treeId}/person/${ids.anna}`, { fName: 'Anna', lName: 'Rud', gender: 'female' });
    const erik = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Erik', lName: 'Lund', gender: 'male' },
      relation: { type: 'partner', personId: ids.anna },
    });
    ids.erik = erik.id;
    const karl = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Karl', lName: 'Berg', gender: 'male' },
    });
    ids.karl = karl.id;
    const baptism = await api.send<{ event: { id: string } }>('POST', `${treeId}/event`, {
      type: 'baptism',
      startDate: '1850-03-17',
      location: 'Sunne, Värmland',
      description: 'I Sunne kyrka.',
      participants: [{ personId: ids.anna, role: 'primary' }],
    });
    events.baptism = baptism.event.id;
    const residence = await api.send<{ event: { id: string; location: { id: string } } }>('POST', `${treeId}/event`, {
      type: 'residence',
      startDate: '1880',
      endDate: '1890',
      location: 'Rud, Sunne, Värmland',
      participants: [{ personId: ids.anna, role: 'primary' }],
    });
    events.residence = residence.event.id;
    // Karl lived at the same farm, within Anna's years there.
    await api.send('POST', `${treeId}/event`, {
      type: 'residence',
      startDate: '1885',
      locationId: residence.event.location.id,
      participants: [{ personId: ids.karl, role: 'primary' }],
    });
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    modal = new EventModal(page);
  });

  it('offers "New person: <typed name>" and creates the person only when the event is saved', async () => {
    await newEventOf(ids.anna ?? '', 'baptism');
    await modal.setDate({ start: '1851-04-02' });

    // A godparent who is not in the tree: typed in the search, offered as a new person.
    await modal.addParticipantButton.click();
    await page.getByTestId('participant-search').waitFor();
    await page.getByTestId('person-search-search').fill('Olle Ek');
    const offer = page.getByTestId('participant-new-person');
    await expect.poll(() => offer.textContent()).toBe(sv('eventEditor.participant.newPerson', { name: 'Olle Ek' }));
    await offer.click();
    await page.getByTestId('participant-new-person-fields').waitFor();
    expect(await page.getByTestId('participant-new-fname').inputValue()).toBe('Olle');
    expect(await page.getByTestId('participant-new-lname').inputValue()).toBe('Ek');
    await modal.participantDialog.setRole('Fadder');
    await modal.participantDialog.done();
    await modal.participantDialog.waitClosed();
    const olle = page.locator('[data-testid="event-participant"][data-new="true"]');
    await olle.waitFor();
    expect(await olle.getByTestId('event-participant-name').textContent()).toBe('Olle Ek');
    expect(await olle.getAttribute('data-role')).toBe('godparent');

    // Cancelled: nobody is created.
    await modal.closeWithX();
    await modal.discardQuestion.waitFor();
    await modal.answerDiscard('discard');
    await modal.waitClosed();
    expect(await findPersons('Olle')).toEqual([]);

    // Again, with a gender and a last name corrected, and saved: the person comes with the event.
    await newEventOf(ids.anna ?? '', 'baptism');
    await modal.setDate({ start: '1851-04-02' });
    await modal.addParticipantButton.click();
    await page.getByTestId('person-search-search').fill('Karin');
    await page.getByTestId('participant-new-person').filter({ hasText: 'Karin' }).click();
    // One word is a first name; the last name is required, as for any person.
    expect(await page.getByTestId('participant-new-lname').inputValue()).toBe('');
    await modal.participantDialog.setRole('Fadder');
    await modal.participantDialog.done();
    const lastNameError = page
      .locator('.mantine-InputWrapper-root')
      .filter({ has: page.getByTestId('participant-new-lname') })
      .locator('.mantine-InputWrapper-error');
    await expect.poll(() => lastNameError.textContent()).toBe(sv('person.validation.lastNameRequired'));
    await page.getByTestId('participant-new-lname').fill('Berg');
    await page.getByTestId('participant-new-gender').getByText(sv('person.gender.female')).click();
    await modal.participantDialog.done();
    await modal.participantDialog.waitClosed();
    await modal.saveAndWaitClosed();

    const [karin] = await findPersons('Karin');
    expect(karin).toMatchObject({ fName: 'Karin', lName: 'Berg', gender: 'female' });
    const baptisms = (
      await api.send<{ events: StoredEvent[] }>('POST', `${treeId}/event/node/${ids.anna}`, {})
    ).events.filter((event) => event.type === 'baptism');
    const second = baptisms.find((event) => event.id !== events.baptism);
    expect(second?.participants.map((p) => [p.fName, p.role])).toEqual([
      ['Anna', 'primary'],
      ['Karin', 'godparent'],
    ]);
  });

  it('suggests the partner as the second main person of a marriage', async () => {
    await newEventOf(ids.anna ?? '', 'marriage');
    const suggestion = page.locator(`[data-testid="event-partner-suggestion-add"][data-person-id="${ids.erik}"]`);
    await suggestion.waitFor();
    expect((await suggestion.textContent())?.trim()).toBe('Erik Lund');
    await suggestion.click();
    await expect
      .poll(() => modal.participants())
      .toEqual([
        { personId: ids.anna, role: 'primary', name: 'Anna Rud' },
        { personId: ids.erik, role: 'primary', name: 'Erik Lund' },
      ]);
    // Both main places are taken: no more suggestion, no "add main person".
    await page.getByTestId('event-partner-suggestion').waitFor({ state: 'detached' });
    expect(await modal.addPrimaryButton.count()).toBe(0);
    await modal.setDate({ start: '1872-06-14' });
    await modal.saveAndWaitClosed();
    const marriages = (
      await api.send<{ events: StoredEvent[] }>('POST', `${treeId}/event/node/${ids.erik}`, {})
    ).events.filter((event) => event.type === 'marriage');
    expect(marriages.map((event) => event.participants.map((p) => [p.personId, p.role]))).toEqual([
      [
        [ids.anna, 'primary'],
        [ids.erik, 'primary'],
      ],
    ]);
  });

  it('shows a residence’s contemporary residences in the editor, as the person page does', async () => {
    await openPersonPage(ids.anna ?? '');
    await page.getByTestId('person-residences-button').click();
    await page.getByTestId('person-residences-list').getByTestId('person-event-open').first().click();
    await modal.waitForEditor();
    const contemporary = page.getByTestId('event-contemporary');
    await contemporary.waitFor();
    const karl = contemporary.getByTestId('event-contemporary-person');
    await expect.poll(() => karl.allTextContents()).toEqual(['Karl Berg']);
    // A click leads to Karl's page (nothing was changed, so nothing is asked).
    await karl.click();
    await modal.waitClosed();
    await page.waitForURL(`**/person/${ids.karl}`);
  });

  it('keeps every parent open and unsaved when a nested record, repository and citation are saved', async () => {
    await openEventOf(ids.anna ?? '', 'baptism');
    await modal.description.fill('Osparad ändring i dopet.');
    const panel = new SourcePanelModel(page);
    await page.getByTestId('event-sources-add').click();
    await page.locator('[data-testid="citation-form"]:not([data-citation-id])').waitFor();
    const citation = new CitationDialog(page);
    await citation.where.fill('Sida 7');

    // A new record from the citation's chooser…
    await page.getByTestId('citation-record').fill('Sunne C:9');
    await page.getByTestId('citation-record-create').click();
    const record = await RecordDialog.opened(page);
    expect(await record.field('title').inputValue()).toBe('Sunne C:9');
    // … and a new repository from the record's.
    await page.getByTestId('record-repository').fill('Värmlandsarkiv');
    await page.getByTestId('record-repository-create').click();
    const repository = await RepositoryDialog.opened(page);
    expect(await repository.field('title').inputValue()).toBe('Värmlandsarkiv');
    await repository.saveAndWaitClosed();

    // Back in the record, the repository chosen; the citation and the event still open.
    await expect.poll(() => record.repositoryTitle()).toBe('Värmlandsarkiv');
    expect(await page.getByTestId('citation-dialog').count()).toBe(1);
    await modal.editor.waitFor();
    await record.saveAndWaitClosed();

    // Back in the citation: its page kept, the new record chosen.
    await expect.poll(() => citation.recordTitle()).toBe('Sunne C:9');
    expect(await citation.where.inputValue()).toBe('Sida 7');
    // Nothing of the event was saved by the children's saves.
    const untouched = await getEvent(events.baptism ?? '');
    expect(untouched.description).toBe('I Sunne kyrka.');
    expect(untouched.sources).toEqual([]);

    await citation.saveAndWaitClosed();
    // The citation is on the event's form, the edit still there and unsaved.
    await expect.poll(() => panel.citationTitles()).toEqual(['Sida 7']);
    expect(await modal.description.inputValue()).toBe('Osparad ändring i dopet.');
    expect(await modal.editor.getAttribute('data-dirty')).toBe('true');
    expect((await getEvent(events.baptism ?? '')).revision).toBe(untouched.revision);

    await modal.saveAndWaitClosed();
    const saved = await getEvent(events.baptism ?? '');
    expect(saved.description).toBe('Osparad ändring i dopet.');
    expect(saved.sources.map((source) => [source.whereWithinSourceText, source.record?.title])).toEqual([
      ['Sida 7', 'Sunne C:9'],
    ]);
  });

  it('refuses an empty new citation in its dialog and keeps the event and its edits', async () => {
    await openEventOf(ids.anna ?? '', 'baptism');
    const before = await getEvent(events.baptism ?? '');
    await modal.description.fill('Ännu en osparad ändring.');
    await page.getByTestId('event-sources-add').click();
    await page.locator('[data-testid="citation-form"]:not([data-citation-id])').waitFor();
    const citation = new CitationDialog(page);
    await citation.save();
    expect(await citation.errorOf('record')).toBe(sv('source.validation.citationRequired'));
    // Nothing closed, nothing saved.
    await citation.form.waitFor();
    await modal.editor.waitFor();
    expect(await modal.description.inputValue()).toBe('Ännu en osparad ändring.');
    expect((await getEvent(events.baptism ?? '')).revision).toBe(before.revision);
    await citation.cancel();
    await modal.closeWithX();
    await modal.answerDiscard('discard');
    await modal.waitClosed();
  });

  it("shows and edits the citation's certainty, date recorded and cited-from", async () => {
    await openEventOf(ids.anna ?? '', 'baptism');
    await page
      .getByTestId('event-sources-citation')
      .filter({ hasText: 'Sida 7' })
      .getByTestId('event-sources-citation-open')
      .click();
    const citation = await CitationDialog.opened(page);
    const id = await citation.id();
    await page.getByTestId('citation-certainty').click();
    await page.getByRole('option', { name: sv('sources.citation.certaintyLevels.3') }).click();
    await page.getByTestId('citation-recorded').fill('17 mars 1850');
    await page.getByTestId('citation-cited-from').fill('Dop');
    await page.getByTestId('citation-cited-from-role').fill('Barn');
    await citation.saveAndWaitClosed();
    const stored = await api.send<StoredCitation>('GET', `${treeId}/source/citation/${id}`, undefined);
    expect(stored).toMatchObject({
      certaintyAssessment: '3',
      entryRecordingDate: '17 mars 1850',
      eventCitedFrom: 'Dop',
      eventCitedFromRole: 'Barn',
    });
    // Opened again, the dialog shows them.
    await page
      .getByTestId('event-sources-citation')
      .filter({ hasText: 'Sida 7' })
      .getByTestId('event-sources-citation-open')
      .click();
    await CitationDialog.opened(page);
    expect(await page.getByTestId('citation-certainty').inputValue()).toBe(sv('sources.citation.certaintyLevels.3'));
    expect(await page.getByTestId('citation-recorded').inputValue()).toBe('17 mars 1850');
    expect(await page.getByTestId('citation-cited-from').inputValue()).toBe('Dop');
    expect(await page.getByTestId('citation-cited-from-role').inputValue()).toBe('Barn');
  });
});
