import { describe, expect, it } from 'vitest';
import { ageInYears, dateDifference } from './difference.ts';

// SPEC §5: "Differences are in years, months, days." §2: the person page has an age line when
// both birth and death have a start date.

describe('differences in years, months and days', () => {
  it('counts whole years, then months, then days', () => {
    expect(dateDifference('1850-03-12', '1900-03-11')).toEqual({ years: 49, months: 11, days: 27 });
    expect(dateDifference('1850-03-12', '1900-03-12')).toEqual({ years: 50, months: 0, days: 0 });
    expect(dateDifference('1850-03-12', '1850-03-12')).toEqual({ years: 0, months: 0, days: 0 });
    expect(dateDifference('1850-03-12', '1850-04-11')).toEqual({ years: 0, months: 0, days: 30 });
    expect(dateDifference('1850-01-31', '1850-03-01')).toEqual({ years: 0, months: 1, days: 1 });
  });

  it('handles a birthday on February 29', () => {
    expect(dateDifference('2000-02-29', '2001-02-28')).toEqual({ years: 0, months: 11, days: 30 });
    expect(dateDifference('2000-02-29', '2001-03-01')).toEqual({ years: 1, months: 0, days: 1 });
    expect(dateDifference('2000-02-29', '2004-02-29')).toEqual({ years: 4, months: 0, days: 0 });
  });

  it('counts only the parts known on both sides', () => {
    expect(dateDifference('1850', '1900-03-11')).toEqual({ years: 50, months: null, days: null });
    expect(dateDifference('1850-06', '1900-05')).toEqual({ years: 49, months: 11, days: null });
    expect(dateDifference('1850-06-15', '1900-06')).toEqual({ years: 50, months: 0, days: null });
  });

  it('spans the whole calendar, year 1 to year 9999', () => {
    expect(dateDifference('1', '9999')).toEqual({ years: 9998, months: null, days: null });
    expect(dateDifference('0001-01-01', '9999-12-31')).toEqual({ years: 9998, months: 11, days: 30 });
  });

  it('is null when the second date comes first, or a date is missing or invalid', () => {
    expect(dateDifference('1900', '1850')).toBeNull();
    expect(dateDifference('1850-03-12', '1850-03-11')).toBeNull();
    expect(dateDifference('1850-03', '1850-02')).toBeNull();
    expect(dateDifference(null, '1850')).toBeNull();
    expect(dateDifference('1850', '')).toBeNull();
    expect(dateDifference('1900-02-29', '1950')).toBeNull();
  });
});

describe('the age reached', () => {
  it('is whole years from birth to death', () => {
    expect(ageInYears('1850-03-12', '1900-03-11')).toBe(49);
    expect(ageInYears('1850-03-12', '1900-03-12')).toBe(50);
    expect(ageInYears('1900-03-01', '1900-09-01')).toBe(0);
    expect(ageInYears('850', '0899')).toBe(49);
  });

  it('is null without both dates or when death comes before birth', () => {
    expect(ageInYears('1850', null)).toBeNull();
    expect(ageInYears(undefined, '1900')).toBeNull();
    expect(ageInYears('1900', '1899')).toBeNull();
  });
});
