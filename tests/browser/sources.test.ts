import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, browserAvailable, desktop, phone, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';
import { NoteListModel } from './pages/note-modal.ts';
import { PersonEventsSection } from './pages/person-events.ts';
import { type CitationDialog, type RecordDialog, SourcePanelModel, SourcesPage } from './pages/sources.ts';

interface StoredEvent {
  id: string;
  type: string;
  sources: { id: string; whereWithinSourceText: string | null; record: { id: string; title: string } | null }[];
}

interface StoredRecord {
  id: string;
  title: string;
  repository: { id: string; title: string } | null;
  citations: { id: string; whereWithinSourceText: string | null; whereWithinSourceURL: string | null }[];
}

const archive = 'Riksarkivet';
const recordTitle = 'Sunne kyrkoarkiv, födelse- och dopbok C:7';
const pageUrl = 'https://sok.riksarkivet.se/bildvisning/C0001234_00012';

describe.skipIf(!browserAvailable())('sources in the browser', () => {
  const session = useBrowserSession({ name: 'sources', timeout: 10_000 });
  let page: Page;
  let shell: AppShell;
  let sources: SourcesPage;
  let api: ApiUser;
  let treeId = '';
  let annaId = '';
  let baptismId = '';
  let birthId = '';
  let recordId = '';
  let residenceId = '';
  let placeId = '';
  const citations: Record<string, string> = {};

  const getEvent = (id: string) => api.send<StoredEvent>('GET', `${treeId}/event/${id}`, undefined);

  async function openPersonEvent(type: string): Promise<EventModal> {
    await shell.goto(`/app/${treeId}/person/${annaId}`);
    await page.getByTestId('person-page').waitFor();
    await new PersonEventsSection(page).openEvent(type);
    const modal = new EventModal(page);
    await modal.waitForEditor();
    return modal;
  }

  async function openSourcesPage(): Promise<void> {
    await shell.goto(`/app/${treeId}/sources`);
    await sources.waitFor();
  }

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Anna', password: 'kallor-och-arkiv-1' });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Rud',
    });
    treeId = tree.id;
    annaId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${annaId}`, { fName: 'Anna', lName: 'Rud', gender: 'female' });
    const baptism = await api.send<{ event: { id: string } }>('POST', `${treeId}/event`, {
      type: 'baptism',
      startDate: '1850-03-17',
      startDateType: 'exact',
      location: 'Sunne, Värmland',
      participants: [{ personId: annaId, role: 'primary' }],
    });
    baptismId = baptism.event.id;
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    sources = new SourcesPage(page);
  });

  it('reaches the source page from the tree navigation', async () => {
    await shell.goto(`/app/${treeId}/person/${annaId}`);
    await page.getByTestId('person-page').waitFor();
    await session.screenshot('sources-header-1280.png');
    await page.getByTestId('nav-tree-sources').click();
    await sources.waitFor();
    expect(await shell.pathname()).toBe(`/app/${treeId}/sources`);
    await page.getByTestId('sources-records-empty').waitFor();
    expect((await page.getByTestId('sources-records-empty').textContent())?.trim()).toBe(
      sv('sources.placeholders.noRecords'),
    );
  });

  it('creates a repository, a record in it and two citations to different pages, counted on the tree card', async () => {
    await openSourcesPage();
    await sources.showKind('repositories');
    const repository = await sources.newRepository();
    await repository.fill({ title: archive, city: 'Stockholm', country: 'Sverige', www: 'https://riksarkivet.se' });
    await session.screenshot('sources-repository-new-1280.png');
    await repository.saveAndWaitClosed();
    await sources.repositoryRows().filter({ hasText: archive }).waitFor();

    const opened = await sources.openRepository(archive);
    const record = await opened.addRecord();
    // The new record starts in the repository it was added from.
    expect(await record.repositoryTitle()).toBe(archive);
    await record.field('title').fill(recordTitle);
    await record.field('originator').fill('Sunne församling');
    await record.field('filed-by').fill('SE/VA/13537/C/7');
    await record.saveAndWaitClosed();
    await opened.recordRows.filter({ hasText: recordTitle }).waitFor();

    const inRepository = await opened.openRecord(recordTitle);
    recordId = await inRepository.id();
    expect(recordId).not.toBe('');

    // The first citation: a URL that is not one shows struck through and is refused; a valid one is a link.
    const first = await inRepository.addCitation();
    expect(await first.recordTitle()).toBe(recordTitle);
    await first.where.fill('Sida 12');
    await first.url.fill('sok.riksarkivet.se/bild');
    expect(await first.urlPreview.getAttribute('data-state')).toBe('invalid');
    expect(await first.urlPreview.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain(
      'line-through',
    );
    await first.save();
    expect(await first.errorOf('url')).toBe(sv('source.validation.urlValidWebpage'));
    await first.url.fill(pageUrl);
    expect(await first.urlPreview.getAttribute('data-state')).toBe('valid');
    expect(await first.urlPreview.getAttribute('href')).toBe(pageUrl);
    await first.writeTranscription('Anna, dotter till Erik Rud, född den 12 mars.');
    await expect.poll(() => first.transcription.textContent()).toContain('Anna, dotter till Erik Rud');
    await session.screenshot('sources-citation-new-1280.png');
    await first.saveAndWaitClosed();

    const second = await inRepository.addCitation();
    await second.where.fill('Sida 13');
    await second.saveAndWaitClosed();
    await expect.poll(() => inRepository.citationTitles()).toEqual(['Sida 12', 'Sida 13']);
    await session.screenshot('sources-record-1280.png');

    const stored = await api.send<StoredRecord>('GET', `${treeId}/source/record/${recordId}`, undefined);
    expect(stored.repository?.title).toBe(archive);
    for (const citation of stored.citations) citations[citation.whereWithinSourceText ?? ''] = citation.id;
    expect(Object.keys(citations).sort()).toEqual(['Sida 12', 'Sida 13']);
    expect(stored.citations.find((citation) => citation.id === citations['Sida 12'])?.whereWithinSourceURL).toBe(
      pageUrl,
    );

    await inRepository.cancel();
    await opened.cancel();
    await sources.showKind('records');
    await sources.recordRows().filter({ hasText: recordTitle }).waitFor();
    await session.screenshot('sources-page-1280.png');

    // The tree card counts them: an archive, a source and two citations.
    await shell.goto('/trees');
    await expect.poll(() => page.getByTestId('tree-card-sources').textContent()).toBe('4');
  });

  it('offers the existing citation when a new one has the same page', async () => {
    await openSourcesPage();
    const record = await sources.openRecord(recordTitle);
    const duplicate = await record.addCitation();
    await duplicate.where.fill(' sida 13 ');
    await duplicate.save();
    await page.getByTestId('citation-duplicate-use').click();
    await page.getByTestId('citation-form').waitFor({ state: 'detached' });
    // Nothing new was created.
    await expect.poll(() => record.citationTitles()).toEqual(['Sida 12', 'Sida 13']);
    await record.cancel();
  });

  it('cites one on a baptism and shows the baptism in the citation\'s "used in"', async () => {
    const modal = await openPersonEvent('baptism');
    const panel = new SourcePanelModel(page);
    expect(await panel.citationsPlaceholder()).toBe(sv('sources.placeholders.noCitations'));
    await panel.citeExisting('Sida 12');
    expect(await panel.citationTitles()).toEqual(['Sida 12']);
    expect(await panel.recordTitles()).toEqual([recordTitle]);
    // Without residences at the same place and time there is nothing to search.
    expect(await panel.contemporaryButton.isDisabled()).toBe(true);
    await panel.root.scrollIntoViewIfNeeded();
    await session.screenshot('sources-event-panel-1280.png');
    await modal.saveAndWaitClosed();
    expect((await getEvent(baptismId)).sources.map((source) => source.id)).toEqual([citations['Sida 12']]);

    // From the source page, the citation lists the baptism; the row opens the event.
    await openSourcesPage();
    const record = await sources.openRecord(recordTitle);
    const citation = await record.openCitation('Sida 12');
    await expect
      .poll(() => citation.usedIn())
      .toEqual([{ kind: 'event', id: baptismId, title: `${sv('events.types.baptism.name')} · Anna Rud`, opens: true }]);
    await session.screenshot('sources-citation-used-in-1280.png');
    await page.getByTestId('citation-used-in-row-open').click();
    await shell.waitForPath(`/app/${treeId}/event/${baptismId}`);
    await page.getByTestId('citation-form').waitFor({ state: 'detached' });
  });

  it("suggests the baptism's source for a new birth of the same child, taken with one click", async () => {
    await shell.goto(`/app/${treeId}/person/${annaId}`);
    await page.getByTestId('person-page').waitFor();
    await new PersonEventsSection(page).addEvent();
    const modal = new EventModal(page);
    await modal.waitForPicker();
    await modal.chooseType('birth');
    await modal.setDate({ start: '1850-03-12' });
    const panel = new SourcePanelModel(page);
    await expect.poll(() => panel.suggestButton.isEnabled()).toBe(true);
    expect(await panel.openSuggestions()).toEqual([citations['Sida 12']]);
    await session.screenshot('sources-suggestions-1280.png');
    await panel.useSuggestion(citations['Sida 12'] ?? '');
    expect(await panel.citationTitles()).toEqual(['Sida 12']);
    // Taken: nothing more to suggest.
    expect(await panel.suggestButton.isDisabled()).toBe(true);
    await modal.saveAndWaitClosed();

    const events = (await api.send<{ events: StoredEvent[] }>('POST', `${treeId}/event/node/${annaId}`, {})).events;
    const birth = events.find((event) => event.type === 'birth');
    birthId = birth?.id ?? '';
    expect(birth?.sources.map((source) => source.id)).toEqual([citations['Sida 12']]);

    // Now that Anna has a birth, the citation's "used in" names her with her year (issue 19 item 12).
    await openSourcesPage();
    const record = await sources.openRecord(recordTitle);
    const citation = await record.openCitation('Sida 12');
    const anna = `Anna Rud ${sv('personLabel.born', { year: '1850' })}`;
    await expect
      .poll(async () => (await citation.usedIn()).map((row) => row.title).sort())
      .toEqual([`${sv('events.types.baptism.name')} · ${anna}`, `${sv('events.types.birth.name')} · ${anna}`].sort());
    await citation.cancel();
    await record.cancel();
  });

  it('writes a note with bold text, a list and a link on a citation', async () => {
    await openSourcesPage();
    const record = await sources.openRecord(recordTitle);
    const citation: CitationDialog = await record.openCitation('Sida 12');
    const notes = new NoteListModel(page, 'citation-notes');
    const note = await notes.openAdd();
    await note.setTitle('Dopvittnen');
    await note.typeText('Faddrar enligt ');
    await note.typeBold('dopboken');
    await note.newParagraph();
    await note.typeBulletList(['Erik Rud', 'Maria Rud']);
    await note.typeLink('Bilden hos Riksarkivet', pageUrl);
    await note.saveAndWaitClosed();
    await notes.item('Dopvittnen').waitFor();
    expect(await notes.text('Dopvittnen').locator('strong').textContent()).toBe('dopboken');
    expect(await notes.text('Dopvittnen').locator('ul li').allTextContents()).toEqual(['Erik Rud', 'Maria Rud']);
    expect(await notes.text('Dopvittnen').locator('a[href]').getAttribute('href')).toBe(pageUrl);
    await session.screenshot('sources-citation-note-1280.png');

    const stored = await api.send<{ notes: { title: string; text: string }[] }>(
      'GET',
      `${treeId}/note?nodeId=${citations['Sida 12']}`,
      undefined,
    );
    expect(stored.notes.map((saved) => saved.title)).toEqual(['Dopvittnen']);
    expect(stored.notes[0]?.text).toContain('<strong>dopboken</strong>');
    await citation.cancel();
    await record.cancel();
  });

  it('offers the sources of contemporary residences at the same place', async () => {
    const residence = (startDate: string, endDate: string, sourceIds: string[]) =>
      api.send<{ event: { id: string } }>('POST', `${treeId}/event`, {
        type: 'residence',
        startDate,
        startDateType: 'exact',
        endDate,
        endDateType: 'exact',
        location: 'Rud, Sunne, Värmland',
        participants: [{ personId: annaId, role: 'resident' }],
        sourceIds,
      });
    await residence('1860', '1865', [citations['Sida 13'] ?? '']);
    const later = await residence('1862', '1863', []);
    residenceId = later.event.id;

    await shell.goto(`/app/${treeId}/event/${later.event.id}`);
    await page.getByTestId('event-page-edit').click();
    const modal = new EventModal(page);
    await modal.waitForEditor();
    const panel = new SourcePanelModel(page);
    await expect.poll(() => panel.contemporaryButton.isEnabled()).toBe(true);
    await panel.contemporaryButton.click();
    const row = page.getByTestId('event-sources-contemporary-row');
    await row.first().waitFor();
    expect(await row.getAttribute('data-citation-id')).toBe(citations['Sida 13']);
    await row.getByTestId('event-sources-contemporary-row-use').click();
    await page.getByTestId('event-sources-contemporary-modal-close').click();
    expect(await panel.citationTitles()).toEqual(['Sida 13']);
    await modal.saveAndWaitClosed();
    expect((await getEvent(later.event.id)).sources.map((source) => source.id)).toEqual([citations['Sida 13']]);
  });

  it('cites a source on a place in the location dialog', async () => {
    const places = await api.send<{ items: { id: string; name: string }[] }>(
      'GET',
      `${treeId}/location?q=Sunne`,
      undefined,
    );
    const sunne = places.items.find((place) => place.name === 'Sunne');
    placeId = sunne?.id ?? '';
    await shell.goto(`/app/${treeId}/location/${sunne?.id}`);
    await page.getByTestId('location-edit').click();
    const panel = new SourcePanelModel(page, 'location-sources');
    await panel.root.waitFor();
    await panel.citeExisting('Sida 13');
    expect(await panel.citationTitles()).toEqual(['Sida 13']);
    await page.getByTestId('location-save').click();
    await page.getByTestId('location-details').and(page.locator('[data-mode="view"]')).waitFor();
    await expect.poll(() => panel.citationTitles()).toEqual(['Sida 13']);
    const stored = await api.send<{ sources: { id: string }[] }>('GET', `${treeId}/location/${sunne?.id}`, undefined);
    expect(stored.sources.map((source) => source.id)).toEqual([citations['Sida 13']]);
  });

  it('shows the dialogs and the source page on a phone', async () => {
    await page.setViewportSize(phone);
    try {
      await openSourcesPage();
      await session.screenshot('sources-page-375.png');
      const record: RecordDialog = await sources.openRecord(recordTitle);
      await session.screenshot('sources-record-375.png');
      const citation = await record.openCitation('Sida 12');
      await session.screenshot('sources-citation-375.png');
      await citation.cancel();
      await record.cancel();
      const modal = await openPersonEvent('baptism');
      await new SourcePanelModel(page).root.scrollIntoViewIfNeeded();
      await session.screenshot('sources-event-panel-375.png');
      await modal.closeWithX();
      await modal.waitClosed();
    } finally {
      await page.setViewportSize(desktop);
    }
  });

  it('deletes the record with its citations, and they leave the events', async () => {
    await openSourcesPage();
    const record = await sources.openRecord(recordTitle);
    const question = await record.openDelete();
    expect(await question.getAttribute('data-header')).toBe('deleteRecordAndCitations');
    await session.screenshot('sources-delete-record-1280.png');
    await record.chooseDelete('withChildren');
    await page.getByTestId('record-form').waitFor({ state: 'detached' });
    await page.getByTestId('sources-records-empty').waitFor();

    expect((await getEvent(baptismId)).sources).toEqual([]);
    expect((await getEvent(birthId)).sources).toEqual([]);
    expect((await getEvent(residenceId)).sources).toEqual([]);
    const place = await api.send<{ sources: unknown[] }>('GET', `${treeId}/location/${placeId}`, undefined);
    expect(place.sources).toEqual([]);
    const modal = await openPersonEvent('baptism');
    const panel = new SourcePanelModel(page);
    expect(await panel.citationsPlaceholder()).toBe(sv('sources.placeholders.noCitations'));
    await modal.closeWithX();
    await modal.waitClosed();
  });

  it('refuses to save an empty note', async () => {
    const modal = await openPersonEvent('baptism');
    const notes = new NoteListModel(page, 'event-notes');
    const note = await notes.openAdd();
    await note.setTitle('Tom');
    await note.typeText('   ');
    await note.save();
    await expect.poll(() => note.textError()).toBe(sv('common.error.text'));
    expect(await note.root.count()).toBe(1);
    await note.cancel();
    await note.discard();
    expect(await notes.items.count()).toBe(0);
    await modal.closeWithX();
    await modal.waitClosed();
    expect(session.pageErrors).toEqual([]);
  });
});
