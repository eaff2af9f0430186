import { daysInMonth as gregorianDaysInMonth, toDayNumber } from './partial-date.ts';

/**
 * Other calendars as day numbers (whole days from 1970-01-01, as `toDayNumber`): the Julian, the
 * Hebrew and the French republican calendar of GEDCOM. Pure arithmetic, no Date objects, so any
 * year works (the Gregorian and Julian ones take astronomical years: 1 BC is year 0, 2 BC -1).
 *
 * - Julian: the proleptic Julian calendar, a leap year every fourth year.
 * - Hebrew: the arithmetic (fixed) calendar of Dershowitz and Reingold, "Calendrical
 *   Calculations", with its molad and postponement rules. Months are numbered as in GEDCOM:
 *   TSH = 1 (Tishri, the first month of the year) … ADR = 6, ADS = 7 (Adar II) … ELL = 13.
 * - French republican: 1 Vendémiaire I is 22 September 1792; twelve months of 30 days and five
 *   or six complementary days (month 13). The years with a sixth day (sextiles) are III, VII and
 *   XI as in use, continued every fourth year (XV, XIX …): the calendar was used in years I–XIV
 *   (and briefly in LXXIX, 1871), where this rule gives the days of the decrees.
 */

/** A day in a calendar; `month` and `day` null when not known (the day range then covers them). */
export interface CalendarDay {
  year: number;
  month: number | null;
  day: number | null;
}

// Julian ------------------------------------------------------------------------------------

export function isJulianLeapYear(year: number): boolean {
  return ((year % 4) + 4) % 4 === 0;
}

export function julianDaysInMonth(year: number, month: number): number {
  if (month === 2) return isJulianLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The day number of a day of the proleptic Julian calendar (astronomical year). */
export function julianToDayNumber(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const julianDayNumber = day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
  return julianDayNumber - 2440588;
}

// Hebrew ------------------------------------------------------------------------------------

/** R.D. (days from 1 January 1 Gregorian = 1) of 1 Tishri AM 1. */
const hebrewEpochRd = -1373427;
const rdOffset = toDayNumber(1, 1, 1) - 1;

export function isHebrewLeapYear(year: number): boolean {
  return (((7 * year + 1) % 19) + 19) % 19 < 7;
}

function hebrewElapsedDays(year: number): number {
  const monthsElapsed = Math.floor((235 * year - 234) / 19);
  const partsElapsed = 12084 + 13753 * monthsElapsed;
  const day = 29 * monthsElapsed + Math.floor(partsElapsed / 25920);
  return (((3 * (day + 1)) % 7) + 7) % 7 < 3 ? day + 1 : day;
}

function hebrewYearLengthCorrection(year: number): number {
  const ny0 = hebrewElapsedDays(year - 1);
  const ny1 = hebrewElapsedDays(year);
  const ny2 = hebrewElapsedDays(year + 1);
  if (ny2 - ny1 === 356) return 2;
  if (ny1 - ny0 === 382) return 1;
  return 0;
}

/** The day number of 1 Tishri of a Hebrew year. */
export function hebrewNewYear(year: number): number {
  return hebrewEpochRd + hebrewElapsedDays(year) + hebrewYearLengthCorrection(year) + rdOffset;
}

export function hebrewDaysInYear(year: number): number {
  return hebrewNewYear(year + 1) - hebrewNewYear(year);
}

/**
 * The days of a Hebrew month (GEDCOM numbering, TSH = 1). In a common year ADR and ADS are both
 * the one Adar of 29 days.
 */
export function hebrewDaysInMonth(year: number, month: number): number {
  const length = hebrewDaysInYear(year);
  switch (month) {
    case 2: // Cheshvan: 30 in a complete year
      return length % 10 === 5 ? 30 : 29;
    case 3: // Kislev: 29 in a deficient year
      return length % 10 === 3 ? 29 : 30;
    case 4: // Tevet
    case 7: // Adar II
    case 9: // Iyar
    case 11: // Tammuz
    case 13: // Elul
      return 29;
    case 6: // Adar (I)
      return isHebrewLeapYear(year) ? 30 : 29;
    default:
      return 30;
  }
}

/** The day number of a Hebrew day (GEDCOM month numbering; ADS in a common year is Adar). */
export function hebrewToDayNumber(year: number, month: number, day: number): number {
  const leap = isHebrewLeapYear(year);
  let days = hebrewNewYear(year);
  for (let m = 1; m < month; m += 1) {
    if (m === 7 && !leap) continue; // no Adar II in a common year
    if (m === 6 && !leap && month === 7) break; // ADS in a common year: the one Adar
    days += hebrewDaysInMonth(year, m);
  }
  return days + day - 1;
}

// French republican -------------------------------------------------------------------------

const frenchEpoch = toDayNumber(1792, 9, 22);

export function isFrenchLeapYear(year: number): boolean {
  return (((year + 1) % 4) + 4) % 4 === 0;
}

export function frenchDaysInMonth(year: number, month: number): number {
  if (month === 13) return isFrenchLeapYear(year) ? 6 : 5;
  return 30;
}

/** The day number of 1 Vendémiaire of a republican year. */
function frenchNewYear(year: number): number {
  const before = year - 1;
  return frenchEpoch + 365 * before + Math.floor((before + 1) / 4);
}

export function frenchToDayNumber(year: number, month: number, day: number): number {
  return frenchNewYear(year) + 30 * (month - 1) + day - 1;
}

// Ranges ------------------------------------------------------------------------------------

export type ConvertibleCalendar = 'gregorian' | 'julian' | 'hebrew' | 'french';

/**
 * The first and last day (day numbers) a date of a calendar can mean: a year its whole year, a
 * month its whole month. Gregorian and Julian years are astronomical (0 is 1 BC). Null when the
 * month or day is not one of the calendar.
 */
export function calendarDayRange(
  calendar: ConvertibleCalendar,
  date: CalendarDay,
): { from: number; to: number } | null {
  const { year, month, day } = date;
  const months = calendar === 'hebrew' || calendar === 'french' ? 13 : 12;
  if (month !== null && (month < 1 || month > months)) return null;
  if (!Number.isInteger(year) || (month === null && day !== null)) return null;
  const toDay = (m: number, d: number) => {
    switch (calendar) {
      case 'gregorian':
        return toDayNumber(year, m, d);
      case 'julian':
        return julianToDayNumber(year, m, d);
      case 'hebrew':
        return hebrewToDayNumber(year, m, d);
      case 'french':
        return frenchToDayNumber(year, m, d);
    }
  };
  const length = (m: number) => {
    switch (calendar) {
      case 'gregorian':
        return gregorianDaysInMonth(year, m);
      case 'julian':
        return julianDaysInMonth(year, m);
      case 'hebrew':
        return hebrewDaysInMonth(year, m);
      case 'french':
        return frenchDaysInMonth(year, m);
    }
  };
  if (month === null) {
    if (calendar === 'hebrew') return { from: hebrewNewYear(year), to: hebrewNewYear(year + 1) - 1 };
    return { from: toDay(1, 1), to: toDay(months, length(months)) };
  }
  if (day === null) return { from: toDay(month, 1), to: toDay(month, length(month)) };
  if (day < 1 || day > length(month)) return null;
  const only = toDay(month, day);
  return { from: only, to: only };
}
