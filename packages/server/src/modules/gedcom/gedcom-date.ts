import {
  type DateType,
  type EventDate,
  type EventDateInput,
  emptyEventDate,
  type GedcomWarningCodeName,
  isStartAfterEnd,
  maxYear,
  minYear,
  normalizePartialDate,
  type PartialDate,
  parsePartialDate,
  resolveEventDate,
} from '@anor/core';
import { formatGedcomDate, type GedcomDate, type GedcomDatePart, parseGedcomDate } from '@anor/gedcom';

/**
 * GEDCOM DATE values ↔ Anor's event dates (start and end, each a partial date with a type).
 *
 * Import (`mapGedcomDate`), by kind of GEDCOM date:
 *
 * | GEDCOM | Anor | exact |
 * |---|---|---|
 * | `12 MAR 1850`, `MAR 1850`, `1850` | start = end, exact (`1850-03-12`, `1850-03`, `1850`) | yes |
 * | `ABT x` | about x | yes |
 * | `CAL x`, `EST x` | about x (Anor has no calculated or estimated) | no |
 * | `BEF x`, `AFT x` | before x, after x | yes |
 * | `BET x AND y` | start x between, end y between | yes |
 * | `FROM x TO y` | start x exact, end y exact | yes (no when x = y: it reads back as `x`) |
 * | `FROM x` | start x exact, end x after | yes |
 * | `TO y` | start y before, end y exact | yes |
 * | `INT x (phrase)` | x as above | no (the caller keeps the text) |
 * | dual year `1750/51` | the second (new style) year, 1751; warning `date-dual-year` | no |
 * | Julian, Hebrew, French, other calendars | no date; warning `date-calendar` | no |
 * | `B.C.`/`BCE` dates, `(phrase)`, text that is not a date | no date; warning `date-as-text` | no |
 * | year 0 or past 9999, a start after its end (`BET 1900 AND 1850`) | no date; warning `date-invalid` | no |
 *
 * "No date" keeps the text as written (the event's `date_text`): it is shown from the text in the
 * reader's language and sorted by its best-known Gregorian days (core `date-text.ts`: a Julian,
 * Hebrew or French date converted, a BCE date as a BC day of the `date` column, a backwards range
 * by its earlier date, a phrase by the first year in it), which the import writes to
 * `date_from`/`date_to` (issue 20 item 4).
 * | empty | no date | yes |
 *
 * FROM and TO alone are open periods. They become ranges whose open side is the date itself
 * qualified (core `openPeriodOf` recognises the pair, and they read "from 1850" / "until 1860"): `FROM 1850` (began in 1850, still going or ended at an unknown
 * time) is "1850 – after 1850", which covers the days from 1 January 1850 onwards and sorts at
 * its start; `TO 1860` is "before 1860 – 1860", the days up to 31 December 1860. Reading them
 * as the single dates "after 1850" or "before 1860" would leave out the year itself, and as
 * "1850" would end the period in 1850. The pairs are written back as `FROM 1850` and `TO 1860`,
 * so nothing is lost and they count as exact.
 *
 * `exact` is true when `anorDateToGedcom(result.date)` reads back as the same GEDCOM date: then
 * the import may drop the text as written. When it is false the caller keeps the text (as the
 * event's date text, for the import report and for export). With no date (`startDate` null) there
 * is always a warning, except for an empty value.
 */

export type GedcomDateWarning = Extract<
  GedcomWarningCodeName,
  'date-as-text' | 'date-dual-year' | 'date-calendar' | 'date-invalid'
>;

export interface MappedDate {
  /** In its stored form (`resolveEventDate`); `emptyEventDate` when there is no date. */
  date: EventDate;
  /** True when the mapping lost nothing: `anorDateToGedcom(date)` gives an equivalent GEDCOM date. */
  exact: boolean;
  warning?: GedcomDateWarning;
}

type PartResult = { date: PartialDate; dual: boolean } | { warning: GedcomDateWarning };

/** Which warning wins when the two dates of a range fail differently. */
const warningOrder: readonly GedcomDateWarning[] = ['date-calendar', 'date-as-text', 'date-invalid', 'date-dual-year'];

function noDate(warning: GedcomDateWarning): MappedDate {
  return { date: emptyEventDate, exact: false, warning };
}

/** One GEDCOM date as a partial date: Gregorian, common era, years 1–9999 (a dual year's second year). */
function convertPart(part: GedcomDatePart): PartResult {
  if (part.calendar !== 'gregorian' || part.epoch !== undefined || part.monthName !== undefined) {
    return { warning: 'date-calendar' };
  }
  if (part.bce) return { warning: 'date-as-text' };
  const year = part.dualYear ?? part.year;
  if (year < minYear || year > maxYear) return { warning: 'date-invalid' };
  const month = part.month === null ? '' : `-${String(part.month).padStart(2, '0')}`;
  const day = part.day === null || part.month === null ? '' : `-${String(part.day).padStart(2, '0')}`;
  const date = normalizePartialDate(`${String(year).padStart(4, '0')}${month}${day}`);
  if (date === null) return { warning: 'date-invalid' };
  return { date, dual: part.dualYear !== undefined };
}

function convertParts(
  parts: GedcomDatePart[],
): { dates: PartialDate[]; dual: boolean } | { warning: GedcomDateWarning } {
  const results = parts.map(convertPart);
  const failures = results.flatMap((result) => ('warning' in result ? [result.warning] : []));
  if (failures.length > 0) {
    const warning = warningOrder.find((code) => failures.includes(code)) ?? 'date-as-text';
    return { warning };
  }
  const converted = results as { date: PartialDate; dual: boolean }[];
  return { dates: converted.map((result) => result.date), dual: converted.some((result) => result.dual) };
}

const typeOfKind: Record<
  'exact' | 'about' | 'calculated' | 'estimated' | 'before' | 'after' | 'interpreted',
  DateType
> = {
  exact: 'exact',
  about: 'about',
  calculated: 'about',
  estimated: 'about',
  before: 'before',
  after: 'after',
  interpreted: 'exact',
};

/** A GEDCOM date value (any version, read leniently) as an Anor event date. See the table above. */
export function mapGedcomDate(text: string | null | undefined): MappedDate {
  const parsed = parseGedcomDate(text ?? '');
  if (parsed.kind === 'phrase') {
    return parsed.phrase === '' && !parsed.unparsed ? { date: emptyEventDate, exact: true } : noDate('date-as-text');
  }

  let parts: GedcomDatePart[];
  let build: (dates: PartialDate[]) => EventDateInput;
  let lossless: boolean;
  switch (parsed.kind) {
    case 'between':
      parts = [parsed.from, parsed.to];
      build = ([start, end]) => ({ startDate: start, startDateType: 'between', endDate: end, endDateType: 'between' });
      lossless = true;
      break;
    case 'period':
      if (parsed.from && parsed.to) {
        parts = [parsed.from, parsed.to];
        build = ([start, end]) => ({ startDate: start, startDateType: 'exact', endDate: end, endDateType: 'exact' });
      } else if (parsed.from) {
        parts = [parsed.from];
        build = ([start]) => ({ startDate: start, startDateType: 'exact', endDate: start, endDateType: 'after' });
      } else if (parsed.to) {
        parts = [parsed.to];
        build = ([end]) => ({ startDate: end, startDateType: 'before', endDate: end, endDateType: 'exact' });
      } else {
        return { date: emptyEventDate, exact: true };
      }
      lossless = true;
      break;
    default: {
      const type = typeOfKind[parsed.kind];
      parts = [parsed.date];
      build = ([date]) => ({ startDate: date, startDateType: type });
      lossless = parsed.kind !== 'calculated' && parsed.kind !== 'estimated' && parsed.kind !== 'interpreted';
    }
  }

  const converted = convertParts(parts);
  if ('warning' in converted) return noDate(converted.warning);
  const input = build(converted.dates);
  if (isStartAfterEnd(input)) return noDate('date-invalid');
  const date = resolveEventDate(input);
  // FROM x TO x reads back as plain x.
  if (parsed.kind === 'period' && parsed.from && parsed.to && date.startDate === date.endDate) lossless = false;
  if (converted.dual) return { date, exact: false, warning: 'date-dual-year' };
  return { date, exact: lossless };
}

function gedcomPart(date: PartialDate): GedcomDatePart {
  const parts = parsePartialDate(date);
  if (!parts) throw new Error(`Not a resolved partial date: ${date}`);
  return { calendar: 'gregorian', year: parts.year, month: parts.month, day: parts.day };
}

const singleKinds: Record<Exclude<DateType, 'between'>, 'exact' | 'about' | 'before' | 'after'> = {
  exact: 'exact',
  about: 'about',
  before: 'before',
  after: 'after',
};

/**
 * An Anor event date as a GEDCOM date value, and whether it says all the Anor date does.
 * Exact: one date with its type (`12 MAR 1850`, `ABT 1850`, `BEF 1850`, `AFT 1850`), between
 * (`BET 1850 AND 1860`, also when both are the same), an exact start and a different exact end
 * (`FROM 1850 TO 1860`), and the two open periods (`FROM 1850`, `TO 1860`, see above). Any other
 * pair of types (about 1850 – about 1860, after 1850 – 1860 …) has no GEDCOM form: it is written
 * as `FROM start TO end` without the types, with `exact` false (and when an open start or end
 * makes the start come after the end, as in "before 1870 – 1860", as `TO 1860`, or `FROM start`
 * for an open end). Null when there is no date.
 */
export function anorDateToGedcomValue(
  input: EventDateInput | null | undefined,
): { value: string; exact: boolean } | null {
  const date = resolveEventDate(input);
  if (date.startDate === null || date.endDate === null) return null;
  const start = gedcomPart(date.startDate);
  const end = gedcomPart(date.endDate);
  const same = date.startDate === date.endDate;
  const { startDateType, endDateType } = date;

  let gedcom: GedcomDate;
  let exact = true;
  if (startDateType === 'between') {
    gedcom = { kind: 'between', from: start, to: end };
  } else if (same && startDateType === endDateType) {
    gedcom = { kind: singleKinds[startDateType], date: start };
  } else if (same && startDateType === 'exact' && endDateType === 'after') {
    gedcom = { kind: 'period', from: start };
  } else if (same && startDateType === 'before' && endDateType === 'exact') {
    gedcom = { kind: 'period', to: end };
  } else if (startDateType === 'exact' && endDateType === 'exact') {
    gedcom = { kind: 'period', from: start, to: end };
  } else {
    // No GEDCOM form: the types are dropped. A start "before" or an end "after" is open, so the
    // start may come after the end ("before 1870 – 1860"): then only the closed side is kept.
    exact = false;
    const crossed = isStartAfterEnd({ startDate: date.startDate, endDate: date.endDate });
    if (!crossed) gedcom = { kind: 'period', from: start, to: end };
    else gedcom = startDateType === 'before' ? { kind: 'period', to: end } : { kind: 'period', from: start };
  }
  return { value: formatGedcomDate(gedcom, '5.5.1'), exact };
}

/**
 * An Anor event date as a GEDCOM date value (5.5.1 syntax, the same in 7.0 for Gregorian dates:
 * `12 MAR 1850`, `ABT 1850`, `BET 1850 AND 1860`, `FROM 1850 TO 1860`; years without padding,
 * `0850` → `850`). Null when there is no date. See `anorDateToGedcomValue` for which dates lose
 * their types.
 */
export function anorDateToGedcom(input: EventDateInput | null | undefined): string | null {
  return anorDateToGedcomValue(input)?.value ?? null;
}
