import { translate } from '@anor/core/i18n';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../packages/server/src/db/schema.ts';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { EventModal } from './pages/event-modal.ts';
import { PersonEventsSection } from './pages/person-events.ts';

// Issue 20 items 3 and 6: a file's title, its FACT with a TYPE and a second birth show on the
// person page with their kind and value in the reader's language ("Titel: Queen of England",
// "Title: Queen of England"), not as "took part / no date"; a user makes a fact by hand.

const file = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Victoria /Hanover/',
  '1 SEX F',
  '1 TITL Queen of England',
  '1 FACT Stamps',
  '2 TYPE Hobby',
  '1 EVEN Crowned at Westminster',
  '2 TYPE Coronation',
  '2 DATE 28 JUN 1838',
  '1 BIRT',
  '2 DATE 24 MAY 1819',
  '1 BIRT',
  '2 DATE 25 MAY 1819',
  '0 TRLR',
  '',
].join('\n');

describe.skipIf(!browserAvailable())('facts on the person page', () => {
  const session = useBrowserSession({ name: 'facts', reducedMotion: 'reduce' });
  let page: Page;
  let shell: AppShell;
  let events: PersonEventsSection;
  let modal: EventModal;
  let api: ApiUser;
  let treeId = '';
  let personId = '';

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Vera', password: 'fakta-och-titlar-1', paid: true });
    // The import through the API (the import page has tests of its own): it answers when the tree is written.
    const response = await fetch(
      `${session.server.url}/api/user/${api.userId}/tree/gedcom?treeName=${encodeURIComponent('Fakta')}`,
      {
        method: 'POST',
        headers: {
          Origin: session.server.url,
          'Content-Type': 'application/octet-stream',
          Cookie: `${api.cookie.name}=${api.cookie.value}`,
        },
        body: new TextEncoder().encode(file),
      },
    );
    if (response.status !== 201) throw new Error(`import: ${response.status} ${await response.text()}`);
    treeId = ((await response.json()) as { tree: { id: string } }).tree.id;
    const [found] = await session.server.database.db
      .select({ id: person.id })
      .from(person)
      .where(and(eq(person.treeId, treeId), eq(person.fName, 'Victoria')));
    personId = found?.id ?? '';
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    events = new PersonEventsSection(page);
    modal = new EventModal(page);
  });

  async function openPerson(): Promise<void> {
    await shell.goto(`/app/${treeId}/person/${personId}`);
    await page.getByTestId('person-page').waitFor();
    await events.rows.first().waitFor();
  }

  it('shows the title and the fact with their kind and value, and the second birth as an alternative', async () => {
    await openPerson();
    const title = sv('personEvents.list.fact', { kind: sv('events.subtypes.title'), value: 'Queen of England' });
    expect(title).toBe('Titel: Queen of England');
    await expect.poll(() => events.headings()).toContain(title);
    const headings = await events.headings();
    // FACT's TYPE is shown as written.
    expect(headings).toContain(sv('personEvents.list.fact', { kind: 'Hobby', value: 'Stamps' }));
    expect(headings).toContain(sv('events.subtypes.alternativeBirth'));
    // An EVEN is headed by its TYPE, its value under it.
    expect(headings).toContain('Coronation');
    await expect
      .poll(() => events.row('other').getByTestId('person-event-description').textContent())
      .toBe('Crowned at Westminster');
    expect(headings).not.toContain(sv('events.types.other.verb'));
    expect(headings.filter((heading) => heading.toLowerCase() === sv('events.types.other.verb'))).toEqual([]);
    // A fact without a date has no "No date" under it.
    await expect.poll(() => events.row('fact').getByTestId('person-event-date').count()).toBe(0);

    // The editor shows the kind and the value.
    await events.row('fact').first().getByTestId('person-event-open').click();
    await modal.waitForEditor();
    await expect.poll(() => modal.title()).toBe(sv('events.subtypes.title'));
    expect(await page.getByTestId('event-subtype-select').inputValue()).toBe(sv('events.subtypes.title'));
    expect(await modal.description.inputValue()).toBe('Queen of England');
    await modal.closeWithX();
    await modal.waitClosed();
  });

  it('shows the same title in English to an English reader', async () => {
    await page.evaluate(() => localStorage.setItem('anor.language', 'en'));
    try {
      await openPerson();
      const title = translate('en', 'personEvents.list.fact', {
        kind: translate('en', 'events.subtypes.title'),
        value: 'Queen of England',
      });
      expect(title).toBe('Title: Queen of England');
      await expect.poll(() => events.headings()).toContain(title);
    } finally {
      await page.evaluate(() => localStorage.removeItem('anor.language'));
    }
  });

  it('lets a user record a fact by hand: its kind and its value', async () => {
    await openPerson();
    await events.addEvent();
    await modal.waitForPicker();
    await modal.chooseType('fact');
    await page.getByTestId('event-subtype-select').click();
    await page.getByRole('option', { name: sv('events.subtypes.religion') }).click();
    await modal.description.fill('Lutheran');
    await modal.saveAndWaitClosed();
    const religion = sv('personEvents.list.fact', { kind: sv('events.subtypes.religion'), value: 'Lutheran' });
    await expect.poll(() => events.headings()).toContain(religion);
    const stored = await api.send<{ events: { type: string; subtype: string | null; description: string | null }[] }>(
      'POST',
      `${treeId}/event/node/${personId}`,
      {},
    );
    expect(stored.events.filter((event) => event.subtype === 'religion')).toEqual([
      expect.objectContaining({ type: 'fact', subtype: 'religion', description: 'Lutheran' }),
    ]);
  });
});
