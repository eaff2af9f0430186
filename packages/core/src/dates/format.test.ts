import { describe, expect, it } from 'vitest';
import { languages } from '../schemas/common.ts';
import { formatEventDate, formatPartialDate } from './format.ts';

// SPEC §4: prefixes for display are about, before, after, between; a range shows when start and
// end differ. §5: the year is shown unpadded. §1: five interface languages.

describe('showing a partial date', () => {
  it('shows the year without padding', () => {
    expect(formatPartialDate('1850', 'en')).toBe('1850');
    expect(formatPartialDate('0850', 'sv')).toBe('850');
    expect(formatPartialDate('0001', 'fi')).toBe('1');
    expect(formatPartialDate('9999', 'da')).toBe('9999');
  });

  it.each([
    ['en', 'March 1850', '12 March 1850'],
    ['sv', 'mars 1850', '12 mars 1850'],
    ['da', 'marts 1850', '12. marts 1850'],
    ['no', 'mars 1850', '12. mars 1850'],
    ['fi', 'maaliskuu 1850', '12. maaliskuuta 1850'],
  ] as const)('shows month and day in %s', (language, month, day) => {
    expect(formatPartialDate('1850-03', language)).toBe(month);
    expect(formatPartialDate('1850-03-12', language)).toBe(day);
  });

  it('names every month in every language', () => {
    for (const language of languages) {
      const names = new Set<string>();
      for (let month = 1; month <= 12; month += 1) {
        const text = formatPartialDate(`1850-${String(month).padStart(2, '0')}`, language);
        expect(text, `${language} ${month}`).toMatch(/^\p{L}+ 1850$/u);
        names.add(text);
      }
      expect(names.size, language).toBe(12);
    }
    expect(formatPartialDate('1850-05', 'no')).toBe('mai 1850');
    expect(formatPartialDate('1850-12-24', 'no')).toBe('24. desember 1850');
    expect(formatPartialDate('1850-06-01', 'fi')).toBe('1. kesäkuuta 1850');
  });

  it('shows an unpadded year in a full date', () => {
    expect(formatPartialDate('0850-03-02', 'en')).toBe('2 March 850');
  });

  it('shows a text with a month 00 as it is (it is not a date)', () => {
    expect(formatPartialDate('1850-00', 'sv')).toBe('1850-00');
  });
});

describe('showing an event date', () => {
  it.each([
    ['en', 'about 1850', 'before 1850', 'after 1850', 'between 1850 and 1852'],
    ['sv', 'omkring 1850', 'före 1850', 'efter 1850', 'mellan 1850 och 1852'],
    ['da', 'omkring 1850', 'før 1850', 'efter 1850', 'mellem 1850 og 1852'],
    ['no', 'omkring 1850', 'før 1850', 'etter 1850', 'mellom 1850 og 1852'],
    ['fi', 'noin 1850', 'ennen 1850', '1850 jälkeen', '1850 ja 1852 välillä'],
  ] as const)('uses the prefixes in %s', (language, about, before, after, between) => {
    expect(formatEventDate({ startDate: '1850', startDateType: 'about' }, language)).toBe(about);
    expect(formatEventDate({ startDate: '1850', startDateType: 'before' }, language)).toBe(before);
    expect(formatEventDate({ startDate: '1850', startDateType: 'after' }, language)).toBe(after);
    expect(formatEventDate({ startDate: '1850', startDateType: 'between', endDate: '1852' }, language)).toBe(between);
  });

  it('shows an exact date without a prefix', () => {
    expect(formatEventDate({ startDate: '1850-03-12', startDateType: '' }, 'en')).toBe('12 March 1850');
    expect(formatEventDate({ startDate: '1850-03-12', startDateType: 'exact' }, 'sv')).toBe('12 mars 1850');
  });

  it('shows a single date when the end is the start', () => {
    expect(
      formatEventDate({ startDate: '1850', startDateType: 'about', endDate: '1850', endDateType: 'about' }, 'en'),
    ).toBe('about 1850');
    expect(formatEventDate({ startDate: '1850', startDateType: 'between', endDate: '1850' }, 'en')).toBe('1850');
  });

  it('shows a range when start and end differ, each with its type', () => {
    expect(formatEventDate({ startDate: '1850', endDate: '1855' }, 'en')).toBe('1850 – 1855');
    expect(
      formatEventDate({ startDate: '1850-05', startDateType: 'about', endDate: '1855', endDateType: 'before' }, 'sv'),
    ).toBe('omkring maj 1850 – före 1855');
    expect(formatEventDate({ startDate: '1850', endDate: '1850', endDateType: 'about' }, 'fi')).toBe(
      '1850 – noin 1850',
    );
  });

  it('prefixes full dates too', () => {
    expect(formatEventDate({ startDate: '1850-03-12', startDateType: 'before' }, 'da')).toBe('før 12. marts 1850');
    expect(formatEventDate({ startDate: '1850-03-12', startDateType: 'after' }, 'fi')).toBe(
      '12. maaliskuuta 1850 jälkeen',
    );
  });

  it('is empty without a date', () => {
    expect(formatEventDate({}, 'en')).toBe('');
    expect(formatEventDate(null, 'sv')).toBe('');
    expect(formatEventDate({ startDate: '', startDateType: 'about' }, 'sv')).toBe('');
  });
});

// Issue 20 item 5: GEDCOM 7's FROM 730 (stored as 730 – after 730) and TO 1042 (before 1042 – 1042).
describe('showing an open period', () => {
  it.each([
    ['en', 'from 730', 'until 1042'],
    ['sv', 'från 730', 'till 1042'],
    ['da', 'fra 730', 'til 1042'],
    ['no', 'fra 730', 'til 1042'],
    ['fi', '730 alkaen', '1042 asti'],
  ] as const)('reads from and until in %s', (language, from, until) => {
    const fromDate = { startDate: '0730', startDateType: 'exact', endDate: '0730', endDateType: 'after' };
    const untilDate = { startDate: '1042', startDateType: 'before', endDate: '1042', endDateType: 'exact' };
    expect(formatEventDate(fromDate, language)).toBe(from);
    expect(formatEventDate(untilDate, language)).toBe(until);
  });

  it('leaves other ranges with an open side as ranges', () => {
    expect(formatEventDate({ startDate: '1850', endDate: '1860', endDateType: 'after' }, 'en')).toBe(
      '1850 – after 1860',
    );
    expect(formatEventDate({ startDate: '1850-03', endDate: '1850', endDateType: 'after' }, 'en')).toBe(
      'March 1850 – after 1850',
    );
  });
});
