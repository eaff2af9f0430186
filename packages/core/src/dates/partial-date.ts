/**
 * Partial dates of SPEC §5: "YYYY", "YYYY-MM" or "YYYY-MM-DD", as far as the date is known.
 *
 * Stored form: the year padded to four digits ("0850-03"), no unknown parts. Accepted form: a year
 * of one to four digits, a month of two digits 01–12 and a day of two digits within the month.
 * An unknown part is left out, never written as zeros: "1850-00" and "1850-03-00" are refused
 * (a date the API takes is one that means what it says). The date input refuses them too, with a
 * message where they are typed (`partialDateProblem`), and never changes what was typed into
 * something else: an unknown month is left empty (docs/architecture.md, "Dates").
 * Years run from 1 to 9999 (there is no year 0 in the Gregorian calendar); every calculation
 * uses the proleptic Gregorian calendar, without Date objects, so years before 100 work too.
 */

/** A partial date in its stored form: "1850", "1850-03" or "1850-03-12", year padded to four digits. */
export type PartialDate = string;

export interface PartialDateParts {
  year: number;
  /** 1–12, or null when unknown. */
  month: number | null;
  /** 1–31, or null when unknown (always null when the month is). */
  day: number | null;
}

export const minYear = 1;
export const maxYear = 9999;

/** The accepted form: digits and dashes only, year 1–4 digits, month and day two digits each. */
const typedPattern = /^(\d{1,4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** A leap year is divisible by 4 and not by 100, or divisible by 400 (1900 is not, 2000 is). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 28 or 29 in February, 30 in April, June, September and November, otherwise 31. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The parts of a partial date, or null when the text is empty or breaks a rule of SPEC §5.
 * Surrounding spaces are ignored. Month 00 and day 00 are refused: an unknown part is left out.
 */
export function parsePartialDate(text: string): PartialDateParts | null {
  const match = typedPattern.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < minYear || year > maxYear) return null;
  if (match[2] === undefined) return { year, month: null, day: null };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) return { year, month, day: null };
  const day = Number(match[3]);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * Why a typed date is not a date (issue 19 item 6): the input shows this where the date is typed
 * and leaves the text as it is. The codes are i18n keys (`dates.problem.*`); `values` fill them.
 * Null when the text is empty or valid, so that `partialDateProblem(text) === null` exactly when
 * `isValidPartialDate(text)`.
 */
export type PartialDateProblem =
  | { code: 'dates.problem.format' }
  | { code: 'dates.problem.incomplete' }
  | { code: 'dates.problem.yearMissing' }
  | { code: 'dates.problem.yearZero' }
  | { code: 'dates.problem.monthMissing' }
  | { code: 'dates.problem.monthZero' }
  | { code: 'dates.problem.monthOutOfRange' }
  | { code: 'dates.problem.dayZero' }
  | { code: 'dates.problem.notLeapYear'; values: { year: number } }
  | { code: 'dates.problem.dayOutOfRange'; values: { days: number } };

export type PartialDateProblemCode = PartialDateProblem['code'];

/** The problems that a complete part shows at once (the others show when the field is left). */
export const immediateDateProblems: readonly PartialDateProblemCode[] = [
  'dates.problem.yearZero',
  'dates.problem.monthZero',
  'dates.problem.monthOutOfRange',
  'dates.problem.dayZero',
  'dates.problem.notLeapYear',
  'dates.problem.dayOutOfRange',
];

export function partialDateProblem(text: string): PartialDateProblem | null {
  const trimmed = text.trim();
  if (trimmed === '' || parsePartialDate(trimmed) !== null) return null;
  const [year = '', month, day, ...rest] = trimmed.split('-');
  const isDigits = (part: string | undefined) => part === undefined || /^\d*$/.test(part);
  if (rest.length > 0 || !isDigits(year) || !isDigits(month) || !isDigits(day)) return { code: 'dates.problem.format' };
  if (year === '') return { code: 'dates.problem.yearMissing' };
  if (year.length > 4) return { code: 'dates.problem.format' };
  if (Number(year) < minYear) return { code: 'dates.problem.yearZero' };
  if (month === undefined) return { code: 'dates.problem.format' };
  if (month === '') return { code: day ? 'dates.problem.monthMissing' : 'dates.problem.incomplete' };
  if (month.length !== 2) return { code: 'dates.problem.incomplete' };
  const monthNumber = Number(month);
  if (monthNumber === 0) return { code: 'dates.problem.monthZero' };
  if (monthNumber > 12) return { code: 'dates.problem.monthOutOfRange' };
  if (day === undefined) return { code: 'dates.problem.format' };
  if (day.length !== 2) return { code: 'dates.problem.incomplete' };
  const dayNumber = Number(day);
  if (dayNumber === 0) return { code: 'dates.problem.dayZero' };
  const days = daysInMonth(Number(year), monthNumber);
  if (monthNumber === 2 && dayNumber === 29)
    return { code: 'dates.problem.notLeapYear', values: { year: Number(year) } };
  if (dayNumber > days) return { code: 'dates.problem.dayOutOfRange', values: { days } };
  return { code: 'dates.problem.format' };
}

/** Whether the text is allowed as a date. Empty is allowed (SPEC §5: the date is then unknown). */
export function isValidPartialDate(text: string): boolean {
  return text.trim() === '' || parsePartialDate(text) !== null;
}

/**
 * The stored form of a date ("850-03" → "0850-03"), or null when the
 * text is empty or invalid; use `isValidPartialDate` to tell the two apart.
 */
export function normalizePartialDate(text: string): PartialDate | null {
  const parts = parsePartialDate(text);
  return parts ? partialDateFromParts(parts) : null;
}

/** The stored form of parts that are known to be valid. */
export function partialDateFromParts(parts: PartialDateParts): PartialDate {
  const year = String(parts.year).padStart(4, '0');
  if (parts.month === null) return year;
  const month = String(parts.month).padStart(2, '0');
  if (parts.day === null) return `${year}-${month}`;
  return `${year}-${month}-${String(parts.day).padStart(2, '0')}`;
}

/** A year as it is shown: without the padding of the stored form ("0850" → "850"). */
export function formatYear(year: number | string): string {
  const value = typeof year === 'number' ? year : Number(year);
  return Number.isInteger(value) ? String(value) : String(year);
}

/** Whether two dates mean the same date ("850" and "0850" do). */
export function isSamePartialDate(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = a ? normalizePartialDate(a) : null;
  const right = b ? normalizePartialDate(b) : null;
  return left === right;
}

// Day numbers: whole days counted from 1970-01-01 (negative before), so that the day before and
// the day after, comparisons and differences are integer arithmetic.

/** The day number of a calendar day of the proleptic Gregorian calendar. */
export function toDayNumber(year: number, month: number, day: number): number {
  // Count years from March, so that the leap day is the last day of the counted year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The calendar day of a day number (the inverse of `toDayNumber`). */
export function fromDayNumber(dayNumber: number): { year: number; month: number; day: number } {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** The first day of the dates this can mean: 1850 → 1850-01-01, 1850-03 → 1850-03-01. */
export function firstDayOf(parts: PartialDateParts): number {
  return toDayNumber(parts.year, parts.month ?? 1, parts.day ?? 1);
}

/** The last day of the dates this can mean: 1850 → 1850-12-31, 1900-02 → 1900-02-28. */
export function lastDayOf(parts: PartialDateParts): number {
  const month = parts.month ?? 12;
  return toDayNumber(parts.year, month, parts.day ?? daysInMonth(parts.year, month));
}

/** The first and last day that can be written: 0001-01-01 and 9999-12-31. */
export const firstDayNumber = toDayNumber(minYear, 1, 1);
export const lastDayNumber = toDayNumber(maxYear, 12, 31);

/** A day number as a full stored date, "YYYY-MM-DD" (kept within years 1–9999). */
export function isoDayOf(dayNumber: number): PartialDate {
  const clamped = Math.min(Math.max(dayNumber, firstDayNumber), lastDayNumber);
  return partialDateFromParts(fromDayNumber(clamped));
}
