import { dateTextDayRange } from './date-text.ts';
import { type DateType, dateTypes } from './date-types.ts';
import {
  firstDayOf,
  isoDayOf,
  lastDayOf,
  normalizePartialDate,
  type PartialDate,
  type PartialDateParts,
  parsePartialDate,
} from './partial-date.ts';

export { type DateType, dateTypes } from './date-types.ts';

export function isDateType(value: unknown): value is DateType {
  return typeof value === 'string' && (dateTypes as readonly string[]).includes(value);
}

/** A date type as it may arrive (blank, null, "exact" or a type): blank and unknown mean exact. */
export function toDateType(value: string | null | undefined): DateType {
  return isDateType(value) ? value : 'exact';
}

/** The date of an event (or of a participant in an occupation-like event), resolved. */
export interface EventDate {
  startDate: PartialDate | null;
  startDateType: DateType;
  /** Equal to the start (date and type) when no end was given. */
  endDate: PartialDate | null;
  endDateType: DateType;
}

/** The date fields as they arrive from a form, the API or the database: any may be blank. */
export interface EventDateInput {
  startDate?: string | null;
  startDateType?: string | null;
  endDate?: string | null;
  endDateType?: string | null;
  /**
   * The date as an imported file wrote it (an event's `dateText`). Only shown and sorted by, and
   * only when there is no start date: see date-text.ts.
   */
  dateText?: string | null;
}

export const emptyEventDate: EventDate = {
  startDate: null,
  startDateType: 'exact',
  endDate: null,
  endDateType: 'exact',
};

/**
 * The stored form of an event's date (SPEC §4): dates padded, blank types exact, and the end date
 * defaulting to the start date and its type. A "between" start makes the end "between" too; an
 * end cannot be "between" on its own. Without a start date there is no date at all. Invalid
 * dates count as blank here; the schema refuses them before they get this far.
 */
export function resolveEventDate(input: EventDateInput | null | undefined): EventDate {
  const startDate = input?.startDate ? normalizePartialDate(input.startDate) : null;
  if (startDate === null) return emptyEventDate;
  const startDateType = toDateType(input?.startDateType);
  const endDate = input?.endDate ? normalizePartialDate(input.endDate) : null;
  if (endDate === null) return { startDate, startDateType, endDate: startDate, endDateType: startDateType };
  let endDateType = startDateType === 'between' ? 'between' : toDateType(input?.endDateType);
  if (endDateType === 'between' && startDateType !== 'between') endDateType = 'exact';
  return { startDate, startDateType, endDate, endDateType };
}

/** SPEC §4: a range shows when the start and the end differ (in date or in type). */
export function isDateRange(input: EventDateInput | null | undefined): boolean {
  const date = resolveEventDate(input);
  return date.startDate !== null && (date.startDate !== date.endDate || date.startDateType !== date.endDateType);
}

/** SPEC §5: two dates are equal when they mean the same; compared in their stored form. */
export function isSameEventDate(a: EventDateInput | null | undefined, b: EventDateInput | null | undefined): boolean {
  const left = resolveEventDate(a);
  const right = resolveEventDate(b);
  return (
    left.startDate === right.startDate &&
    left.startDateType === right.startDateType &&
    left.endDate === right.endDate &&
    left.endDateType === right.endDateType
  );
}

// Ranges of days. A partial date covers every day it can mean (1850 → 1850-01-01…1850-12-31).
// "before X" and "after X" shift by one day (SPEC §3): before X ends the day before X's first
// day and is open towards the past; after X starts the day after X's last day and is open
// towards the future. "about X" and "between" cover the days of X itself.

/** Days as day numbers (see `toDayNumber`); null is an open end. */
export interface DayRange {
  from: number | null;
  to: number | null;
}

function partsOf(date: PartialDate): PartialDateParts {
  const parts = parsePartialDate(date);
  if (!parts) throw new Error(`Not a resolved partial date: ${date}`);
  return parts;
}

/** The days one date of a given type can mean. */
export function dateRange(date: PartialDate, type: DateType): DayRange {
  const parts = partsOf(date);
  switch (type) {
    case 'before':
      return { from: null, to: firstDayOf(parts) - 1 };
    case 'after':
      return { from: lastDayOf(parts) + 1, to: null };
    default:
      return { from: firstDayOf(parts), to: lastDayOf(parts) };
  }
}

/**
 * The days an event's date can mean: from the earliest day of its start to the latest day of its
 * end. Null when the event has no date.
 */
export function eventDateRange(input: EventDateInput | null | undefined): DayRange | null {
  const date = resolveEventDate(input);
  if (date.startDate === null || date.endDate === null) return null;
  return {
    from: dateRange(date.startDate, date.startDateType).from,
    to: dateRange(date.endDate, date.endDateType).to,
  };
}

/** The same range as stored dates, "YYYY-MM-DD" (null: open end), e.g. for indexed range queries. */
export function eventDateIsoRange(
  input: EventDateInput | null | undefined,
): { from: PartialDate | null; to: PartialDate | null } | null {
  const range = eventDateRange(input);
  if (!range) return null;
  return {
    from: range.from === null ? null : isoDayOf(range.from),
    to: range.to === null ? null : isoDayOf(range.to),
  };
}

/**
 * SPEC §5 "start must not be after end": the start is after the end when even its earliest day
 * comes after the latest day of the end. Partial dates are read generously: 1850-06 to 1850 is
 * fine, 1851 to 1850 is not, and "after 1850" to "1850" is not (after 1850 begins in 1851).
 */
export function isStartAfterEnd(input: EventDateInput | null | undefined): boolean {
  const range = eventDateRange(input);
  return range !== null && range.from !== null && range.to !== null && range.from > range.to;
}

/** Whether two day ranges share at least one day (open ends reach forever). */
export function rangesOverlap(a: DayRange, b: DayRange): boolean {
  const aFrom = a.from ?? Number.NEGATIVE_INFINITY;
  const aTo = a.to ?? Number.POSITIVE_INFINITY;
  const bFrom = b.from ?? Number.NEGATIVE_INFINITY;
  const bTo = b.to ?? Number.POSITIVE_INFINITY;
  return aFrom <= bTo && bFrom <= aTo;
}

/** The part of a range within the limits, or null when nothing of it is. */
export function clampRange(range: DayRange, limits: DayRange): DayRange | null {
  if (!rangesOverlap(range, limits)) return null;
  const from =
    range.from === null ? limits.from : limits.from === null ? range.from : Math.max(range.from, limits.from);
  const to = range.to === null ? limits.to : limits.to === null ? range.to : Math.min(range.to, limits.to);
  return { from, to };
}

/**
 * Whether two events can have happened at the same time (SPEC §5: contemporary residences are
 * events whose dates overlap). An event without a date overlaps nothing.
 */
export function eventDatesOverlap(a: EventDateInput | null | undefined, b: EventDateInput | null | undefined): boolean {
  const left = eventDateRange(a);
  const right = eventDateRange(b);
  return left !== null && right !== null && rangesOverlap(left, right);
}

/**
 * An event's date kept within a life (SPEC §5, the residence wizard): a start before the birth
 * becomes the birth's date, an end after the death the death's date. Null when the event lies
 * wholly before the birth or after the death. Without a date, or without birth and death dates,
 * the date is returned as it is. A "between" birth or death gives an exact bound, which covers
 * the same days.
 */
export function clampEventDate(
  input: EventDateInput | null | undefined,
  life: { birth?: EventDateInput | null; death?: EventDateInput | null },
): EventDate | null {
  const date = resolveEventDate(input);
  const range = eventDateRange(date);
  if (range === null || date.startDate === null || date.endDate === null) return date;
  const birth = resolveEventDate(life.birth);
  const death = resolveEventDate(life.death);
  const lower = eventDateRange(birth)?.from ?? null;
  const upper = eventDateRange(death)?.to ?? null;
  if (!rangesOverlap(range, { from: lower, to: upper })) return null;

  let { startDate, startDateType, endDate, endDateType } = date;
  if (lower !== null && birth.startDate !== null && (range.from === null || range.from < lower)) {
    startDate = birth.startDate;
    startDateType = birth.startDateType === 'between' ? 'exact' : birth.startDateType;
  }
  if (upper !== null && death.endDate !== null && (range.to === null || range.to > upper)) {
    endDate = death.endDate;
    endDateType = death.endDateType === 'between' ? 'exact' : death.endDateType;
  }
  return resolveEventDate({ startDate, startDateType, endDate, endDateType });
}

// Sorting (SPEC §4: events sort by type group, then date, then role). Each date gets one day to
// sort by: its first day, the day before it for "before" and the day after it for "after".

function sortDay(date: PartialDate, type: DateType, side: 'start' | 'end'): number {
  const parts = partsOf(date);
  if (type === 'before') return firstDayOf(parts) - 1;
  if (type === 'after') return lastDayOf(parts) + 1;
  return side === 'start' ? firstDayOf(parts) : lastDayOf(parts);
}

/** The day an event sorts by, as a stored date "YYYY-MM-DD"; null without a date. */
export function eventDateSortDay(input: EventDateInput | null | undefined): PartialDate | null {
  const date = resolveEventDate(input);
  return date.startDate === null ? null : isoDayOf(sortDay(date.startDate, date.startDateType, 'start'));
}

/**
 * The days an event sorts by: its start's sort day and its end's; for an event known only by its
 * date text (another calendar, before the common era, a phrase), the text's best-known Gregorian
 * days, as `date_from`/`date_to` hold them. Null without any date.
 */
function sortDaysOf(input: EventDateInput | null | undefined): { start: number; end: number } | null {
  const date = resolveEventDate(input);
  if (date.startDate !== null && date.endDate !== null) {
    return {
      start: sortDay(date.startDate, date.startDateType, 'start'),
      end: sortDay(date.endDate, date.endDateType, 'end'),
    };
  }
  const range = dateTextDayRange(input?.dateText);
  const start = range?.from ?? range?.to ?? null;
  if (start === null) return null;
  return { start, end: range?.to ?? start };
}

/**
 * Orders event dates: by the day the start sorts by, then the wider date first (so 1850 comes
 * before 1850-01-01, and 1850-03 before 1850-03-12). A date known only as text sorts by its
 * best-known Gregorian day (`dateTextDayRange`). Events without a date come last in either
 * direction. Equal dates compare 0, leaving the order to the next rule (role order).
 */
export function compareEventDates(
  a: EventDateInput | null | undefined,
  b: EventDateInput | null | undefined,
  direction: 'asc' | 'desc' = 'asc',
): number {
  const left = sortDaysOf(a);
  const right = sortDaysOf(b);
  if (left === null) return right === null ? 0 : 1;
  if (right === null) return -1;
  const sign = direction === 'asc' ? 1 : -1;
  const byStart = left.start - right.start;
  if (byStart !== 0) return sign * byStart;
  return sign * (right.end - left.end);
}

/**
 * GEDCOM 7 open periods (issue 20 item 5). A period with only a start, `FROM 730` (began in 730,
 * its end unknown), is stored as the start date exact and the same date "after" as its end; a
 * period with only an end, `TO 1042`, as the date "before" and the same date exact. These pairs
 * read "from 730" and "until 1042" and are written back as `FROM 730` and `TO 1042`. Null for
 * every other date.
 */
export function openPeriodOf(input: EventDateInput | null | undefined): 'from' | 'until' | null {
  const date = resolveEventDate(input);
  if (date.startDate === null || date.startDate !== date.endDate) return null;
  if (date.startDateType === 'exact' && date.endDateType === 'after') return 'from';
  if (date.startDateType === 'before' && date.endDateType === 'exact') return 'until';
  return null;
}
