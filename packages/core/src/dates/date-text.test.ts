import { describe, expect, it } from 'vitest';
import { languages } from '../schemas/common.ts';
import { ageAt } from './age.ts';
import {
  dateTextDayRange,
  dateTextSqlRange,
  dateTextYear,
  formatDateText,
  formatDateTextGregorian,
  sqlDateOfDay,
} from './date-text.ts';
import { compareEventDates } from './event-date.ts';
import { formatEventDate } from './format.ts';
import { toDayNumber } from './partial-date.ts';

// Issue 20 item 4: dates kept as text are shown in the reader's language and sorted by their
// best-known Gregorian days.

describe('showing a date kept as text', () => {
  it('shows a Julian date as written, with its calendar, in every language', () => {
    expect(formatDateText('@#DJULIAN@ 1 JAN 1700', 'sv')).toBe('1 januari 1700 (julianska)');
    expect(formatDateText('@#DJULIAN@ 1 JAN 1700', 'en')).toBe('1 January 1700 (Julian)');
    expect(formatDateText('JULIAN 1 JAN 1700', 'da')).toBe('1. januar 1700 (juliansk)');
    expect(formatDateText('@#DJULIAN@ JAN 1700', 'no')).toBe('januar 1700 (juliansk)');
    expect(formatDateText('@#DJULIAN@ 1700', 'fi')).toBe('1700 (juliaaninen)');
    expect(formatDateText('@#DJULIAN@ 12 FEB 1750/51', 'en')).toBe('12 February 1750/51 (Julian)');
  });

  it('names the calendar once for a range in one calendar', () => {
    expect(formatDateText('BET @#DJULIAN@ 1700 AND @#DJULIAN@ 1710', 'en')).toBe('between 1700 and 1710 (Julian)');
    expect(formatDateText('ABT @#DJULIAN@ 1700', 'sv')).toBe('omkring 1700 (julianska)');
    expect(formatDateText('FROM @#DJULIAN@ 1700 TO 1710', 'en')).toBe('1700 (Julian) – 1710');
  });

  it('shows Hebrew and French republican months by name', () => {
    expect(formatDateText('@#DHEBREW@ 15 NSN 5600', 'en')).toBe('15 Nisan 5600 (Hebrew)');
    expect(formatDateText('@#DHEBREW@ ADS 5784', 'sv')).toBe('adar II 5784 (judiska)');
    expect(formatDateText('@#DFRENCH R@ 18 BRUM 8', 'en')).toBe('18 Brumaire 8 (French Republican)');
    expect(formatDateText('FRENCH_R 9 THER 2', 'fi')).toBe('9. thermidor 2 (Ranskan vallankumouskalenteri)');
  });

  it('shows years before the common era in the language', () => {
    expect(formatDateText('15 MAR 44 B.C.', 'en')).toBe('15 March 44 BC');
    expect(formatDateText('44 BCE', 'sv')).toBe('44 f.Kr.');
    expect(formatDateText('ABT 500 BC', 'fi')).toBe('noin 500 eaa.');
    expect(formatDateText('@#DJULIAN@ 15 MAR 44 B.C.', 'no')).toBe('15. mars 44 f.Kr. (juliansk)');
  });

  it('shows phrases and text that is no date quoted as written', () => {
    expect(formatDateText('(in the spring after the fire)', 'en')).toBe('“in the spring after the fire”');
    expect(formatDateText('(våren efter branden)', 'sv')).toBe('”våren efter branden”');
    expect(formatDateText('Christmas 1850', 'da')).toBe('»Christmas 1850«');
    expect(formatDateText('INT @#DJULIAN@ 1700 (the old book says so)', 'en')).toBe(
      '1700 (Julian) “the old book says so”',
    );
  });

  it('shows a range written backwards as written', () => {
    expect(formatDateText('BET 1900 AND 1850', 'en')).toBe('between 1900 and 1850');
    expect(formatDateText('FROM 1900 TO 1850', 'sv')).toBe('1900 – 1850');
  });

  it('shows open periods as from and until', () => {
    expect(formatDateText('FROM @#DJULIAN@ 730', 'en')).toBe('from 730 (Julian)');
    expect(formatDateText('TO 50 B.C.', 'sv')).toBe('till 50 f.Kr.');
  });

  it('is what formatEventDate shows for an event with no date of its own, in every language', () => {
    for (const language of languages) {
      const shown = formatEventDate({ startDate: null, dateText: '@#DJULIAN@ 1 JAN 1700' }, language);
      expect(shown, language).toMatch(/1700 \(\p{L}+\)$/u);
    }
    expect(formatEventDate({ startDate: null, dateText: null }, 'en')).toBe('');
    // An event with a date of its own shows that date; the text is shown beside it by the page.
    expect(formatEventDate({ startDate: '1850', dateText: 'INT 1850 (perhaps)' }, 'en')).toBe('1850');
  });
});

describe('sorting a date kept as text', () => {
  it('sorts a Julian date by its Gregorian day', () => {
    expect(dateTextSqlRange('@#DJULIAN@ 1 JAN 1700')).toEqual({ from: '1700-01-11', to: '1700-01-11' });
    expect(dateTextSqlRange('@#DJULIAN@ 25 DEC 1699')).toEqual({ from: '1700-01-04', to: '1700-01-04' });
    expect(dateTextSqlRange('@#DJULIAN@ 12 FEB 1750/51')).toEqual({ from: '1751-02-23', to: '1751-02-23' });
  });

  it('converts Hebrew and French republican dates', () => {
    expect(dateTextSqlRange('@#DHEBREW@ 15 NSN 5784')).toEqual({ from: '2024-04-23', to: '2024-04-23' });
    expect(dateTextSqlRange('@#DHEBREW@ 5785')).toEqual({ from: '2024-10-03', to: '2025-09-22' });
    expect(dateTextSqlRange('@#DFRENCH R@ 18 BRUM 8')).toEqual({ from: '1799-11-09', to: '1799-11-09' });
    // 30 Elul: Elul has 29 days, so the month is what is known.
    expect(dateTextSqlRange('@#DHEBREW@ 30 ELL 5784')).toEqual(dateTextSqlRange('@#DHEBREW@ ELL 5784'));
    expect(dateTextSqlRange('@#DHEBREW@ ELL 5784')).toEqual({ from: '2024-09-04', to: '2024-10-02' });
  });

  it('gives dates before the common era as PostgreSQL dates', () => {
    expect(dateTextSqlRange('44 B.C.')).toEqual({ from: '0044-01-01 BC', to: '0044-12-31 BC' });
    expect(dateTextSqlRange('BEF 1 BC')).toEqual({ from: null, to: '0002-12-31 BC' });
    expect(sqlDateOfDay(toDayNumber(-10000, 1, 1))).toBe('4713-01-01 BC');
  });

  it('sorts a range written backwards by the earlier date, a phrase by its first year', () => {
    expect(dateTextSqlRange('BET 1900 AND 1850')).toEqual({ from: '1850-01-01', to: '1900-12-31' });
    // Open towards the future: a number in a phrase ("in room 204") must never make a person old.
    expect(dateTextSqlRange('(about 1850 or 1851)')).toEqual({ from: '1850-01-01', to: null });
    expect(dateTextSqlRange('(in room 204)')).toEqual({ from: '0204-01-01', to: null });
    expect(dateTextSqlRange('(unknown)')).toBeNull();
    expect(dateTextSqlRange('@#DROMAN@ 1200')).toBeNull();
    expect(dateTextSqlRange('FROM @#DJULIAN@ 730')).toEqual({ from: '0730-01-05', to: null });
  });

  it('orders events with and without text dates together', () => {
    const events = [
      { id: 'greg-1701', startDate: '1701' },
      { id: 'none', startDate: null },
      { id: 'julian-1700', dateText: '@#DJULIAN@ 1 JAN 1700' },
      { id: 'bce', dateText: '44 B.C.' },
      { id: 'phrase-1650', dateText: '(before the war of 1650)' },
      { id: 'greg-1700-01-05', startDate: '1700-01-05' },
    ];
    expect([...events].sort((a, b) => compareEventDates(a, b)).map((event) => event.id)).toEqual([
      'bce',
      'phrase-1650',
      'greg-1700-01-05',
      'julian-1700',
      'greg-1701',
      'none',
    ]);
    expect(dateTextDayRange('')).toBeNull();
  });
});

describe('life years from a date kept as text', () => {
  it('takes the year as written, negative before the common era, converted for other calendars', () => {
    expect(dateTextYear('@#DJULIAN@ 25 DEC 1699')).toEqual({ year: 1699, type: 'exact' });
    expect(dateTextYear('ABT 44 B.C.')).toEqual({ year: -44, type: 'about' });
    expect(dateTextYear('@#DHEBREW@ 15 NSN 5600')).toEqual({ year: 1840, type: 'exact' });
    expect(dateTextYear('BET 1900 AND 1850')).toEqual({ year: 1850, type: 'between' });
    expect(dateTextYear('(in 1850 or so)')).toEqual({ year: 1850, type: 'about' });
    expect(dateTextYear('(unknown)')).toBeNull();
  });
});

describe('the Gregorian days of a date in another calendar', () => {
  it('reads them in the language', () => {
    expect(formatDateTextGregorian('@#DJULIAN@ 25 DEC 1699', 'sv')).toBe('4 januari 1700');
    expect(formatDateTextGregorian('ABT @#DJULIAN@ 25 DEC 1699', 'en')).toBe('4 January 1700');
    expect(formatDateTextGregorian('@#DJULIAN@ 15 MAR 44 B.C.', 'en')).toBe('13 March 44 BC');
    expect(formatDateTextGregorian('@#DFRENCH R@ 18 BRUM 8', 'fi')).toBe('9. marraskuuta 1799');
    expect(formatDateTextGregorian('@#DHEBREW@ 5785', 'en')).toBe('3 October 2024 – 22 September 2025');
  });

  it('is null where the text says it already or nothing can be converted', () => {
    expect(formatDateTextGregorian('44 B.C.', 'en')).toBeNull();
    expect(formatDateTextGregorian('(in the spring)', 'en')).toBeNull();
    expect(formatDateTextGregorian('BET @#DJULIAN@ 1700 AND @#DJULIAN@ 1710', 'en')).toBeNull();
    expect(formatDateTextGregorian('@#DROMAN@ 1200', 'en')).toBeNull();
    expect(formatDateTextGregorian(null, 'en')).toBeNull();
  });
});

describe('an age from dates kept as text', () => {
  it('counts Julian and BCE dates by their Gregorian days, never a phrase', () => {
    // Caesar: born 12 July 100 BC, died 15 March 44 BC (Julian): 55 years.
    const born = { dateText: '@#DJULIAN@ 12 JUL 100 B.C.' };
    expect(ageAt(born, { dateText: '@#DJULIAN@ 15 MAR 44 B.C.' })).toEqual({ kind: 'exact', years: 55 });
    // A Julian birth and a Gregorian death: 1 January 1700 (Julian) is 11 January 1700.
    expect(ageAt({ dateText: '@#DJULIAN@ 1 JAN 1700' }, { startDate: '1750-01-10' })).toEqual({
      kind: 'exact',
      years: 49,
    });
    expect(ageAt({ dateText: '(in 1700 or so)' }, { startDate: '1750' })).toBeNull();
    expect(ageAt({ dateText: '@#DJULIAN@ 1700' }, null)).toBeNull();
  });
});
