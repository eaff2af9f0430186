import { type GedcomDate, type GedcomDatePart, parseGedcomDate } from '@anor/gedcom/date';
import { fillPlaceholders } from '../i18n/placeholders.ts';
import { ruleTexts } from '../i18n/rule-texts.ts';
import type { Language } from '../schemas/common.ts';
import { calendarDayRange } from './calendars.ts';
import type { DateType } from './event-date.ts';
import { fromDayNumber, partialDateFromParts, toDayNumber } from './partial-date.ts';

/**
 * Dates kept as the file wrote them (an event's `dateText`, issue 20 item 4): Julian, Hebrew and
 * French republican dates, dates before the common era, date phrases and ranges written the wrong
 * way round. Anor's own dates cannot hold them, so the event has no start date; these functions
 * show the text in the reader's language and give it days to sort by.
 *
 * - Shown (`formatDateText`): as written, in its own calendar, with the calendar named:
 *   `@#DJULIAN@ 1 JAN 1700` is "1 January 1700 (Julian)", `44 B.C.` "44 BC", a phrase is quoted.
 * - Sorted (`dateTextDayRange`): the Gregorian days the date can mean (a Julian day its Gregorian
 *   day, a Hebrew year its Gregorian days); a range written backwards covers both of its dates, so
 *   it sorts by the earlier; a phrase from the first year in it, open-ended (a number in a phrase
 *   may be no year, and must not make anyone old). Null when nothing is known (another calendar,
 *   a phrase without a year).
 */

type Texts = (typeof ruleTexts)[Language]['dates'];

/** The earliest and latest day a date column can hold (PostgreSQL: 4713 BC to far beyond 9999). */
export const firstSqlDay = toDayNumber(-4712, 1, 1);
export const lastSqlDay = toDayNumber(9999, 12, 31);

/** Dictionary keys of the months, January first (`dates.months.*`, `dates.monthsWithDay.*`); Julian ones too. */
export const monthKeys = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const hebrewMonthKeys = [
  'tishri',
  'cheshvan',
  'kislev',
  'tevet',
  'shevat',
  'adar',
  'adarII',
  'nisan',
  'iyar',
  'sivan',
  'tammuz',
  'av',
  'elul',
] as const;
const frenchMonthKeys = [
  'vendemiaire',
  'brumaire',
  'frimaire',
  'nivose',
  'pluviose',
  'ventose',
  'germinal',
  'floreal',
  'prairial',
  'messidor',
  'thermidor',
  'fructidor',
  'complementary',
] as const;

// Days -------------------------------------------------------------------------------------

/** The astronomical year of a part (1 BC is 0), the second year of a dual year. */
function astronomicalYear(part: GedcomDatePart): number {
  const year = part.dualYear ?? part.year;
  return part.bce ? 1 - year : year;
}

/** The Gregorian days of one date of the text, or null when its calendar cannot be converted. */
function partRange(part: GedcomDatePart): { from: number; to: number } | null {
  if (part.calendar === 'other' || part.epoch !== undefined || part.monthName !== undefined) return null;
  if ((part.calendar === 'hebrew' || part.calendar === 'french') && part.bce) return null;
  const year = astronomicalYear(part);
  // A day its month does not have (30 Elul: Elul has 29) still tells the month.
  return (
    calendarDayRange(part.calendar, { year, month: part.month, day: part.day }) ??
    calendarDayRange(part.calendar, { year, month: part.month, day: null })
  );
}

/** The first year of three or four digits in a phrase ("abt 1850 or 1851" → 1850), if any. */
function yearInPhrase(text: string): number | null {
  const match = /(?:^|\D)(\d{3,4})(?!\d)/.exec(text);
  const year = match ? Number(match[1]) : Number.NaN;
  return year >= 1 && year <= 9999 ? year : null;
}

function clamp(day: number): number {
  return Math.min(Math.max(day, firstSqlDay), lastSqlDay);
}

/** The days a parsed date can mean (see `dateTextDayRange`); open ends null. */
function parsedDayRange(parsed: GedcomDate): { from: number | null; to: number | null } | null {
  switch (parsed.kind) {
    case 'phrase': {
      // A number in a phrase may be no year ("in room 204"): it gives only a day to sort by, open
      // towards the future, so that it never makes anyone old enough to count as dead (the
      // privacy rule reads `date_to`, and an open end counts as recent: presumed living).
      const year = yearInPhrase(parsed.phrase);
      const range = year === null ? null : calendarDayRange('gregorian', { year, month: null, day: null });
      return range && { from: range.from, to: null };
    }
    case 'between':
    case 'period': {
      const from = parsed.from ? partRange(parsed.from) : null;
      const to = parsed.to ? partRange(parsed.to) : null;
      if ((parsed.from && !from) || (parsed.to && !to)) return null;
      if (from && to) return { from: Math.min(from.from, to.from), to: Math.max(from.to, to.to) };
      if (from) return { from: from.from, to: null };
      if (to) return { from: null, to: to.to };
      return null;
    }
    case 'before': {
      const range = partRange(parsed.date);
      return range && { from: null, to: range.from - 1 };
    }
    case 'after': {
      const range = partRange(parsed.date);
      return range && { from: range.to + 1, to: null };
    }
    default:
      return partRange(parsed.date);
  }
}

/**
 * The Gregorian days (day numbers) a date written as in a GEDCOM file can mean, best known:
 * converted from its calendar, before the common era as well; "before" and "after" open on one
 * side as Anor's own dates. A range written backwards (`BET 1900 AND 1850`) covers both dates.
 * A phrase gives the first day of the first year in it and an open end. Null when nothing can be known.
 */
export function dateTextDayRange(text: string | null | undefined): { from: number | null; to: number | null } | null {
  if (!text?.trim()) return null;
  const range = parsedDayRange(parseGedcomDate(text));
  if (!range) return null;
  return { from: range.from === null ? null : clamp(range.from), to: range.to === null ? null : clamp(range.to) };
}

/**
 * The Gregorian days of a date text that is a date (another calendar, before the common era, a
 * backwards range), for reckoning such as ages; null for a phrase, whose year is only a guess.
 */
export function dateTextCalendarRange(
  text: string | null | undefined,
): { from: number | null; to: number | null } | null {
  if (!text?.trim() || parseGedcomDate(text).kind === 'phrase') return null;
  return dateTextDayRange(text);
}

/**
 * A day number as a value of a SQL `date` column: "1850-03-12", and before the common era
 * PostgreSQL's "0044-03-15 BC" (sorted and compared as dates there).
 */
export function sqlDateOfDay(dayNumber: number): string {
  const { year, month, day } = fromDayNumber(clamp(dayNumber));
  if (year >= 1) return partialDateFromParts({ year, month, day });
  const bcYear = String(1 - year).padStart(4, '0');
  return `${bcYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')} BC`;
}

/** The day range of a date text as `date_from`/`date_to` values (null: open or unknown). */
export function dateTextSqlRange(text: string | null | undefined): { from: string | null; to: string | null } | null {
  const range = dateTextDayRange(text);
  if (!range) return null;
  return {
    from: range.from === null ? null : sqlDateOfDay(range.from),
    to: range.to === null ? null : sqlDateOfDay(range.to),
  };
}

// Life years --------------------------------------------------------------------------------

/**
 * The year a person label shows for a birth or death known only as text, and how sure it is:
 * a Julian or Gregorian year as written (negative before the common era: -44 is 44 BC), a Hebrew
 * or French year as its Gregorian year, a phrase's first year (about). Null when none is known.
 */
export function dateTextYear(text: string | null | undefined): { year: number; type: DateType } | null {
  if (!text?.trim()) return null;
  const parsed = parseGedcomDate(text);
  const yearOf = (part: GedcomDatePart): number | null => {
    if (part.calendar === 'gregorian' || part.calendar === 'julian') {
      const year = part.dualYear ?? part.year;
      return part.bce ? -year : year;
    }
    const range = partRange(part);
    if (!range) return null;
    const { year } = fromDayNumber(range.from);
    return year >= 1 ? year : year - 1;
  };
  switch (parsed.kind) {
    case 'phrase': {
      const year = yearInPhrase(parsed.phrase);
      return year === null ? null : { year, type: 'about' };
    }
    case 'between':
    case 'period': {
      const from = parsed.from ? yearOf(parsed.from) : null;
      const to = parsed.to ? yearOf(parsed.to) : null;
      if (from !== null && to !== null) {
        const earlier = Math.min(from, to);
        return { year: earlier, type: from === to ? 'exact' : 'between' };
      }
      if (from !== null) return { year: from, type: parsed.kind === 'between' ? 'between' : 'exact' };
      if (to !== null) return { year: to, type: parsed.kind === 'between' ? 'between' : 'exact' };
      return null;
    }
    default: {
      const year = yearOf(parsed.date);
      if (year === null) return null;
      const type: DateType =
        parsed.kind === 'before' || parsed.kind === 'after'
          ? parsed.kind
          : parsed.kind === 'exact' || parsed.kind === 'interpreted'
            ? 'exact'
            : 'about';
      return { year, type };
    }
  }
}

// Shown -------------------------------------------------------------------------------------

/** A year as shown: before the common era with the language's word ("44 BC", "44 f.Kr."). */
export function formatSignedYear(year: number, language: Language): string {
  return year < 0 ? fillPlaceholders(ruleTexts[language].dates.display.bce, { year: -year }) : String(year);
}

function yearText(part: GedcomDatePart, texts: Texts): string {
  const year =
    part.dualYear === undefined ? String(part.year) : `${part.year}/${String(part.dualYear % 100).padStart(2, '0')}`;
  return part.bce ? fillPlaceholders(texts.display.bce, { year }) : year;
}

function monthText(part: GedcomDatePart, texts: Texts, withDay: boolean): string | null {
  if (part.month === null) return part.monthName ?? null;
  if (part.calendar === 'hebrew') {
    const key = hebrewMonthKeys[part.month - 1];
    return key ? texts.display.hebrewMonths[key] : null;
  }
  if (part.calendar === 'french') {
    const key = frenchMonthKeys[part.month - 1];
    return key ? texts.display.frenchMonths[key] : null;
  }
  const key = monthKeys[part.month - 1];
  if (!key) return null;
  return withDay ? texts.monthsWithDay[key] : texts.months[key];
}

/** One date in its own calendar, without the calendar's name. */
function partText(part: GedcomDatePart, texts: Texts): string {
  const year = yearText(part, texts);
  const month = monthText(part, texts, part.day !== null);
  if (month === null) return year;
  if (part.day === null) return fillPlaceholders(texts.display.month, { month, year });
  return fillPlaceholders(texts.display.day, { day: part.day, month, year });
}

function calendarName(part: GedcomDatePart, texts: Texts): string | null {
  switch (part.calendar) {
    case 'gregorian':
      return part.epoch ?? null;
    case 'julian':
    case 'hebrew':
    case 'french':
      return texts.display.calendars[part.calendar];
    default:
      return part.calendarName ?? null;
  }
}

/**
 * A date text as it is read in the language: the date in its own calendar with the calendar
 * named once ("between 1 January 1700 and 5 March 1701 (Julian)"), qualifiers in the reader's
 * words, a period "from 730" / "until 1042", a phrase quoted as written. Text that is not a date
 * is shown quoted as it is. Empty for empty text.
 */
export function formatDateText(text: string | null | undefined, language: Language): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return '';
  const texts = ruleTexts[language].dates;
  const parsed = parseGedcomDate(trimmed);
  if (parsed.kind === 'phrase') return fillPlaceholders(texts.display.phrase, { text: parsed.phrase || trimmed });

  const parts =
    parsed.kind === 'between' || parsed.kind === 'period'
      ? [parsed.from, parsed.to].filter((part): part is GedcomDatePart => part !== undefined)
      : [parsed.date];
  const names = parts.map((part) => calendarName(part, texts));
  const shared = names.every((name) => name === names[0]) ? (names[0] ?? null) : undefined;
  const one = (part: GedcomDatePart) => {
    const date = partText(part, texts);
    const name = shared === undefined ? calendarName(part, texts) : null;
    return name ? fillPlaceholders(texts.display.calendar, { date, calendar: name }) : date;
  };

  let shown: string;
  switch (parsed.kind) {
    case 'between':
      shown = fillPlaceholders(texts.display.between, { start: one(parsed.from), end: one(parsed.to) });
      break;
    case 'period':
      if (parsed.from && parsed.to)
        shown = fillPlaceholders(texts.display.range, { start: one(parsed.from), end: one(parsed.to) });
      else if (parsed.from) shown = fillPlaceholders(texts.display.from, { date: one(parsed.from) });
      else if (parsed.to) shown = fillPlaceholders(texts.display.until, { date: one(parsed.to) });
      else shown = '';
      break;
    case 'exact':
    case 'interpreted':
      shown = one(parsed.date);
      break;
    case 'before':
    case 'after':
      shown = fillPlaceholders(texts.display[parsed.kind], { date: one(parsed.date) });
      break;
    default:
      shown = fillPlaceholders(texts.display.about, { date: one(parsed.date) });
  }
  if (shared) shown = fillPlaceholders(texts.display.calendar, { date: shown, calendar: shared });
  if (parsed.kind === 'interpreted' && parsed.phrase !== '') {
    shown = `${shown} ${fillPlaceholders(texts.display.phrase, { text: parsed.phrase })}`;
  }
  return shown;
}

/**
 * The Gregorian days of a date kept as text in another calendar, as they are read: "4 January
 * 1700" for `@#DJULIAN@ 25 DEC 1699`, "3 October 2024 – 22 September 2025" for `@#DHEBREW@ 5785`.
 * Only for one date of the Julian, Hebrew or French republican calendar (with or without a
 * qualifier); null for anything else (a Gregorian or BCE Gregorian date says it already, a range,
 * a phrase, a calendar Anor cannot convert).
 */
export function formatDateTextGregorian(text: string | null | undefined, language: Language): string | null {
  if (!text?.trim()) return null;
  const parsed = parseGedcomDate(text);
  if (parsed.kind === 'phrase' || parsed.kind === 'between' || parsed.kind === 'period') return null;
  const part = parsed.date;
  if (part.calendar !== 'julian' && part.calendar !== 'hebrew' && part.calendar !== 'french') return null;
  const range = partRange(part);
  if (!range || range.from < firstSqlDay || range.to > lastSqlDay) return null;
  const texts = ruleTexts[language].dates;
  const day = (dayNumber: number) => {
    const { year, month, day: d } = fromDayNumber(dayNumber);
    const gregorian: GedcomDatePart = { calendar: 'gregorian', year: year < 1 ? 1 - year : year, month, day: d };
    if (year < 1) gregorian.bce = true;
    return partText(gregorian, texts);
  };
  if (range.from === range.to) return day(range.from);
  return fillPlaceholders(texts.display.range, { start: day(range.from), end: day(range.to) });
}
