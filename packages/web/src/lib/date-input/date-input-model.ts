/**
 * The date input of SPEC §4 as data, so that its rules are tested without a browser:
 * - the year takes up to four digits; a complete year moves the focus to the month, a complete
 *   month (two digits, 01–12) to the day;
 * - a one-digit month or day other than 0 is padded with a zero when the field is left.
 * What is typed is never changed into something else (issue 19 item 6): month 13, day 31 in April,
 * 29 February 1821, month or day 00 stay as typed, and the input says what is wrong with them
 * (`partialDateProblem` of `@anor/core`); a form sends nothing until the date is valid. SPEC §4's
 * "an invalid combination clears the dependent parts" is read as "is refused": clearing a typed
 * day because the month changed would lose what the user wrote without a word.
 */
import { type DateType, type EventDateInput, eventDateIssues, partialDateSchema, resolveEventDate } from '@anor/core';

export type DatePart = 'year' | 'month' | 'day';

/** The text of the three fields, as typed. */
export interface DateParts {
  year: string;
  month: string;
  day: string;
}

export const emptyDateParts: DateParts = { year: '', month: '', day: '' };

/** The result of typing in a field: the new texts, and the field to move the focus to. */
export interface PartChange {
  parts: DateParts;
  focus: DatePart | null;
}

const maxDigits: Record<DatePart, number> = { year: 4, month: 2, day: 2 };

/**
 * The fields of a value ("1850-03-12", or a half-typed "185", "1850-0"). A stored year is shown
 * without its padding ("0850" → "850"), as SPEC §5 shows years.
 */
export function partsFromValue(value: string | null | undefined): DateParts {
  if (!value) return emptyDateParts;
  const [year = '', month = '', day = ''] = value.trim().split('-');
  return { year: year.replace(/^0+(?=\d)/, ''), month, day };
}

/**
 * The value of the fields: "1850", "1850-03", "1850-03-12", or what is typed so far ("1850-13",
 * "1850--12" for a day without a month). Nothing is left out or added: month 00 stays "1850-00".
 */
export function valueFromParts(parts: DateParts): string {
  if (parts.month === '' && parts.day === '') return parts.year;
  if (parts.day === '') return `${parts.year}-${parts.month}`;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function digitsOf(text: string, part: DatePart): string {
  return text.replace(/\D/g, '').slice(0, maxDigits[part]);
}

/** A separator typed after some digits ("185-", "3/") moves on, as a complete part would. */
function endsWithSeparator(text: string): boolean {
  return /\d[^\d]+$/.test(text);
}

function isCompleteMonth(month: string): boolean {
  return /^\d{2}$/.test(month) && Number(month) >= 1 && Number(month) <= 12;
}

function pad(value: string): string {
  return /^[1-9]$/.test(value) ? `0${value}` : value;
}

/** A whole date pasted or typed into the year field ("1850-03-12", "1850/3/12") fills all three, as typed. */
function pastedParts(text: string): DateParts | null {
  const match = /^\s*(\d{1,4})[-./ ](\d{1,2})(?:[-./ ](\d{1,2}))?\s*$/.exec(text);
  const [, year = '', month = '', day = ''] = match ?? [];
  if (!match) return null;
  return { year, month: pad(month), day: pad(day) };
}

export function changeYear(parts: DateParts, text: string): PartChange {
  const pasted = pastedParts(text);
  if (pasted) return { parts: pasted, focus: null };
  const year = digitsOf(text, 'year');
  const next = { ...parts, year };
  if (year.length === maxDigits.year) return { parts: next, focus: 'month' };
  if (year !== '' && endsWithSeparator(text)) return { parts: next, focus: 'month' };
  return { parts: next, focus: null };
}

export function changeMonth(parts: DateParts, text: string): PartChange {
  const month = digitsOf(text, 'month');
  if (month.length === 1 && month !== '0' && endsWithSeparator(text)) {
    return { parts: { ...parts, month: pad(month) }, focus: 'day' };
  }
  const next = { ...parts, month };
  // A complete month moves on; one that is not a month (00, 13) stays, with its message.
  if (month.length === 2) return { parts: next, focus: isCompleteMonth(month) ? 'day' : null };
  return { parts: next, focus: null };
}

export function changeDay(parts: DateParts, text: string): PartChange {
  return { parts: { ...parts, day: digitsOf(text, 'day') }, focus: null };
}

/** Typing in a field. */
export function changePart(parts: DateParts, part: DatePart, text: string): PartChange {
  if (part === 'year') return changeYear(parts, text);
  if (part === 'month') return changeMonth(parts, text);
  return changeDay(parts, text);
}

/** Leaving a field: a one-digit month or day other than 0 is padded; nothing else changes. */
export function blurPart(parts: DateParts, part: DatePart): DateParts {
  if (part === 'month') return { ...parts, month: pad(parts.month) };
  if (part === 'day') return { ...parts, day: pad(parts.day) };
  return parts;
}

/** The field before this one, for Backspace in an empty field. */
export function previousPart(part: DatePart): DatePart | null {
  return part === 'day' ? 'month' : part === 'month' ? 'year' : null;
}

/**
 * Whether a field can be used: the month needs a year, the day a month. A field that holds text
 * stays usable, so that what is typed there can always be corrected.
 */
export function isPartEnabled(parts: DateParts, part: DatePart): boolean {
  if (part === 'month') return parts.year !== '' || parts.month !== '';
  if (part === 'day') return (parts.year !== '' && parts.month !== '' && parts.month !== '00') || parts.day !== '';
  return true;
}

// The event date input: a type, a start date and, for "between" and for ranges, an end date.

/** An event's date fields as the form holds them: texts, '' for no date. */
export interface EventDateValue {
  startDate: string;
  startDateType: DateType;
  endDate: string;
  endDateType: DateType;
}

export const emptyEventDateValue: EventDateValue = {
  startDate: '',
  startDateType: 'exact',
  endDate: '',
  endDateType: 'exact',
};

/**
 * The form's fields for a stored date. An end equal to the start (the default, SPEC §4) is shown
 * empty, so that changing the start does not leave a stale end behind.
 */
export function eventDateValueFrom(input: EventDateInput | null | undefined): EventDateValue {
  const date = resolveEventDate(input);
  if (date.startDate === null) return emptyEventDateValue;
  const endIsStart = date.endDate === date.startDate && date.endDateType === date.startDateType;
  return {
    startDate: date.startDate,
    startDateType: date.startDateType,
    endDate: endIsStart ? '' : (date.endDate ?? ''),
    endDateType: endIsStart && date.startDateType !== 'between' ? 'exact' : date.endDateType,
  };
}

/** Whether the end date is shown: always for "between", and for events whose dates may be ranges. */
export function showsEndDate(value: EventDateValue, allowRange: boolean): boolean {
  return value.startDateType === 'between' || allowRange;
}

/** Choosing the type of the start date. "between" takes the end with it; leaving it lets the end go. */
export function changeStartType(value: EventDateValue, type: DateType, allowRange: boolean): EventDateValue {
  if (type === 'between') return { ...value, startDateType: type, endDateType: 'between' };
  if (value.startDateType === 'between') {
    return { ...value, startDateType: type, endDateType: 'exact', endDate: allowRange ? value.endDate : '' };
  }
  return { ...value, startDateType: type };
}

/** Whether a typed date passes the shared schema the server uses (`partialDateSchema` of `@anor/core`). */
export function isSendableDate(text: string): boolean {
  return partialDateSchema.safeParse(text).success;
}

/**
 * The problem of each date field, as catalogue codes (SPEC §5), for showing under the fields.
 * The dates are checked with the server's schema, so that no request goes out with a date the
 * server refuses (a half-typed "1881-5").
 */
export function eventDateValueErrors(value: EventDateValue): Partial<Record<'startDate' | 'endDate', string>> {
  const errors: Partial<Record<'startDate' | 'endDate', string>> = {};
  if (!isSendableDate(value.startDate)) errors.startDate = 'events.validation.invalidDate';
  if (!isSendableDate(value.endDate)) errors.endDate = 'events.validation.invalidDate';
  if (errors.startDate || errors.endDate) return errors;
  for (const issue of eventDateIssues(value)) errors[issue.path[0]] ??= issue.code;
  return errors;
}

/** The date as it may be sent: the typed date when both fields pass the shared schema, else null. */
export function sendableEventDate(value: EventDateInput): EventDateInput | null {
  return isSendableDate(value.startDate ?? '') && isSendableDate(value.endDate ?? '') ? value : null;
}
