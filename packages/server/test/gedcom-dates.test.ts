import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ChartAnswer,
  dateTextSqlRange,
  type Event,
  formatEventDate,
  type GedcomImportAnswer,
  type Person,
} from '@anor/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../gedcom/test/support.ts';
import { event, person, personPublic, subscription } from '../src/db/schema.ts';
import { refreshPublicPersons } from '../src/modules/privacy/privacy.repository.ts';
import { signUp, type TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 20 items 4 and 5: dates an imported file wrote in another calendar, before the common era,
 * as a phrase or as a range written backwards are kept as text (`dateText`), shown, and sorted by
 * their best-known Gregorian days (`date_from`/`date_to`, BC dates included); GEDCOM 7's open
 * periods FROM x and TO x read "from x" and "until x" and are written back as they were.
 * Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL (the `date` column holds BC days).
 */

let t: TestApp;
let client: TestClient;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app);
  client = owner.client;
  userId = owner.user.id;
  // A subscription: several trees, and the real file has more events than a free account may import.
  await t.database.db
    .insert(subscription)
    .values({ userId, plan: 'yearly', validUntil: new Date(Date.now() + 86_400_000) });
});
afterAll(() => t.close());

async function importText(text: string, treeName: string): Promise<GedcomImportAnswer> {
  return importBytes(new TextEncoder().encode(text), treeName);
}

async function importBytes(bytes: Uint8Array, treeName: string): Promise<GedcomImportAnswer> {
  const response = await client.request<GedcomImportAnswer>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=${encodeURIComponent(treeName)}`,
    bytes,
  );
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function eventsByDate(treeId: string, direction: 'asc' | 'desc' = 'asc'): Promise<Event[]> {
  const response = await client.get<{ items: Event[] }>(
    `/api/${treeId}/event?sort=date&direction=${direction}&pageSize=100`,
  );
  expect(response.status).toBe(200);
  return response.body.items;
}

/** What a line of the event list says about the date: the date text, or the date itself. */
const dateOf = (item: Event) => item.dateText ?? [item.startDate, item.startDateType, item.endDateType].join(' ');

const file = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Julius /Caesar/',
  '1 BIRT',
  '2 DATE @#DJULIAN@ 12 JUL 100 B.C.',
  '1 DEAT',
  '2 DATE @#DJULIAN@ 15 MAR 44 B.C.',
  '0 @I2@ INDI',
  '1 NAME Anna /Julian/',
  '1 BIRT',
  '2 DATE @#DJULIAN@ 25 DEC 1699',
  '1 CHR',
  '2 DATE 1 JAN 1700',
  '1 RESI',
  '2 DATE FROM 730',
  '1 OCCU Farmer',
  '2 DATE TO 1042',
  '1 EVEN',
  '2 TYPE Frost',
  '2 DATE (in the winter of the great frost, 1709)',
  '1 EVEN',
  '2 TYPE Backwards',
  '2 DATE BET 1900 AND 1850',
  '1 EVEN',
  '2 TYPE Hebrew',
  '2 DATE @#DHEBREW@ 15 NSN 5600',
  '1 EVEN',
  '2 TYPE French',
  '2 DATE @#DFRENCH R@ 18 BRUM 8',
  '1 EVEN',
  '2 TYPE Unknowable',
  '2 DATE (when the cows came home)',
  '0 TRLR',
  '',
].join('\n');

describe('dates kept as text (issue 20 item 4)', () => {
  let treeId: string;
  let julius: string;
  let anna: string;
  beforeAll(async () => {
    const answer = await importText(file, 'Kalendrar');
    treeId = answer.tree.id;
    const persons = await client.get<{ items: { id: string; fName: string | null }[] }>(
      `/api/${treeId}/person?pageSize=10`,
    );
    expect(persons.status).toBe(200);
    julius = persons.body.items.find((p) => p.fName === 'Julius')?.id ?? '';
    anna = persons.body.items.find((p) => p.fName === 'Anna')?.id ?? '';
    expect(julius && anna).toBeTruthy();
  });

  it('sorts the events by their Gregorian days: BC first, a Julian birth after a Gregorian christening of days before', async () => {
    const ordered = (await eventsByDate(treeId)).map(dateOf);
    expect(ordered).toEqual([
      '@#DJULIAN@ 12 JUL 100 B.C.',
      '@#DJULIAN@ 15 MAR 44 B.C.',
      '0730 exact after', // FROM 730
      '1042 before exact', // TO 1042: sorts by its last day
      '1700-01-01 exact exact', // the christening, 1 January 1700 (Gregorian) …
      '@#DJULIAN@ 25 DEC 1699', // … before the birth on 25 December 1699 (Julian), 4 January 1700
      '(in the winter of the great frost, 1709)',
      '@#DFRENCH R@ 18 BRUM 8', // 9 November 1799
      '@#DHEBREW@ 15 NSN 5600', // 18 April 1840
      'BET 1900 AND 1850', // written backwards: by the earlier year
      '(when the cows came home)', // nothing known: last
    ]);
    const backwards = (await eventsByDate(treeId, 'desc')).map(dateOf);
    expect(backwards.slice(0, -1)).toEqual(ordered.slice(0, -1).reverse());
    expect(backwards.at(-1)).toBe('(when the cows came home)');
  });

  it('stores the best-known days, BC days as dates of the database', async () => {
    const rows = await t.database.db
      .select({
        text: event.dateText,
        from: sql<string | null>`${event.dateFrom}::text`,
        to: sql<string | null>`${event.dateTo}::text`,
      })
      .from(event)
      .where(and(eq(event.treeId, treeId), isNull(event.startDate)));
    const byText = new Map(rows.map((row) => [row.text, { from: row.from, to: row.to }]));
    // The Ides of March 44 BC (Julian) is 13 March 44 BC in the proleptic Gregorian calendar.
    expect(byText.get('@#DJULIAN@ 15 MAR 44 B.C.')).toEqual({ from: '0044-03-13 BC', to: '0044-03-13 BC' });
    expect(byText.get('@#DJULIAN@ 25 DEC 1699')).toEqual({ from: '1700-01-04', to: '1700-01-04' });
    expect(byText.get('@#DHEBREW@ 15 NSN 5600')).toEqual({ from: '1840-04-18', to: '1840-04-18' });
    expect(byText.get('BET 1900 AND 1850')).toEqual({ from: '1850-01-01', to: '1900-12-31' });
    expect(byText.get('(when the cows came home)')).toEqual({ from: null, to: null });
    for (const [text, range] of byText) {
      if (text === '(when the cows came home)') continue;
      expect(range, String(text)).toEqual(dateTextSqlRange(text));
    }
  });

  it("answers the person's birth with its date text, shown in the reader's language", async () => {
    const response = await client.get<Person>(`/api/${treeId}/person/${anna}`);
    expect(response.status).toBe(200);
    const birth = response.body.birth;
    expect(birth?.startDate).toBeNull();
    expect(birth?.dateText).toBe('@#DJULIAN@ 25 DEC 1699');
    expect(formatEventDate(birth, 'sv')).toBe('25 december 1699 (julianska)');
    expect(formatEventDate(birth, 'en')).toBe('25 December 1699 (Julian)');
  });

  it('gives life years from dates kept as text, negative before the common era', async () => {
    const chart = await client.get<ChartAnswer>(`/api/${treeId}/person/${julius}/ancestors/1`);
    expect(chart.status).toBe(200);
    const caesar = chart.body.persons.find((p) => p.id === julius);
    expect(caesar?.born).toEqual({ year: -100, type: 'exact' });
    expect(caesar?.died).toEqual({ year: -44, type: 'exact' });
    const annaChart = await client.get<ChartAnswer>(`/api/${treeId}/person/${anna}/ancestors/1`);
    expect(annaChart.body.persons.find((p) => p.id === anna)?.born).toEqual({ year: 1699, type: 'exact' });
  });

  it('keeps the days to sort by when the event is saved again', async () => {
    const [hebrew] = (await eventsByDate(treeId)).filter((item) => item.dateText === '@#DHEBREW@ 15 NSN 5600');
    expect(hebrew).toBeDefined();
    if (!hebrew) return;
    const saved = await client.request('PUT', `/api/${treeId}/event/${hebrew.id}`, {
      oldEvent: { id: hebrew.id, revision: hebrew.revision },
      newEvent: {
        type: hebrew.type,
        subtype: hebrew.subtype,
        typeName: hebrew.typeName,
        typeNameVerb: hebrew.typeNameVerb,
        causeOfEvent: hebrew.causeOfEvent,
        description: 'Passover',
        participants: hebrew.participants.map((p) => ({ personId: p.personId, role: p.role })),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await t.database.db
      .select({ from: sql<string | null>`${event.dateFrom}::text`, text: event.dateText })
      .from(event)
      .where(and(eq(event.treeId, treeId), eq(event.id, hebrew.id)));
    expect(row).toEqual({ from: '1840-04-18', text: '@#DHEBREW@ 15 NSN 5600' });
  });

  it('writes every date text back as the file wrote it, and the open periods as FROM and TO', async () => {
    const exported = await client.get<string>(`/api/${treeId}/gedcom?version=5.5.1`);
    expect(exported.status).toBe(200);
    for (const line of [
      '2 DATE @#DJULIAN@ 12 JUL 100 B.C.',
      '2 DATE @#DJULIAN@ 25 DEC 1699',
      '2 DATE FROM 730',
      '2 DATE TO 1042',
      '2 DATE BET 1900 AND 1850',
      '2 DATE @#DHEBREW@ 15 NSN 5600',
      '2 DATE @#DFRENCH R@ 18 BRUM 8',
      '2 DATE (in the winter of the great frost, 1709)',
    ]) {
      expect(exported.body).toContain(line);
    }
  });
});

describe('open periods (issue 20 item 5)', () => {
  it('reads FROM 730 as "from 730" and TO 1042 as "until 1042" in every language', async () => {
    const answer = await importText(file, 'Perioder');
    const items = await eventsByDate(answer.tree.id);
    const from = items.find((item) => item.type === 'residence');
    const until = items.find((item) => item.type === 'occupation');
    expect([from?.startDate, from?.startDateType, from?.endDate, from?.endDateType]).toEqual([
      '0730',
      'exact',
      '0730',
      'after',
    ]);
    expect(formatEventDate(from, 'en')).toBe('from 730');
    expect(formatEventDate(until, 'en')).toBe('until 1042');
    expect(formatEventDate(from, 'sv')).toBe('från 730');
    expect(formatEventDate(until, 'fi')).toBe('1042 asti');
  });
});

describe('a real file of calendar dates (odd/calendar-dates.ged, gedcom-go test suite, MIT)', () => {
  it('shows every date of the file and sorts all but none by a Gregorian day', async () => {
    const bytes = readFileSync(path.join(fixturesDir, 'odd/calendar-dates.ged'));
    const text = new TextDecoder().decode(bytes);
    const answer = await importBytes(bytes, 'Calendar dates');
    const treeId = answer.tree.id;
    const items = await eventsByDate(treeId);
    const datesInFile = [...text.matchAll(/^2 DATE (.+)$/gm)].length;
    const withDate = items.filter((item) => item.startDate !== null || item.dateText !== null);
    // Every event the file dated has a date or a date text, and each shows something (no "no date").
    expect(withDate.length).toBeGreaterThanOrEqual(datesInFile - 1); // the NAME's stray DATE is not an event's
    for (const item of withDate) expect(formatEventDate(item, 'sv'), dateOf(item)).not.toBe('');
    const shown = items.map((item) => formatEventDate(item, 'en'));
    expect(shown).toContain('15 March 44 BC (Julian)');
    expect(shown).toContain('29 Tammuz 4865 (Hebrew)');
    expect(shown).toContain('11 Frimaire 13 (French Republican)');
    // Every Julian, Hebrew and French date has days to sort by: none is left at the end.
    const [unsorted] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(event)
      .where(
        and(
          eq(event.treeId, treeId),
          isNull(event.startDate),
          sql`${event.dateText} is not null`,
          sql`coalesce(${event.dateFrom}, ${event.dateTo}) is null`,
        ),
      );
    expect(unsorted?.count).toBe(0);
    // Napoleon's coronation, 11 Frimaire XIII, is 2 December 1804.
    const [coronation] = await t.database.db
      .select({ from: sql<string>`${event.dateFrom}::text` })
      .from(event)
      .where(and(eq(event.treeId, treeId), eq(event.dateText, '@#DFRENCH R@ 11 FRIM 13')));
    expect(coronation?.from).toBe('1804-12-02');
  });
});

describe('privacy of dates kept as text', () => {
  it('makes a person with an old Julian birth presumed dead, never one whose phrase holds a number', async () => {
    const answer = await importText(
      [
        '0 HEAD',
        '1 GEDC',
        '2 VERS 5.5.1',
        '1 CHAR UTF-8',
        '0 @I1@ INDI',
        '1 NAME Gammal /Julian/',
        '1 BIRT',
        '2 DATE @#DJULIAN@ 1 JAN 1700',
        '0 @I2@ INDI',
        '1 NAME Rum /Fras/',
        '1 BIRT',
        '2 DATE (in room 204)',
        '0 TRLR',
        '',
      ].join('\n'),
      'Integritet',
    );
    const treeId = answer.tree.id;
    await refreshPublicPersons(t.database.db, treeId, 100);
    const rows = await t.database.db
      .select({ fName: person.fName })
      .from(personPublic)
      .innerJoin(person, and(eq(person.treeId, personPublic.treeId), eq(person.id, personPublic.personId)))
      .where(eq(personPublic.treeId, treeId));
    // The Julian birth in 1700 is a real day: presumed dead. "Room 204" is no year: presumed living.
    expect(rows.map((row) => row.fName)).toEqual(['Gammal']);
  });
});
