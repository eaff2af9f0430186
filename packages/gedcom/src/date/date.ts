/**
 * GEDCOM date values (DATE payloads) of 5.5, 5.5.1, 5.5.5 and 7.0, read leniently into a structure
 * and written back in the syntax of 5.5.1 or 7.0.
 *
 * Read: keywords and months in any case, extra spaces, the 5.x calendar escapes (`@#DJULIAN@`,
 * `@#DFRENCH R@` …) and 7.0's calendar words (`JULIAN`, `FRENCH_R`, extension calendars `_X`),
 * `B.C.`/`BC`/`BCE`, dual years (`1750/51`, `1750/1751`), 5.x `INT date (phrase)` and `(phrase)`.
 * Non-standard forms seen in real files are accepted where they cannot be misread: `ABT.`,
 * `ABOUT`, `CIRCA`, `CA`, `C.`, `BEFORE`, `AFTER`, `BETWEEN … AND …`, `BET x - y`, `EST.`,
 * `ESTIMATED`, `CALCULATED`, full English month names and `Sept`, a month written with a dot
 * (`Jan.`), ISO `1850-03-12` / `1850-03`, `12.03.1850` (day.month.year), a dual year written with
 * a dash after a January–March month (`28 Jan 1456-1457`), a Hebrew or French month without
 * its calendar escape (the codes cannot be mistaken for Gregorian months), and `ROMAN 28` /
 * `UNKNOWN 87` (5.5.1 calendars without their escape). Anything else, and
 * anything ambiguous (`03/12/1850`, `1850-1860`, a date followed by other words, a day without
 * its month, a month without a year, a day the month does not have) is a phrase holding the text
 * as written.
 */

export type GedcomCalendar = 'gregorian' | 'julian' | 'hebrew' | 'french' | 'other';

/** One calendar date of a date value: `@#DJULIAN@ 12 JAN 1700/01 B.C.` and the like. */
export interface GedcomDatePart {
  calendar: GedcomCalendar;
  /**
   * Only for calendar `other`: its name as written, without `@#D…@` and upper-cased: 5.x
   * `@#DROMAN@` → `ROMAN`, `@#DUNKNOWN@` → `UNKNOWN`; a 7.0 extension calendar without its
   * underscore, `_ROMAN` → `ROMAN` (7.0 writes it back as `_ROMAN`, 5.5.1 as `@#DROMAN@`).
   */
  calendarName?: string;
  /** The year as written (with `bce` the year before the common era); always present. */
  year: number;
  /**
   * 1–12 for Gregorian and Julian dates; for Hebrew (TSH = 1 … ELL = 13, ADR = 6, ADS = 7) and
   * French republican dates (VEND = 1 … COMP = 13) the month's place in the list of GEDCOM codes.
   * Null when the date has no month, or when the month is an unknown one (see `monthName`).
   */
  month: number | null;
  /** A month this library does not know, as written upper-cased: 7.0 extension months (`_MONTH`), any month of an `other` calendar. */
  monthName?: string;
  /** 1–31 (checked against the month for Gregorian and Julian dates), or null. */
  day: number | null;
  /** Dual dating (`1750/51`, `1750/1751`): the second year, in full (1751). Always `year + 1`. */
  dualYear?: number;
  /** Before the common era (`B.C.`, `BC`, `BCE`). */
  bce?: boolean;
  /** A 7.0 extension epoch (`_EPOCH`), as written upper-cased. */
  epoch?: string;
}

/**
 * A date value. `exact` is a single date of any precision (`1850`, `MAR 1850`, `12 MAR 1850`);
 * `period` is FROM/TO (a state that lasted); `between` is BET/AND (a moment within a range).
 * A `phrase` is `(text)` in 5.x, or text that could not be read as a date (`unparsed`: true),
 * whose phrase is then the text as written (trimmed). An empty value is a phrase ''.
 */
export type GedcomDate =
  | { kind: 'exact'; date: GedcomDatePart }
  | { kind: 'about' | 'calculated' | 'estimated' | 'before' | 'after'; date: GedcomDatePart }
  | { kind: 'between'; from: GedcomDatePart; to: GedcomDatePart }
  | { kind: 'period'; from?: GedcomDatePart; to?: GedcomDatePart }
  | { kind: 'interpreted'; date: GedcomDatePart; phrase: string }
  | { kind: 'phrase'; phrase: string; unparsed?: boolean };

export type GedcomDateKind = GedcomDate['kind'];
export type GedcomDateVersion = '5.5.1' | '7.0';
/** How a date is written: a version, or 7.0's words with dual years as written (for a 7.0 PHRASE). */
type Style = GedcomDateVersion | 'dual';

const gregorianMonths = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const hebrewMonths = [
  'TSH',
  'CSH',
  'KSL',
  'TVT',
  'SHV',
  'ADR',
  'ADS',
  'NSN',
  'IYR',
  'SVN',
  'TMZ',
  'AAV',
  'ELL',
] as const;
const frenchMonths = [
  'VEND',
  'BRUM',
  'FRIM',
  'NIVO',
  'PLUV',
  'VENT',
  'GERM',
  'FLOR',
  'PRAI',
  'MESS',
  'THER',
  'FRUC',
  'COMP',
] as const;

/** English month words beyond the GEDCOM codes: full names and "Sept". */
const gregorianMonthWords = new Map<string, number>([
  ...gregorianMonths.map((code, index) => [code, index + 1] as const),
  ['JANUARY', 1],
  ['FEBRUARY', 2],
  ['MARCH', 3],
  ['APRIL', 4],
  ['JUNE', 6],
  ['JULY', 7],
  ['AUGUST', 8],
  ['SEPT', 9],
  ['SEPTEMBER', 9],
  ['OCTOBER', 10],
  ['NOVEMBER', 11],
  ['DECEMBER', 12],
]);
const hebrewMonthCodes = new Map<string, number>(hebrewMonths.map((code, index) => [code, index + 1]));
const frenchMonthCodes = new Map<string, number>(frenchMonths.map((code, index) => [code, index + 1]));

type Qualifier = 'about' | 'calculated' | 'estimated' | 'before' | 'after';

/** Leading words, standard and lenient (a trailing dot is dropped before the look-up). */
const qualifiers = new Map<string, Qualifier>([
  ['ABT', 'about'],
  ['ABOUT', 'about'],
  ['CIRCA', 'about'],
  ['CA', 'about'],
  ['C', 'about'],
  ['CAL', 'calculated'],
  ['CALCULATED', 'calculated'],
  ['EST', 'estimated'],
  ['ESTIMATED', 'estimated'],
  ['BEF', 'before'],
  ['BEFORE', 'before'],
  ['AFT', 'after'],
  ['AFTER', 'after'],
]);
const qualifierKeywords: Record<Qualifier, string> = {
  about: 'ABT',
  calculated: 'CAL',
  estimated: 'EST',
  before: 'BEF',
  after: 'AFT',
};

/** 7.0 calendar words, and the 5.x escape names (`@#DFRENCH R@` is read as FRENCH_R). */
const calendarWords = new Map<string, GedcomCalendar>([
  ['GREGORIAN', 'gregorian'],
  ['JULIAN', 'julian'],
  ['HEBREW', 'hebrew'],
  ['FRENCH_R', 'french'],
]);
/** Calendars of 5.5.1 without a structure of their own, also found written without their escape. */
const otherCalendarWords = new Set(['ROMAN', 'UNKNOWN']);

const bceWords = new Set(['BC', 'B.C.', 'BCE', 'B.C.E.', 'B.C', 'BC.', 'BCE.']);
const extensionTag = /^_[A-Z0-9_]+$/;
const dayPattern = /^\d{1,2}$/;
const yearPattern = /^(\d{1,9})(?:\/(\d{2}|\d{4}))?$/;
const dashDualYearPattern = /^(\d{3,4})-(\d{2}|\d{4})$/;
const isoPattern = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const dottedPattern = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

function phrase(text: string): GedcomDate {
  return { kind: 'phrase', phrase: text, unparsed: true };
}

/**
 * Reads a GEDCOM date value. Never throws: what cannot be read is `{ kind: 'phrase', phrase:
 * text.trim(), unparsed: true }`. 7.0's PHRASE substructure is the caller's (it is not part of
 * the value).
 */
export function parseGedcomDate(text: string): GedcomDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'phrase', phrase: '' };
  const whole = /^\((.*)\)$/s.exec(trimmed);
  if (whole) return { kind: 'phrase', phrase: (whole[1] ?? '').trim() };

  const interpreted = /^INT\.?\s+([^()]+?)\s*(?:\((.*)\))?$/is.exec(trimmed);
  if (interpreted) {
    const date = parseDatePart(tokenize(interpreted[1] ?? ''));
    return date ? { kind: 'interpreted', date, phrase: (interpreted[2] ?? '').trim() } : phrase(trimmed);
  }

  return parseTokens(tokenize(trimmed)) ?? phrase(trimmed);
}

/**
 * Words, upper-cased: a calendar escape is one word (`@#DFRENCH R@` → `@#DFRENCH_R@`), and a
 * qualifier written against its year with a dot is split from it (`c.1850`, `Abt.1850`).
 */
function tokenize(text: string): string[] {
  const spaced = text
    .replace(/@#D\s*([^@]*?)\s*@/gi, (_, name: string) => ` @#D${name.replace(/\s+/g, '_')}@ `)
    .replace(/^(ABT|ABOUT|CA|C|CIRCA|EST|CAL|BEF|AFT)\.(?=\d)/i, '$1. ');
  return spaced.toUpperCase().split(/\s+/).filter(Boolean);
}

function keyword(token: string | undefined): string | undefined {
  return token?.endsWith('.') ? token.slice(0, -1) : token;
}

function parseTokens(tokens: string[]): GedcomDate | null {
  const first = keyword(tokens[0]);
  const rest = tokens.slice(1);
  const qualifier = first === undefined ? undefined : qualifiers.get(first);
  if (qualifier) {
    const date = parseDatePart(rest);
    return date ? { kind: qualifier, date } : null;
  }
  if (first === 'BET' || first === 'BETWEEN') {
    const and = rest.findIndex((token) => token === 'AND' || token === '-');
    if (and < 0) return null;
    const from = parseDatePart(rest.slice(0, and));
    const to = parseDatePart(rest.slice(and + 1));
    return from && to ? { kind: 'between', from, to } : null;
  }
  if (first === 'FROM') {
    const until = rest.indexOf('TO');
    const from = parseDatePart(until < 0 ? rest : rest.slice(0, until));
    if (!from) return null;
    if (until < 0) return { kind: 'period', from };
    const to = parseDatePart(rest.slice(until + 1));
    return to ? { kind: 'period', from, to } : null;
  }
  if (first === 'TO') {
    const to = parseDatePart(rest);
    return to ? { kind: 'period', to } : null;
  }
  const date = parseDatePart(tokens);
  return date ? { kind: 'exact', date } : null;
}

/** `[calendar] [[day] month] year [epoch]`, or ISO / day.month.year; null when it is not that. */
function parseDatePart(input: readonly string[]): GedcomDatePart | null {
  const tokens = [...input];
  let calendar: GedcomCalendar = 'gregorian';
  let calendarName: string | undefined;
  let explicit = false;

  const head = tokens[0];
  const escaped = head === undefined ? null : /^@#D(.*)@$/.exec(head);
  if (escaped || (head !== undefined && tokens.length > 1 && isCalendarWord(head))) {
    const name = escaped ? (escaped[1] ?? '') : (head ?? '');
    const known = calendarWords.get(name === 'FRENCH' ? 'FRENCH_R' : name);
    calendar = known ?? 'other';
    if (!known) calendarName = name.replace(/^_/, '') || 'UNKNOWN';
    explicit = true;
    tokens.shift();
  }

  let bce = false;
  let epoch: string | undefined;
  const last = tokens.at(-1);
  if (last !== undefined && tokens.length > 1 && bceWords.has(last)) {
    bce = true;
    tokens.pop();
  } else if (last !== undefined && tokens.length > 1 && extensionTag.test(last)) {
    epoch = last;
    tokens.pop();
  }

  let day: number | null = null;
  let month: number | null = null;
  let monthName: string | undefined;
  let yearText: string | undefined;
  if (tokens.length === 1) {
    yearText = tokens[0];
    const numeric = calendar === 'gregorian' && !bce && !epoch ? numericDate(yearText ?? '') : null;
    if (numeric) return numeric;
  } else if (tokens.length === 2 || tokens.length === 3) {
    const monthToken = keyword(tokens.length === 3 ? tokens[1] : tokens[0]) ?? '';
    yearText = tokens.at(-1);
    if (extensionTag.test(monthToken) || (calendar === 'other' && /^[A-Z][A-Z0-9_]*$/.test(monthToken))) {
      monthName = monthToken;
    } else {
      const found = findMonth(monthToken, calendar, explicit);
      if (!found) return null;
      calendar = found.calendar;
      month = found.month;
    }
    if (tokens.length === 3) {
      const dayText = tokens[0] ?? '';
      if (!dayPattern.test(dayText)) return null;
      day = Number(dayText);
    }
  } else {
    return null;
  }

  const year = readYear(yearText ?? '', month);
  if (!year) return null;
  if (year.dualYear !== undefined && (bce || (calendar !== 'gregorian' && calendar !== 'julian'))) return null;
  const part: GedcomDatePart = { calendar, year: year.year, month, day };
  if (calendarName !== undefined) part.calendarName = calendarName;
  if (monthName !== undefined) part.monthName = monthName;
  if (year.dualYear !== undefined) part.dualYear = year.dualYear;
  if (bce) part.bce = true;
  if (epoch !== undefined) part.epoch = epoch;
  return isValidPart(part) ? part : null;
}

function isCalendarWord(token: string): boolean {
  return calendarWords.has(token) || otherCalendarWords.has(token) || extensionTag.test(token);
}

function findMonth(
  token: string,
  calendar: GedcomCalendar,
  explicit: boolean,
): { calendar: GedcomCalendar; month: number } | null {
  const gregorian = gregorianMonthWords.get(token);
  const hebrew = hebrewMonthCodes.get(token);
  const french = frenchMonthCodes.get(token);
  if (!explicit) {
    // No calendar given: the month tells (the three lists share no code).
    if (gregorian !== undefined) return { calendar: 'gregorian', month: gregorian };
    if (hebrew !== undefined) return { calendar: 'hebrew', month: hebrew };
    if (french !== undefined) return { calendar: 'french', month: french };
    return null;
  }
  const month =
    calendar === 'hebrew' ? hebrew : calendar === 'french' ? french : calendar === 'other' ? undefined : gregorian;
  return month === undefined ? null : { calendar, month };
}

/** A year, with its dual year: `1750/51` and `1750/1751`, and after January–March `1750-51`, `1750-1751`. */
function readYear(text: string, month: number | null): { year: number; dualYear?: number } | null {
  let match = yearPattern.exec(text);
  if (!match && month !== null && month <= 3) match = dashDualYearPattern.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const second = match[2];
  if (second === undefined) return { year };
  let dualYear = Number(second);
  if (second.length === 2) {
    dualYear += year - (year % 100);
    if (dualYear <= year) dualYear += 100;
  }
  return dualYear === year + 1 ? { year, dualYear } : null;
}

/** ISO `1850-03-12` / `1850-03`, and `12.03.1850` (day.month.year). */
function numericDate(text: string): GedcomDatePart | null {
  const iso = isoPattern.exec(text);
  if (iso) {
    const part: GedcomDatePart = {
      calendar: 'gregorian',
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: iso[3] === undefined ? null : Number(iso[3]),
    };
    return isValidPart(part) ? part : null;
  }
  const dotted = dottedPattern.exec(text);
  if (dotted) {
    const part: GedcomDatePart = {
      calendar: 'gregorian',
      year: Number(dotted[3]),
      month: Number(dotted[2]),
      day: Number(dotted[1]),
    };
    return isValidPart(part) ? part : null;
  }
  return null;
}

/** Whether the day is in its month (Gregorian, Julian: the real lengths; Hebrew, French: at most 30, COMP 6). */
function isValidPart(part: GedcomDatePart): boolean {
  const months = part.calendar === 'hebrew' || part.calendar === 'french' ? 13 : 12;
  if (part.month !== null && (part.month < 1 || part.month > months)) return false;
  if (part.day === null) return true;
  if (part.day < 1) return false;
  if (part.month === null) return part.monthName !== undefined;
  switch (part.calendar) {
    case 'gregorian':
    case 'julian':
      return part.day <= daysInMonth(part);
    case 'hebrew':
      return part.day <= 30;
    case 'french':
      return part.day <= (part.month === 13 ? 6 : 30);
    default:
      return true;
  }
}

function daysInMonth(part: GedcomDatePart): number {
  const month = part.month ?? 1;
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  // Dual dating is used for January–March, which belong to the second (new style) year.
  const written = part.dualYear ?? part.year;
  // Astronomical numbering for leap years: 1 BC is year 0, a leap year in both calendars.
  const year = part.bce ? 1 - written : written;
  const leap = part.calendar === 'julian' ? year % 4 === 0 : (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

/**
 * A date value written in the syntax of one version, with the phrase apart for 7.0 (where it goes
 * to the DATE's PHRASE substructure). 5.5.1: `@#DJULIAN@ 12 JAN 1700`, `1750/51`, `5 B.C.`,
 * `INT 1850 (phrase)`, `(phrase)`; `phrase` is never set. 7.0: `JULIAN 12 JAN 1700`, `5 BCE`;
 * INT's date alone with its phrase in `phrase`; a phrase date is the empty value '' with `phrase`;
 * a dual year, which 7.0 does not have, is written as its second year (`1751`, the year of the
 * new style), with `phrase` holding the date with its dual year in 7.0's words (`JULIAN 12 FEB
 * 1750/51`, which `parseGedcomDate` reads) unless the date has a phrase of its own. Gregorian
 * dates are written without a calendar; days and years without padding. The structure is written
 * as it is, without checks (a day the month does not have stays). 5.5.1 has no INT without a
 * phrase: an `interpreted` date with phrase '' is written as the date alone.
 */
export function formatGedcomDateValue(
  date: GedcomDate,
  version: GedcomDateVersion,
): { value: string; phrase?: string } {
  if (version === '5.5.1') {
    if (date.kind === 'phrase') return { value: date.phrase === '' ? '' : `(${date.phrase})` };
    if (date.kind === 'interpreted') {
      const value = formatPart(date.date, version);
      return { value: date.phrase === '' ? value : `INT ${value} (${date.phrase})` };
    }
    return { value: formatValue(date, version) };
  }
  if (date.kind === 'phrase') return date.phrase === '' ? { value: '' } : { value: '', phrase: date.phrase };
  const written = (style: Style) =>
    date.kind === 'interpreted' ? formatPart(date.date, style) : formatValue(date, style);
  const value = written('7.0');
  if (date.kind === 'interpreted' && date.phrase !== '') return { value, phrase: date.phrase };
  return hasDualYear(date) ? { value, phrase: written('dual') } : { value };
}

/**
 * A date value as text in one version: for 5.5.1 the whole value, for 7.0 the value without its
 * phrase (use `formatGedcomDateValue` to get the phrase for the PHRASE substructure).
 */
export function formatGedcomDate(date: GedcomDate, version: GedcomDateVersion): string {
  return formatGedcomDateValue(date, version).value;
}

function hasDualYear(date: GedcomDate): boolean {
  switch (date.kind) {
    case 'phrase':
      return false;
    case 'between':
      return date.from.dualYear !== undefined || date.to.dualYear !== undefined;
    case 'period':
      return date.from?.dualYear !== undefined || date.to?.dualYear !== undefined;
    default:
      return date.date.dualYear !== undefined;
  }
}

function formatValue(date: Exclude<GedcomDate, { kind: 'phrase' | 'interpreted' }>, style: Style): string {
  switch (date.kind) {
    case 'exact':
      return formatPart(date.date, style);
    case 'between':
      return `BET ${formatPart(date.from, style)} AND ${formatPart(date.to, style)}`;
    case 'period': {
      const from = date.from ? `FROM ${formatPart(date.from, style)}` : '';
      const to = date.to ? `TO ${formatPart(date.to, style)}` : '';
      return from && to ? `${from} ${to}` : from || to;
    }
    default:
      return `${qualifierKeywords[date.kind]} ${formatPart(date.date, style)}`;
  }
}

function formatPart(part: GedcomDatePart, style: Style): string {
  const words: string[] = [];
  const calendar = formatCalendar(part, style);
  if (calendar) words.push(calendar);
  if (part.day !== null) words.push(String(part.day));
  const month = formatMonth(part);
  if (month) words.push(month);
  if (part.dualYear === undefined) words.push(String(part.year));
  else if (style === '7.0') words.push(String(part.dualYear));
  else words.push(`${part.year}/${String(part.dualYear % 100).padStart(2, '0')}`);
  if (part.bce) words.push(style === '5.5.1' ? 'B.C.' : 'BCE');
  else if (part.epoch) words.push(part.epoch);
  return words.join(' ');
}

function formatCalendar(part: GedcomDatePart, style: Style): string {
  const modern = style !== '5.5.1';
  switch (part.calendar) {
    case 'gregorian':
      return '';
    case 'julian':
      return modern ? 'JULIAN' : '@#DJULIAN@';
    case 'hebrew':
      return modern ? 'HEBREW' : '@#DHEBREW@';
    case 'french':
      return modern ? 'FRENCH_R' : '@#DFRENCH R@';
    default: {
      const name = (part.calendarName ?? 'UNKNOWN').toUpperCase().replace(/\s+/g, '_');
      if (modern) return name.startsWith('_') ? name : `_${name}`;
      return `@#D${name.replace(/^_/, '')}@`;
    }
  }
}

function formatMonth(part: GedcomDatePart): string {
  if (part.month === null) return part.monthName ?? '';
  const codes = part.calendar === 'hebrew' ? hebrewMonths : part.calendar === 'french' ? frenchMonths : gregorianMonths;
  return codes[part.month - 1] ?? part.monthName ?? '';
}
