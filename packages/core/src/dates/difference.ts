import { daysInMonth, parsePartialDate, toDayNumber } from './partial-date.ts';

/**
 * A difference between two dates in years, months and days (SPEC §5). Months are null when
 * either date lacks its month, days when either date lacks its day: only the parts known on both
 * sides are counted.
 */
export interface DateDifference {
  years: number;
  months: number | null;
  days: number | null;
}

/**
 * The time from one partial date to a later one, or null when either is empty or invalid or the
 * second comes first. With full dates this is calendar arithmetic: whole years, then whole
 * months, then the days left (1850-03-12 to 1900-03-11 is 49 years, 11 months and 27 days; a
 * month added to 31 January ends on the last day of February). With partial dates the missing
 * parts are not guessed, so a year-only difference may be one year more than the true one.
 */
export function dateDifference(from: string | null | undefined, to: string | null | undefined): DateDifference | null {
  const start = from ? parsePartialDate(from) : null;
  const end = to ? parsePartialDate(to) : null;
  if (!start || !end) return null;

  if (start.month === null || end.month === null) {
    const years = end.year - start.year;
    return years >= 0 ? { years, months: null, days: null } : null;
  }

  let totalMonths = (end.year - start.year) * 12 + (end.month - start.month);
  if (start.day === null || end.day === null) {
    return totalMonths >= 0 ? { years: Math.floor(totalMonths / 12), months: totalMonths % 12, days: null } : null;
  }

  if (end.day < start.day) totalMonths -= 1;
  if (totalMonths < 0) return null;
  // The start moved on by the whole months, its day kept within the month it lands in.
  const anchorYear = start.year + Math.floor((start.month - 1 + totalMonths) / 12);
  const anchorMonth = ((start.month - 1 + totalMonths) % 12) + 1;
  const anchorDay = Math.min(start.day, daysInMonth(anchorYear, anchorMonth));
  const days = toDayNumber(end.year, end.month, end.day) - toDayNumber(anchorYear, anchorMonth, anchorDay);
  if (days < 0) return null;
  return { years: Math.floor(totalMonths / 12), months: totalMonths % 12, days };
}

/**
 * The age reached, in whole years, from a birth date to a death date (the person page's age
 * line), or null when either date is missing or the death comes before the birth.
 */
export function ageInYears(birth: string | null | undefined, death: string | null | undefined): number | null {
  return dateDifference(birth, death)?.years ?? null;
}
