import { describe, expect, it } from 'vitest';
import {
  calendarDayRange,
  frenchToDayNumber,
  hebrewDaysInYear,
  hebrewNewYear,
  hebrewToDayNumber,
  julianToDayNumber,
} from './calendars.ts';
import { fromDayNumber, toDayNumber } from './partial-date.ts';

const gregorian = (day: number) => {
  const { year, month, day: d } = fromDayNumber(day);
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

describe('Julian calendar', () => {
  it('meets the Gregorian calendar where the countries changed', () => {
    // 4 October 1582 (Julian) was followed by 15 October 1582 (Gregorian).
    expect(gregorian(julianToDayNumber(1582, 10, 5))).toBe('1582-10-15');
    // Britain: 2 September 1752 was followed by 14 September.
    expect(gregorian(julianToDayNumber(1752, 9, 3))).toBe('1752-09-14');
    // Sweden's Julian 1 January 1700 (before its leap day was dropped) is 11 January.
    expect(gregorian(julianToDayNumber(1700, 1, 1))).toBe('1700-01-11');
    // Russia: 25 October 1917 (Julian) is 7 November.
    expect(gregorian(julianToDayNumber(1917, 10, 25))).toBe('1917-11-07');
  });

  it('counts years before the common era (astronomical: 44 BC is -43)', () => {
    // The Ides of March 44 BC (Julian) is 13 March 44 BC in the proleptic Gregorian calendar.
    expect(julianToDayNumber(-43, 3, 15)).toBe(toDayNumber(-43, 3, 13));
    expect(julianToDayNumber(1, 1, 3)).toBe(toDayNumber(1, 1, 1));
  });
});

describe('Hebrew calendar', () => {
  it('gives the new years and holidays of known years', () => {
    expect(gregorian(hebrewNewYear(5785))).toBe('2024-10-03');
    expect(gregorian(hebrewNewYear(5784))).toBe('2023-09-16');
    expect(gregorian(hebrewNewYear(5600))).toBe('1839-09-09');
    // 15 Nisan 5784, the first day of Passover 2024 (NSN is GEDCOM month 8).
    expect(gregorian(hebrewToDayNumber(5784, 8, 15))).toBe('2024-04-23');
    // 14 Adar II 5784 (leap year), Purim 2024.
    expect(gregorian(hebrewToDayNumber(5784, 7, 14))).toBe('2024-03-24');
    // 14 Adar 5785 (common year), Purim 2025: ADR and ADS are the same Adar.
    expect(gregorian(hebrewToDayNumber(5785, 6, 14))).toBe('2025-03-14');
    expect(hebrewToDayNumber(5785, 7, 14)).toBe(hebrewToDayNumber(5785, 6, 14));
  });

  it('has years of the six lengths only', () => {
    for (let year = 5500; year < 5800; year += 1) {
      expect([353, 354, 355, 383, 384, 385]).toContain(hebrewDaysInYear(year));
    }
  });
});

describe('French republican calendar', () => {
  it('gives the days of the decrees', () => {
    expect(gregorian(frenchToDayNumber(1, 1, 1))).toBe('1792-09-22');
    expect(gregorian(frenchToDayNumber(2, 11, 9))).toBe('1794-07-27'); // 9 Thermidor II
    expect(gregorian(frenchToDayNumber(8, 2, 18))).toBe('1799-11-09'); // 18 Brumaire VIII
    expect(gregorian(frenchToDayNumber(3, 13, 6))).toBe('1795-09-22'); // the sixth complementary day of III
    expect(gregorian(frenchToDayNumber(14, 4, 11))).toBe('1806-01-01'); // 11 Nivôse XIV, the last day
  });
});

describe('calendar day ranges', () => {
  it('covers a whole year or month, and refuses days a month does not have', () => {
    const year = calendarDayRange('hebrew', { year: 5785, month: null, day: null });
    expect(year && [gregorian(year.from), gregorian(year.to)]).toEqual(['2024-10-03', '2025-09-22']);
    const month = calendarDayRange('julian', { year: 1700, month: 2, day: null });
    expect(month && [gregorian(month.from), gregorian(month.to)]).toEqual(['1700-02-11', '1700-03-11']);
    expect(calendarDayRange('julian', { year: 1701, month: 2, day: 29 })).toBeNull();
    expect(calendarDayRange('french', { year: 2, month: 13, day: 6 })).toBeNull();
    expect(calendarDayRange('gregorian', { year: 1850, month: 13, day: null })).toBeNull();
  });
});
