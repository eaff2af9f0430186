import { formatDateText, formatDateTextGregorian } from '@anor/core';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { event, person } from '../../packages/server/src/db/schema.ts';
import { type ApiUser, browserAvailable, registerApiUser, sv, useBrowserSession } from './harness.ts';
import { AppShell } from './pages/app-shell.ts';
import { PersonEventsSection } from './pages/person-events.ts';

// Issue 20 items 4 and 5: a Julian date and a date before the common era, kept as the file wrote
// them, show on the person page in the reader's language (not "no date"), sorted by their
// Gregorian days; GEDCOM 7's periods read "från 730", "till 1042" and "1850 – 1860" on the person
// page and in the list of events.

const file = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Julius /Caesar/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE @#DJULIAN@ 12 JUL 100 B.C.',
  '1 DEAT',
  '2 DATE @#DJULIAN@ 15 MAR 44 B.C.',
  '1 EVEN',
  '2 TYPE Legend',
  '2 DATE FROM 730',
  '1 EVEN',
  '2 TYPE Memorial',
  '2 DATE 100',
  '1 EVEN',
  '2 TYPE Triumph',
  '2 DATE @#DJULIAN@ 1 OCT 46 B.C.',
  '1 OCCU Consul',
  '2 DATE 59 BC',
  '0 @I2@ INDI',
  '1 NAME Octavia /Minor/',
  '1 SEX F',
  '1 EVEN',
  '2 TYPE Regency',
  '2 DATE TO 1042',
  '1 EVEN',
  '2 TYPE Exile',
  '2 DATE FROM 1850 TO 1860',
  '0 TRLR',
  '',
].join('\n');

describe.skipIf(!browserAvailable())('dates in other calendars on the person page', () => {
  const session = useBrowserSession({ name: 'calendar-dates', reducedMotion: 'reduce' });
  let page: Page;
  let shell: AppShell;
  let events: PersonEventsSection;
  let api: ApiUser;
  let treeId = '';
  let personId = '';

  beforeAll(async () => {
    api = await registerApiUser(session.server, { fName: 'Livia', password: 'kalendrar-och-datum-1', paid: true });
    // The import through the API (the import page has tests of its own): it answers when the tree is written.
    const response = await fetch(
      `${session.server.url}/api/user/${api.userId}/tree/gedcom?treeName=${encodeURIComponent('Rom')}`,
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
      .where(and(eq(person.treeId, treeId), eq(person.fName, 'Julius')));
    personId = found?.id ?? '';
    await session.signIn(api.cookie);
    page = session.page;
    shell = new AppShell(page, session.server.url);
    events = new PersonEventsSection(page);
  });

  it('shows the Julian and BCE dates as written, in Swedish, in the order of their days', async () => {
    await shell.goto(`/app/${treeId}/person/${personId}`);
    await page.getByTestId('person-page').waitFor();
    await events.rows.first().waitFor();

    const birth = '12 juli 100 f.Kr. (julianska)';
    const death = '15 mars 44 f.Kr. (julianska)';
    expect(formatDateText('@#DJULIAN@ 12 JUL 100 B.C.', 'sv')).toBe(birth);
    expect(formatDateText('@#DJULIAN@ 15 MAR 44 B.C.', 'sv')).toBe(death);

    const dates = () => events.rows.getByTestId('person-event-date').allTextContents();
    await expect.poll(dates).toContain(birth);
    // By their days within each group (birth, the others, death): 59 BC, 46 BC (Julian), AD 100, from 730.
    expect(await dates()).toEqual([birth, '59 f.Kr.', '1 oktober 46 f.Kr. (julianska)', '100', 'från 730', death]);
    expect(await dates()).not.toContain(sv('personEvents.list.noDate'));

    // The life summary says it too.
    expect(await events.birthText()).toContain(birth);
    expect(await page.getByTestId('person-death').textContent()).toContain(death);
    // The age from the Gregorian days: 10 July 100 BC to 13 March 44 BC, 55 years.
    expect(await page.getByTestId('person-age').textContent()).toBe(sv('person.age.lived_other', { count: 55 }));
  });

  it('reads the periods FROM, TO and FROM … TO on the person page and in the list of events', async () => {
    const [octavia] = await session.server.database.db
      .select({ id: person.id })
      .from(person)
      .where(and(eq(person.treeId, treeId), eq(person.fName, 'Octavia')));
    await shell.goto(`/app/${treeId}/person/${octavia?.id}`);
    await page.getByTestId('person-page').waitFor();
    const dates = () => events.rows.getByTestId('person-event-date').allTextContents();
    await expect.poll(async () => (await dates()).sort()).toEqual(['1850 – 1860', 'till 1042']);

    await shell.goto(`/app/${treeId}/events`);
    const whenWhere = () => page.getByTestId('event-row-when-where').allTextContents();
    await expect.poll(whenWhere).toContain('till 1042');
    const shown = await whenWhere();
    expect(shown).toContain('från 730');
    expect(shown).toContain('1850 – 1860');
    expect(shown).toContain('12 juli 100 f.Kr. (julianska)');
    expect(shown).not.toContain(sv('personEvents.list.noDate'));
  });

  it("shows the Julian date on the event's page with its Gregorian day", async () => {
    const [birth] = await session.server.database.db
      .select({ id: event.id })
      .from(event)
      .where(and(eq(event.treeId, treeId), eq(event.type, 'birth')));
    await shell.goto(`/app/${treeId}/event/${birth?.id}`);
    await page.getByTestId('event-view').waitFor();
    expect(await page.getByTestId('event-date-text').textContent()).toBe('12 juli 100 f.Kr. (julianska)');
    // The Gregorian day, two days earlier than the Julian one in 100 BC.
    const gregorian = formatDateTextGregorian('@#DJULIAN@ 12 JUL 100 B.C.', 'sv');
    expect(gregorian).toBe('10 juli 100 f.Kr.');
    expect(await page.getByTestId('event-gregorian-date').textContent()).toBe(
      sv('eventEditor.gregorianDate', { date: gregorian ?? '' }),
    );
  });
});
