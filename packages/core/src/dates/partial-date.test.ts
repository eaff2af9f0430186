import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatYear,
  fromDayNumber,
  isLeapYear,
  isSamePartialDate,
  isValidPartialDate,
  normalizePartialDate,
  parsePartialDate,
  partialDateProblem,
  toDayNumber,
} from './partial-date.ts';

// SPEC §5: "Partial date YYYY, YYYY-MM, YYYY-MM-DD: empty allowed; digits and dashes only; year 1
// to 4 digits (padded to 4 for storage, unpadded for display); month 2 digits 00-12; day 2
// digits, at most 29 in February, 30 in 30-day months, else 31. February 29 only in a leap year
// (divisible by 4 and not by 100, or by 400)."
// Month 00 is refused on both sides (issue 19 item 6): an unknown month is left empty, and the
// date input says so where 00 is typed instead of sending the year alone.

describe('partial dates: what is allowed', () => {
  it('allows an empty date', () => {
    expect(isValidPartialDate('')).toBe(true);
    expect(isValidPartialDate('   ')).toBe(true);
    expect(parsePartialDate('')).toBeNull();
    expect(normalizePartialDate('')).toBeNull();
  });

  it.each(['1850', '1850-03', '1850-03-12', '1', '12', '123', '0850', '9999', '0001-01-01', '9999-12-31'])(
    'allows %s',
    (text) => {
      expect(isValidPartialDate(text)).toBe(true);
    },
  );

  it.each([
    ['letters', '18a0'],
    ['a slash', '1850/03/12'],
    ['dots', '12.03.1850'],
    ['a five-digit year', '18500'],
    ['year 0', '0'],
    ['year 0000', '0000'],
    ['a one-digit month', '1850-3'],
    ['a three-digit month', '1850-003'],
    ['month 13', '1850-13'],
    ['a one-digit day', '1850-03-1'],
    ['day 00', '1850-03-00'],
    ['day 32', '1850-01-32'],
    ['a trailing dash', '1850-'],
    ['a negative year', '-1850'],
    ['a day without a month', '1850--12'],
  ])('refuses %s (%s)', (_name, text) => {
    expect(isValidPartialDate(text)).toBe(false);
    expect(parsePartialDate(text)).toBeNull();
  });

  it('knows year 1 and year 9999, the first and last years of four digits', () => {
    expect(parsePartialDate('1')).toEqual({ year: 1, month: null, day: null });
    expect(parsePartialDate('0001-01-01')).toEqual({ year: 1, month: 1, day: 1 });
    expect(parsePartialDate('9999-12-31')).toEqual({ year: 9999, month: 12, day: 31 });
  });

  it('refuses month 00 and day 00: an unknown part is left out', () => {
    for (const text of ['1850-00', '2001-00', '1850-00-00', '1850-00-12', '1850-03-00', '0850-00']) {
      expect([text, isValidPartialDate(text)]).toEqual([text, false]);
      expect(parsePartialDate(text)).toBeNull();
    }
    expect(parsePartialDate('1850')).toEqual({ year: 1850, month: null, day: null });
  });

  it('allows months 01 to 12', () => {
    for (let month = 1; month <= 12; month += 1) {
      expect(isValidPartialDate(`1850-${String(month).padStart(2, '0')}`)).toBe(true);
    }
  });
});

describe('partial dates: days of the month', () => {
  it('allows 31 days in the long months and 30 in April, June, September and November', () => {
    for (const month of ['01', '03', '05', '07', '08', '10', '12']) {
      expect(isValidPartialDate(`1850-${month}-31`), month).toBe(true);
    }
    for (const month of ['04', '06', '09', '11']) {
      expect(isValidPartialDate(`1850-${month}-30`), month).toBe(true);
      expect(isValidPartialDate(`1850-${month}-31`), month).toBe(false);
    }
  });

  it('allows February 29 only in a leap year', () => {
    expect(isValidPartialDate('2000-02-29')).toBe(true); // divisible by 400
    expect(isValidPartialDate('2024-02-29')).toBe(true); // divisible by 4
    expect(isValidPartialDate('1900-02-29')).toBe(false); // divisible by 100, not by 400
    expect(isValidPartialDate('1851-02-29')).toBe(false);
    expect(isValidPartialDate('1900-02-28')).toBe(true);
    expect(isValidPartialDate('2000-02-30')).toBe(false);
  });

  it('counts leap years and month lengths', () => {
    expect([1600, 2000, 2024, 4, 1848].map(isLeapYear)).toEqual([true, true, true, true, true]);
    expect([1700, 1800, 1900, 2100, 1, 1851].map(isLeapYear)).toEqual([false, false, false, false, false, false]);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1850, 4)).toBe(30);
    expect(daysInMonth(1850, 12)).toBe(31);
  });
});

describe('partial dates: storage and display', () => {
  it('pads the year to four digits for storage', () => {
    expect(normalizePartialDate('1')).toBe('0001');
    expect(normalizePartialDate('850')).toBe('0850');
    expect(normalizePartialDate('85-03-12')).toBe('0085-03-12');
    expect(normalizePartialDate('1850-03-12')).toBe('1850-03-12');
    expect(normalizePartialDate(' 1850 ')).toBe('1850');
  });

  it('stores nothing for a date with a zero part', () => {
    expect(normalizePartialDate('1850-00')).toBeNull();
  });

  it('gives null for an invalid date', () => {
    expect(normalizePartialDate('1900-02-29')).toBeNull();
    expect(normalizePartialDate('12345')).toBeNull();
  });

  it('shows the year without padding', () => {
    expect(formatYear('0850')).toBe('850');
    expect(formatYear('0001')).toBe('1');
    expect(formatYear(1850)).toBe('1850');
    expect(formatYear('9999')).toBe('9999');
  });

  it('finds two dates equal when they mean the same date', () => {
    expect(isSamePartialDate('850', '0850')).toBe(true);
    expect(isSamePartialDate('0850-03', '850-03')).toBe(true);
    expect(isSamePartialDate('1850-03', '1850')).toBe(false);
    expect(isSamePartialDate('', null)).toBe(true);
  });
});

describe('day numbers', () => {
  it('counts from 1970-01-01', () => {
    expect(toDayNumber(1970, 1, 1)).toBe(0);
    expect(toDayNumber(1970, 1, 2)).toBe(1);
    expect(toDayNumber(1969, 12, 31)).toBe(-1);
  });

  it('agrees with the calendar across leap days and centuries', () => {
    expect(toDayNumber(1900, 3, 1) - toDayNumber(1900, 2, 28)).toBe(1);
    expect(toDayNumber(2000, 3, 1) - toDayNumber(2000, 2, 28)).toBe(2);
    expect(toDayNumber(1901, 1, 1) - toDayNumber(1900, 1, 1)).toBe(365);
    expect(toDayNumber(2001, 1, 1) - toDayNumber(2000, 1, 1)).toBe(366);
    expect(toDayNumber(2024, 3, 12)).toBe(Date.UTC(2024, 2, 12) / 86_400_000);
  });

  it('turns back into the same day, from year 1 to year 9999', () => {
    for (const [year, month, day] of [
      [1, 1, 1],
      [4, 2, 29],
      [1850, 3, 12],
      [1900, 2, 28],
      [2000, 2, 29],
      [9999, 12, 31],
    ] as const) {
      expect(fromDayNumber(toDayNumber(year, month, day))).toEqual({ year, month, day });
    }
  });
});

describe('partial dates: why a typed date is refused (issue 19 item 6)', () => {
  it.each([
    ['1821-02-29', { code: 'dates.problem.notLeapYear', values: { year: 1821 } }],
    ['1900-02-29', { code: 'dates.problem.notLeapYear', values: { year: 1900 } }],
    ['1850-04-31', { code: 'dates.problem.dayOutOfRange', values: { days: 30 } }],
    ['1850-02-30', { code: 'dates.problem.dayOutOfRange', values: { days: 28 } }],
    ['1850-01-32', { code: 'dates.problem.dayOutOfRange', values: { days: 31 } }],
    ['1850-13', { code: 'dates.problem.monthOutOfRange' }],
    ['1850-13-01', { code: 'dates.problem.monthOutOfRange' }],
    ['1850-00', { code: 'dates.problem.monthZero' }],
    ['1850-00-12', { code: 'dates.problem.monthZero' }],
    ['1850-03-00', { code: 'dates.problem.dayZero' }],
    ['1881-5', { code: 'dates.problem.incomplete' }],
    ['1881-05-7', { code: 'dates.problem.incomplete' }],
    ['1881-', { code: 'dates.problem.incomplete' }],
    ['-05', { code: 'dates.problem.yearMissing' }],
    ['--12', { code: 'dates.problem.yearMissing' }],
    ['1850--12', { code: 'dates.problem.monthMissing' }],
    ['0', { code: 'dates.problem.yearZero' }],
    ['0000-03', { code: 'dates.problem.yearZero' }],
    ['18500', { code: 'dates.problem.format' }],
    ['18a0', { code: 'dates.problem.format' }],
    ['1850-03-12-1', { code: 'dates.problem.format' }],
    ['1850/03/12', { code: 'dates.problem.format' }],
  ])('%s', (text, problem) => {
    expect(partialDateProblem(text)).toEqual(problem);
  });

  it('has no problem exactly when the date is valid', () => {
    const samples = ['', ' ', '1850', '2000-02-29', '1850-12-31', '0850-03', ...['1-1', '12-12-12', '9999-12-31']];
    for (let year = 1895; year <= 1905; year += 1) {
      for (let month = 0; month <= 13; month += 1) {
        for (const day of [0, 1, 28, 29, 30, 31, 32]) {
          samples.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
        }
      }
    }
    for (const text of samples) expect(partialDateProblem(text) === null, text).toBe(isValidPartialDate(text));
  });
});
