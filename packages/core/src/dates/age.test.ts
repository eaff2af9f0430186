import { describe, expect, it } from 'vitest';
import { ageAt, ageBounds, formatAge, wholeYearsBetween } from './age.ts';
import { toDayNumber } from './partial-date.ts';

// Issue 19 item 7: "An age from an uncertain date reads 'about 62' or '62–67', not an exact number."

const on = (startDate: string, startDateType = 'exact', endDate?: string) => ({ startDate, startDateType, endDate });

describe('whole years between two days', () => {
  it('counts a year on the anniversary, not before', () => {
    expect(wholeYearsBetween(toDayNumber(1900, 5, 20), toDayNumber(1980, 5, 19))).toBe(79);
    expect(wholeYearsBetween(toDayNumber(1900, 5, 20), toDayNumber(1980, 5, 20))).toBe(80);
    expect(wholeYearsBetween(toDayNumber(1980, 5, 20), toDayNumber(1900, 5, 20))).toBe(-80);
  });
});

describe('an age read from the dates', () => {
  it('is exact only between two exact days', () => {
    expect(ageAt(on('1850-03-12'), on('1912-03-11'))).toEqual({ kind: 'exact', years: 61 });
    expect(ageAt(on('1850-03-12'), on('1912-03-12'))).toEqual({ kind: 'exact', years: 62 });
  });

  it('is a range when a date covers more than a day', () => {
    expect(ageAt(on('1850'), on('1912'))).toEqual({ kind: 'range', years: 61, upTo: 62 });
    expect(ageAt(on('1850', 'between', '1855'), on('1917-06-01'))).toEqual({ kind: 'range', years: 61, upTo: 67 });
    // A month known on both sides, the day not: still a range unless the months make it certain.
    expect(ageAt(on('1850-03'), on('1912-06'))).toEqual({ kind: 'exact', years: 62 });
    expect(ageAt(on('1850-03'), on('1912-03'))).toEqual({ kind: 'range', years: 61, upTo: 62 });
  });

  it('is "about" when either date is about', () => {
    expect(ageAt(on('1850', 'about'), on('1912-04-02'))).toEqual({ kind: 'about', years: 62 });
    expect(ageAt(on('1850-03-12'), on('1912', 'about'))).toEqual({ kind: 'about', years: 62 });
  });

  it('is a bound for before and after', () => {
    expect(ageAt(on('1850', 'before'), on('1912-06-01'))).toEqual({ kind: 'atLeast', years: 62 });
    expect(ageAt(on('1850-03-12'), on('1912-06-01', 'before'))).toEqual({ kind: 'atMost', years: 62 });
    expect(ageAt(on('1850', 'before'), on('1912', 'after'))).toEqual({ kind: 'atLeast', years: 63 });
    expect(ageAt(on('1850', 'after'), on('1912', 'before'))).toEqual({ kind: 'atMost', years: 60 });
    expect(ageAt(on('1850', 'after'), on('1912', 'after'))).toBeNull();
  });

  it('is unknown without both dates, or when the second surely comes first', () => {
    expect(ageAt(null, on('1912'))).toBeNull();
    expect(ageAt(on('1850'), { startDate: null })).toBeNull();
    expect(ageAt(on('1912'), on('1850'))).toBeNull();
    expect(ageBounds(on('1912'), on('1850'))).toBeNull();
  });

  it('never reads below 0 when the dates overlap', () => {
    expect(ageAt(on('1850'), on('1850-06-01'))).toEqual({ kind: 'exact', years: 0 });
  });
});

describe('an age as it is read', () => {
  it('in every form and language', () => {
    expect(formatAge({ kind: 'exact', years: 62 }, 'en')).toBe('62');
    expect(formatAge({ kind: 'about', years: 62 }, 'en')).toBe('about 62');
    expect(formatAge({ kind: 'range', years: 62, upTo: 67 }, 'en')).toBe('62–67');
    expect(formatAge({ kind: 'atLeast', years: 62 }, 'en')).toBe('at least 62');
    expect(formatAge({ kind: 'atMost', years: 67 }, 'en')).toBe('at most 67');
    expect(formatAge({ kind: 'about', years: 62 }, 'sv')).toBe('omkring 62');
    expect(formatAge({ kind: 'about', years: 62 }, 'fi')).toBe('noin 62');
    expect(formatAge({ kind: 'atMost', years: 67 }, 'no')).toBe('høyst 67');
    expect(formatAge({ kind: 'atLeast', years: 62 }, 'da')).toBe('mindst 62');
  });
});
