import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DateType,
  type EventDate,
  type EventDateInput,
  emptyEventDate,
  isStartAfterEnd,
  resolveEventDate,
} from '@anor/core';
import { type GedcomNode, parse, parseGedcomDate } from '@anor/gedcom';
import { describe, expect, it } from 'vitest';
import { anorDateToGedcom, anorDateToGedcomValue, type MappedDate, mapGedcomDate } from './gedcom-date.ts';

function single(startDate: string, startDateType: DateType = 'exact'): EventDate {
  return { startDate, startDateType, endDate: startDate, endDateType: startDateType };
}

function range(startDate: string, startDateType: DateType, endDate: string, endDateType: DateType): EventDate {
  return { startDate, startDateType, endDate, endDateType };
}

const none = (warning: MappedDate['warning']): MappedDate => ({ date: emptyEventDate, exact: false, warning });

describe('mapGedcomDate', () => {
  it.each<[string, MappedDate]>([
    // Single dates, every precision
    ['12 MAR 1850', { date: single('1850-03-12'), exact: true }],
    ['MAR 1850', { date: single('1850-03'), exact: true }],
    ['1850', { date: single('1850'), exact: true }],
    ['850', { date: single('0850'), exact: true }],
    ['1 JAN 1', { date: single('0001-01-01'), exact: true }],
    ['31 DEC 9999', { date: single('9999-12-31'), exact: true }],
    ['29 FEB 2000', { date: single('2000-02-29'), exact: true }],
    ['@#DGREGORIAN@ 12 MAR 1850', { date: single('1850-03-12'), exact: true }],
    ['GREGORIAN 1850', { date: single('1850'), exact: true }],
    // Qualifiers
    ['ABT 1850', { date: single('1850', 'about'), exact: true }],
    ['abt. 12 mar 1850', { date: single('1850-03-12', 'about'), exact: true }],
    ['CAL 1850', { date: single('1850', 'about'), exact: false }],
    ['EST MAR 1850', { date: single('1850-03', 'about'), exact: false }],
    ['BEF 1850', { date: single('1850', 'before'), exact: true }],
    ['AFT 12 MAR 1850', { date: single('1850-03-12', 'after'), exact: true }],
    // Ranges and periods
    ['BET 1850 AND 1860', { date: range('1850', 'between', '1860', 'between'), exact: true }],
    ['BET MAR 1850 AND 12 JUN 1850', { date: range('1850-03', 'between', '1850-06-12', 'between'), exact: true }],
    ['BET 1850 AND 1850', { date: range('1850', 'between', '1850', 'between'), exact: true }],
    ['FROM 1850 TO 1860', { date: range('1850', 'exact', '1860', 'exact'), exact: true }],
    ['FROM 12 MAR 1850 TO APR 1851', { date: range('1850-03-12', 'exact', '1851-04', 'exact'), exact: true }],
    ['FROM 1850 TO 1850', { date: single('1850'), exact: false }],
    ['FROM 1850', { date: range('1850', 'exact', '1850', 'after'), exact: true }],
    ['FROM 12 MAR 1850', { date: range('1850-03-12', 'exact', '1850-03-12', 'after'), exact: true }],
    ['TO 1860', { date: range('1860', 'before', '1860', 'exact'), exact: true }],
    ['INT 1850 (from his age)', { date: single('1850'), exact: false }],
    ['INT ABT 1850', none('date-as-text')],
    // Dual years: the second (new style) year
    ['1750/51', { date: single('1751'), exact: false, warning: 'date-dual-year' }],
    ['12 FEB 1750/51', { date: single('1751-02-12'), exact: false, warning: 'date-dual-year' }],
    ['29 FEB 1747/48', { date: single('1748-02-29'), exact: false, warning: 'date-dual-year' }],
    ['ABT 1699/1700', { date: single('1700', 'about'), exact: false, warning: 'date-dual-year' }],
    [
      'FROM JAN 1699/00 TO FEB 1699/00',
      { date: range('1700-01', 'exact', '1700-02', 'exact'), exact: false, warning: 'date-dual-year' },
    ],
    [
      'BET 1750/51 AND 1760',
      { date: range('1751', 'between', '1760', 'between'), exact: false, warning: 'date-dual-year' },
    ],
    // Other calendars
    ['@#DJULIAN@ 12 JAN 1700', none('date-calendar')],
    ['JULIAN 1700', none('date-calendar')],
    ['@#DHEBREW@ 1 TSH 5600', none('date-calendar')],
    ['FRENCH_R 1 VEND 12', none('date-calendar')],
    ['@#DROMAN@ 753', none('date-calendar')],
    ['_CALENDAR 8 _MONTH 190 _EPOCH', none('date-calendar')],
    ['BET 1700 AND @#DJULIAN@ 1710', none('date-calendar')],
    ['BET 1700 AND 1710 B.C.', none('date-as-text')],
    // Epoch, phrases, invalid
    ['44 B.C.', none('date-as-text')],
    ['ABT 44 BCE', none('date-as-text')],
    ['(sometime in spring)', none('date-as-text')],
    ['INT 1850', { date: single('1850'), exact: false }],
    ['Deceased', none('date-as-text')],
    ['28 APR 1952 SL', none('date-as-text')],
    ['03/12/1850', none('date-as-text')],
    ['29 FEB 1900', none('date-as-text')],
    ['0', none('date-invalid')],
    ['ABT 0', none('date-invalid')],
    ['10000', none('date-invalid')],
    ['9999/00', none('date-invalid')],
    ['FROM 1860 TO 1850', none('date-invalid')],
    ['BET 1860 AND 1850', none('date-invalid')],
    ['BET 1850 AND 12000', none('date-invalid')],
    // Nothing
    ['', { date: emptyEventDate, exact: true }],
    ['   ', { date: emptyEventDate, exact: true }],
    // Lenient forms
    ['1850-03-12', { date: single('1850-03-12'), exact: true }],
    ['12.03.1850', { date: single('1850-03-12'), exact: true }],
    ['CIRCA 1850', { date: single('1850', 'about'), exact: true }],
    ['BETWEEN 1850 AND 1860', { date: range('1850', 'between', '1860', 'between'), exact: true }],
    ['BEFORE 1850', { date: single('1850', 'before'), exact: true }],
    ['AFTER 1850', { date: single('1850', 'after'), exact: true }],
    ['28 Jan 1456-1457', { date: single('1457-01-28'), exact: false, warning: 'date-dual-year' }],
  ])('maps %j', (text, expected) => {
    expect(mapGedcomDate(text)).toEqual(expected);
  });

  it('takes null and undefined as no date', () => {
    expect(mapGedcomDate(null)).toEqual({ date: emptyEventDate, exact: true });
    expect(mapGedcomDate(undefined)).toEqual({ date: emptyEventDate, exact: true });
  });

  it('gives dates in their stored form', () => {
    for (const text of ['850', 'ABT 1850', 'FROM 1850', 'BET 1 JAN 1850 AND 1860']) {
      const { date } = mapGedcomDate(text);
      expect(resolveEventDate(date)).toEqual(date);
    }
  });
});

describe('anorDateToGedcom', () => {
  it.each<[EventDateInput | null, string | null, boolean?]>([
    [null, null],
    [{}, null],
    [{ startDate: '', endDate: '1850' }, null],
    [{ startDate: '1850-03-12' }, '12 MAR 1850'],
    [{ startDate: '1850-03' }, 'MAR 1850'],
    [{ startDate: '1850' }, '1850'],
    [{ startDate: '0850' }, '850'],
    [{ startDate: '850-03-01' }, '1 MAR 850'],
    [{ startDate: '0001' }, '1'],
    [{ startDate: '1850', startDateType: 'about' }, 'ABT 1850'],
    [{ startDate: '1850', startDateType: 'before' }, 'BEF 1850'],
    [{ startDate: '1850', startDateType: 'after' }, 'AFT 1850'],
    [{ startDate: '1850', startDateType: '' }, '1850'],
    [{ startDate: '1850', startDateType: 'between', endDate: '1860' }, 'BET 1850 AND 1860'],
    [{ startDate: '1850', startDateType: 'between' }, 'BET 1850 AND 1850'],
    [{ startDate: '1850', endDate: '1860' }, 'FROM 1850 TO 1860'],
    [{ startDate: '1850-03-12', endDate: '1850-03-12' }, '12 MAR 1850'],
    [{ startDate: '1850', startDateType: 'about', endDate: '1850', endDateType: 'about' }, 'ABT 1850'],
    [{ startDate: '1850', endDate: '1850', endDateType: 'after' }, 'FROM 1850'],
    [{ startDate: '1860', startDateType: 'before', endDate: '1860' }, 'TO 1860'],
    // No GEDCOM form: the types are dropped
    [{ startDate: '1850', startDateType: 'about', endDate: '1860', endDateType: 'about' }, 'FROM 1850 TO 1860', false],
    [{ startDate: '1850', endDate: '1860', endDateType: 'after' }, 'FROM 1850 TO 1860', false],
    [{ startDate: '1850', startDateType: 'after', endDate: '1860', endDateType: 'before' }, 'FROM 1850 TO 1860', false],
    [{ startDate: '1850', startDateType: 'about', endDate: '1850' }, 'FROM 1850 TO 1850', false],
    [{ startDate: '1870', startDateType: 'before', endDate: '1860' }, 'TO 1860', false],
    [{ startDate: '1870', endDate: '1860', endDateType: 'after' }, 'FROM 1870', false],
  ])('writes %j as %j', (input, expected, exact = true) => {
    expect(anorDateToGedcom(input)).toBe(expected);
    expect(anorDateToGedcomValue(input)).toEqual(expected === null ? null : { value: expected, exact });
  });
});

// Round trips

function expectRoundTrip(text: string): void {
  const mapped = mapGedcomDate(text);
  if (!mapped.exact) return;
  const written = anorDateToGedcom(mapped.date);
  if (mapped.date.startDate === null) {
    expect(written).toBeNull();
    return;
  }
  expect(written, text).not.toBeNull();
  const again = mapGedcomDate(written);
  expect(again.date, `${text} → ${written}`).toEqual(mapped.date);
  expect(again.exact).toBe(true);
  // "Exact" means that the GEDCOM date written back is the one that was read.
  expect(parseGedcomDate(written ?? ''), `${text} → ${written}`).toEqual(parseGedcomDate(text));
  expect(anorDateToGedcomValue(mapped.date)?.exact).toBe(true);
}

/** A small seeded generator (mulberry32), so that a failure can be repeated. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const monthCodes = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function generatedDateText(next: () => number): string {
  const year = next() < 0.05 ? Math.floor(next() * 20) : 1 + Math.floor(next() * 2100);
  const precision = next();
  const month = 1 + Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 31); // sometimes beyond the month: a phrase then
  let text = String(year);
  if (precision > 0.3) text = `${monthCodes[month - 1]} ${text}`;
  if (precision > 0.6) text = `${day} ${text}`;
  if (next() < 0.05) text = `${text}/${String((year + 1) % 100).padStart(2, '0')}`;
  if (next() < 0.05) text = `@#DJULIAN@ ${text}`;
  if (next() < 0.03) text = `${text} B.C.`;
  return text;
}

function generatedText(next: () => number): string {
  const date = () => generatedDateText(next);
  const forms = [
    () => date(),
    () => `ABT ${date()}`,
    () => `CAL ${date()}`,
    () => `EST ${date()}`,
    () => `BEF ${date()}`,
    () => `AFT ${date()}`,
    () => `BET ${date()} AND ${date()}`,
    () => `FROM ${date()} TO ${date()}`,
    () => `FROM ${date()}`,
    () => `TO ${date()}`,
    () => `INT ${date()} (a guess)`,
    () => '(a phrase)',
  ];
  return forms[Math.floor(next() * forms.length)]?.() ?? '';
}

function generatedAnorDate(next: () => number): EventDateInput {
  const types: DateType[] = ['exact', 'about', 'before', 'after', 'between'];
  const partial = () => {
    const year = String(1 + Math.floor(next() * 9999)).padStart(4, '0');
    const precision = next();
    if (precision < 0.3) return year;
    const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
    if (precision < 0.6) return `${year}-${month}`;
    return `${year}-${month}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
  };
  const startDate = partial();
  const endDate = next() < 0.4 ? startDate : partial();
  return {
    startDate,
    startDateType: types[Math.floor(next() * types.length)] ?? 'exact',
    endDate: next() < 0.2 ? null : endDate,
    endDateType: types[Math.floor(next() * types.length)] ?? 'exact',
  };
}

describe('round trips', () => {
  const table = [
    '12 MAR 1850',
    'MAR 1850',
    '1850',
    '0850',
    'ABT 1850',
    'abt. 1850',
    'BEF 12 MAR 1850',
    'AFT MAR 1850',
    'BET 1850 AND 1860',
    'BET 1850 AND 1850',
    'FROM 1850 TO 1860',
    'FROM 1 JAN 1850 TO 31 DEC 1850',
    'FROM 1850',
    'TO 1860',
    '1850-03-12',
    '12.03.1850',
    'CIRCA 1850',
    '',
  ];
  it.each(table)('%j: mapped, written and mapped again gives the same date', (text) => {
    expect(mapGedcomDate(text).exact).toBe(true);
    expectRoundTrip(text);
  });

  it('holds for generated GEDCOM dates', () => {
    const next = random(1850);
    let exact = 0;
    for (let index = 0; index < 5000; index++) {
      const text = generatedText(next);
      if (mapGedcomDate(text).exact) exact++;
      expectRoundTrip(text);
    }
    expect(exact).toBeGreaterThan(1500); // the loop tests something
  });

  it('holds for generated Anor dates that GEDCOM can express', () => {
    const next = random(1752);
    let checked = 0;
    for (let index = 0; index < 5000; index++) {
      const input = generatedAnorDate(next);
      const date = resolveEventDate(input);
      if (isStartAfterEnd(date)) continue; // refused by the app's validation
      const written = anorDateToGedcomValue(date);
      if (written === null) continue;
      checked++;
      const mapped = mapGedcomDate(written.value);
      if (written.exact) {
        expect(mapped, `${JSON.stringify(date)} → ${written.value}`).toEqual({ date, exact: true });
      } else {
        // The types are dropped; the dates are kept, and the value is one the import reads.
        expect(mapped.date.startDate, written.value).not.toBeNull();
        if (written.value.startsWith('FROM') && written.value.includes(' TO ')) {
          expect(mapped.date.startDate).toBe(date.startDate);
          expect(mapped.date.endDate).toBe(date.endDate);
        }
      }
    }
    expect(checked).toBeGreaterThan(2500);
  });

  it('holds for every DATE of the GEDCOM sample files', () => {
    const texts = new Set(fixtureDates());
    expect(texts.size).toBeGreaterThan(20_000);
    for (const text of texts) expectRoundTrip(text);
  });
});

/** The DATE values of @anor/gedcom's sample files (its test/fixtures). */
function fixtureDates(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../gedcom/test/fixtures');
  const files = (directory: string): string[] =>
    readdirSync(directory).flatMap((name) => {
      const full = path.join(directory, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  const values: string[] = [];
  const walk = (node: GedcomNode): void => {
    if (node.tag === 'DATE' && node.value !== undefined) values.push(node.value);
    for (const child of node.children) walk(child);
  };
  for (const file of files(root)) {
    if (!/\.ged$/i.test(file)) continue;
    try {
      for (const record of parse(new Uint8Array(readFileSync(file))).records) walk(record);
    } catch {
      // not GEDCOM
    }
  }
  return values;
}
