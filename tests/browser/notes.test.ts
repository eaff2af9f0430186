import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  type AppServer,
  browserAvailable,
  phone,
  registerApiUser,
  sv,
  useBrowserSession,
} from './harness.ts';
import { EventModal } from './pages/event-modal.ts';
import { NoteListModel } from './pages/note-modal.ts';
import { ResidenceWizard } from './pages/person-events.ts';

interface StoredNote {
  id: string;
  title: string | null;
  text: string;
  connectedNodes: { id: string; kind: string }[];
}

describe.skipIf(!browserAvailable())('notes in the browser', () => {
  const session = useBrowserSession({ name: 'notes', reducedMotion: 'reduce', timeout: 10_000 });
  let server: AppServer;
  let page: Page;
  let api: ApiUser;
  let treeId = '';
  let annaId = '';

  const notesOf = async (nodeId: string) =>
    (await api.send<{ notes: StoredNote[] }>('GET', `${treeId}/note?nodeId=${nodeId}`, undefined)).notes;

  const screenshot = (name: string, target: Page = page) => session.screenshot(name, { page: target });

  async function openPersonPage(personId: string, target: Page = page): Promise<NoteListModel> {
    await target.goto(`${server.url}/app/${treeId}/person/${personId}`);
    await target.getByTestId('person-page').waitFor();
    const list = new NoteListModel(target, 'person-note-list');
    await list.root.waitFor();
    return list;
  }

  beforeAll(async () => {
    server = session.server;
    page = session.page;
    api = await registerApiUser(server, { fName: 'Anna', password: 'anteckningar-1850', paid: true });
    const tree = await api.send<{ id: string; rootId: string }>('POST', `user/${api.userId}/tree`, {
      treeName: 'Släkten Rud',
    });
    treeId = tree.id;
    annaId = tree.rootId;
    await api.send('PUT', `${treeId}/person/${annaId}`, { fName: 'Anna', lName: 'Rud', gender: 'female' });
    await session.signIn(api.cookie);
  });

  it('saves a note with bold text, a list and a link on a person, shown after a reload', async () => {
    const list = await openPersonPage(annaId);
    expect(await list.items.count()).toBe(0);
    await expect.poll(() => list.root.textContent()).toContain(sv('notes.empty'));

    const modal = await list.openAdd();
    await modal.setTitle('Husförhör 1850–1855');
    await modal.typeText('Bodde på gården ');
    await modal.typeBold('Rud');
    await modal.typeText(' i Sunne.');
    await modal.newParagraph();
    await modal.typeBulletList(['Anna, piga', 'Erik, dräng']);
    await modal.typeText('Källa: ');
    await modal.typeLink('Riksarkivet', 'sok.riksarkivet.se/husforhor');
    expect(await modal.html()).toContain('<strong>Rud</strong>');
    await screenshot('notes-modal-1280.png');
    await modal.saveAndWaitClosed();

    // Stored as sanitized HTML with the formats, and attached to Anna.
    const [stored] = await notesOf(annaId);
    expect(stored?.title).toBe('Husförhör 1850–1855');
    expect(stored?.text).toContain('<strong>Rud</strong>');
    expect(stored?.text).toMatch(/<ul><li><p>Anna, piga<\/p><\/li><li><p>Erik, dräng<\/p><\/li><\/ul>/);
    expect(stored?.text).toContain('href="https://sok.riksarkivet.se/husforhor"');
    expect(stored?.connectedNodes).toEqual([{ id: annaId, kind: 'person' }]);

    await page.reload();
    await list.root.waitFor();
    // The list is there before its notes are: wait for the note, not for the list.
    await expect.poll(() => list.titles()).toEqual(['Husförhör 1850–1855']);
    const text = list.text('Husförhör 1850–1855');
    expect(await text.locator('strong').textContent()).toBe('Rud');
    expect(await text.locator('ul li').allTextContents()).toEqual(['Anna, piga', 'Erik, dräng']);
    const link = text.locator('a');
    expect(await link.getAttribute('href')).toBe('https://sok.riksarkivet.se/husforhor');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await list.root.scrollIntoViewIfNeeded();
    await screenshot('notes-person-1280.png');

    // Readers open it as text.
    const view = await list.openView('Husförhör 1850–1855');
    expect(await view.viewTitle.textContent()).toBe('Husförhör 1850–1855');
    expect(await view.viewText.locator('strong').textContent()).toBe('Rud');
    await screenshot('notes-view-1280.png');
    await view.close();
  });

  it('edits a note: a new title and text replace the old ones', async () => {
    const list = await openPersonPage(annaId);
    const modal = await list.openEdit('Husförhör 1850–1855');
    expect(await modal.titleInput.inputValue()).toBe('Husförhör 1850–1855');
    await modal.setTitle('Husförhör 1850–1860');
    await modal.typeText(' Flyttade 1860.');
    await modal.saveAndWaitClosed();
    await expect.poll(() => list.titles()).toEqual(['Husförhör 1850–1860']);
    expect(await list.text('Husförhör 1850–1860').textContent()).toContain('Flyttade 1860.');

    const notes = await notesOf(annaId);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('Husförhör 1850–1860');
    expect(notes[0]?.text).toContain('Flyttade 1860.');
    expect(notes[0]?.text).toContain('<strong>Rud</strong>');
  });

  it('refuses an empty note with the translated message and saves nothing', async () => {
    const list = await openPersonPage(annaId);
    const modal = await list.openAdd();
    await modal.setTitle('Tom anteckning');
    await modal.save();
    await expect.poll(() => modal.textError()).toBe(sv('common.error.text'));
    // Only spaces and empty list items are no text either.
    await modal.typeText('   ');
    await modal.save();
    await expect.poll(() => modal.textError()).toBe(sv('common.error.text'));
    await screenshot('notes-empty-refused-1280.png');
    expect(await notesOf(annaId)).toHaveLength(1);

    // Closing with a typed title asks before discarding.
    await modal.cancel();
    await page.getByTestId('note-discard-confirm').waitFor();
    await modal.discard();
    expect(await notesOf(annaId)).toHaveLength(1);
    await expect.poll(() => list.titles()).toEqual(['Husförhör 1850–1860']);
  });

  it('keeps hostile text typed into a note as plain text', async () => {
    const list = await openPersonPage(annaId);
    const modal = await list.openAdd();
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await modal.setTitle('Kod');
    await modal.typeText(hostile);
    await modal.saveAndWaitClosed();

    const stored = (await notesOf(annaId)).find((note) => note.title === 'Kod');
    expect(stored?.text).toContain('&lt;img');
    expect(stored?.text).not.toContain('<img');
    expect(stored?.text).not.toContain('<script');

    await page.reload();
    await list.root.waitFor();
    const text = list.text('Kod');
    expect(await text.textContent()).toBe(hostile);
    expect(await text.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('deletes a note after the confirmation', async () => {
    const list = await openPersonPage(annaId);
    await list.delete('Kod');
    await expect.poll(() => list.titles()).toEqual(['Husförhör 1850–1860']);
    expect((await notesOf(annaId)).map((note) => note.title)).toEqual(['Husförhör 1850–1860']);
  });

  it('saves a note written on a new event together with the event', async () => {
    await openPersonPage(annaId);
    const events = new EventModal(page);
    await page.getByTestId('person-add-event').click();
    await events.waitForPicker();
    await events.chooseType('baptism');
    await events.setDate({ start: '1850-03-12' });
    const eventNotes = new NoteListModel(page, 'event-notes');
    const modal = await eventNotes.openAdd();
    await modal.setTitle('Dopvittnen');
    await modal.typeText('Enligt ');
    await modal.typeBold('dopboken');
    await modal.saveAndWaitClosed();
    // Not saved yet: a local note, saved with the event.
    expect(await eventNotes.items.first().getAttribute('data-temp-id')).toMatch(/^temp-note-/);
    expect(await eventNotes.root.textContent()).toContain(sv('notes.localHint'));
    await screenshot('notes-new-event-1280.png');
    await events.saveAndWaitClosed();

    const { events: stored } = await api.send<{ events: { id: string; type: string; notes: StoredNote[] }[] }>(
      'POST',
      `${treeId}/event/node/${annaId}`,
      {},
    );
    const baptism = stored.find((event) => event.type === 'baptism');
    expect(baptism?.notes.map((note) => note.title)).toEqual(['Dopvittnen']);
    expect(baptism?.notes[0]?.text).toContain('<strong>dopboken</strong>');
    const byNode = await notesOf(baptism?.id ?? '');
    expect(byNode.map((note) => note.title)).toEqual(['Dopvittnen']);

    // Opened again, the event lists the saved note.
    await page
      .locator(`[data-testid="person-event"][data-event-id="${baptism?.id}"]`)
      .getByTestId('person-event-open')
      .click();
    await events.waitForEditor();
    await expect.poll(() => eventNotes.titles()).toEqual(['Dopvittnen']);
    expect(await eventNotes.items.first().getAttribute('data-note-id')).toBe(baptism?.notes[0]?.id);
  });

  it('keeps the notes of a place in the location dialog', async () => {
    const { location } = await api.send<{ location: { id: string } }>('POST', `${treeId}/location/match`, {
      text: 'Rud, Sunne, Värmland',
    });
    await page.goto(`${server.url}/app/${treeId}/location/${location.id}`);
    const list = new NoteListModel(page, 'location-notes');
    await list.root.waitFor();
    const modal = await list.openAdd();
    await modal.setTitle('Gården');
    await modal.typeText('Torp under ');
    await modal.typeBold('Rud');
    await modal.saveAndWaitClosed();
    await expect.poll(() => list.titles()).toEqual(['Gården']);
    expect((await notesOf(location.id)).map((note) => note.title)).toEqual(['Gården']);
    await list.root.scrollIntoViewIfNeeded();
    await screenshot('notes-location-1280.png');

    // A new place: its notes are kept locally and saved with it.
    await page.goto(`${server.url}/app/${treeId}/places`);
    await page.getByTestId('places-new').click();
    await page.getByTestId('location-name-input').fill('Västra Fors');
    const newNotes = new NoteListModel(page, 'location-notes');
    const local = await newNotes.openAdd();
    await local.setTitle('Gruvan');
    await local.typeText('Järnbruk sedan 1600-talet.');
    await local.saveAndWaitClosed();
    expect(await newNotes.items.first().getAttribute('data-temp-id')).toMatch(/^temp-note-/);
    await page.getByTestId('location-save').click();
    await page.getByTestId('location-details').waitFor({ state: 'detached' });
    const found = await api.send<{ items: { id: string; name: string }[] }>(
      'GET',
      `${treeId}/location?q=${encodeURIComponent('västra fors')}`,
      undefined,
    );
    const vastraFors = found.items.find((place) => place.name === 'Västra Fors');
    expect((await notesOf(vastraFors?.id ?? '')).map((note) => note.title)).toEqual(['Gruvan']);
  });

  it("writes notes on a residence in the wizard and lists contemporary residents' notes", async () => {
    const erik = await api.send<{ id: string }>('POST', `${treeId}/person`, {
      person: { fName: 'Erik', lName: 'Rud', gender: 'male' },
    });
    // Erik lived at Rud at the same time, with a note of his own.
    const { event: erikResidence } = await api.send<{ event: { id: string } }>('POST', `${treeId}/event`, {
      type: 'residence',
      startDate: '1870',
      endDate: '1880',
      location: 'Rud, Sunne, Värmland',
      participants: [{ personId: erik.id, role: 'primary' }],
      newNotes: [{ title: 'Dräng på Rud', text: '<p>Enligt <strong>husförhöret</strong>.</p>' }],
    });
    expect((await notesOf(erikResidence.id)).map((note) => note.title)).toEqual(['Dräng på Rud']);

    await openPersonPage(annaId);
    const wizard = new ResidenceWizard(page);
    await wizard.open();
    await wizard.fillDate({ start: '1872', end: '1878' });
    await wizard.typePlace('Rud, Sunne, Värmland');
    await wizard.next();
    await page.getByTestId('residence-stage-details').waitFor();
    // Stage 1: the residence is saved, so its notes are saved at once.
    const residenceNotes = new NoteListModel(page, 'residence-notes');
    const modal = await residenceNotes.openAdd();
    await modal.setTitle('Piga');
    await modal.typeText('Piga hos Erik.');
    await modal.saveAndWaitClosed();
    await expect.poll(() => residenceNotes.titles()).toEqual(['Piga']);
    // Escape in the note modal closed only the note modal.
    await residenceNotes.openAdd();
    await page.keyboard.press('Escape');
    await page.getByTestId('note-modal').waitFor({ state: 'detached' });
    await page.getByTestId('residence-stage-details').waitFor();
    // The contemporary residence's notes are listed beside it.
    const wizardNotes = page.getByTestId('residence-contemporary').getByTestId('concurrent-notes');
    await wizardNotes.getByTestId('concurrent-notes-toggle').click();
    await expect.poll(() => wizardNotes.getByTestId('note-title').allTextContents()).toEqual(['Dräng på Rud']);
    await screenshot('notes-residence-wizard-1280.png');
    await wizard.next();
    await wizard.finish();

    const { events } = await api.send<{ events: { id: string; type: string }[] }>(
      'POST',
      `${treeId}/event/node/${annaId}`,
      {},
    );
    const annaResidence = events.find((event) => event.type === 'residence');
    expect((await notesOf(annaResidence?.id ?? '')).map((note) => note.title)).toEqual(['Piga']);

    // The residences modal: Erik's note among the notes of contemporary residents.
    await page.getByTestId('person-residences-button').click();
    const row = page.locator(`[data-testid="person-event"][data-event-id="${annaResidence?.id}"]`);
    const concurrent = row.getByTestId('concurrent-notes');
    await concurrent.getByTestId('concurrent-notes-toggle').click();
    await expect.poll(() => concurrent.getByTestId('note-title').allTextContents()).toEqual(['Dräng på Rud']);
    expect(await concurrent.getByTestId('note-text').locator('strong').textContent()).toBe('husförhöret');
    await screenshot('notes-concurrent-1280.png');
  });

  it('fits a phone: the notes card and the note modal', async () => {
    const phonePage = await session.newPage();
    await phonePage.setViewportSize(phone);
    const list = await openPersonPage(annaId, phonePage);
    await list.root.scrollIntoViewIfNeeded();
    await screenshot('notes-person-375.png', phonePage);
    const modal = await list.openEdit('Husförhör 1850–1860');
    await modal.waitFor('edit');
    await screenshot('notes-modal-375.png', phonePage);
    const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await phonePage.close();
  });
});
