import { describe, expect, it } from 'vitest';
import {
  clampEventDate,
  clampRange,
  compareEventDates,
  type EventDateInput,
  eventDateIsoRange,
  eventDateSortDay,
  eventDatesOverlap,
  isDateRange,
  isSameEventDate,
  isStartAfterEnd,
  rangesOverlap,
  resolveEventDate,
} from './event-date.ts';

const on = (startDate: string, startDateType = 'exact', endDate?: string, endDateType?: string): EventDateInput => ({
  startDate,
  startDateType,
  endDate: endDate ?? null,
  endDateType: endDateType ?? null,
});

describe('the end date defaults to the start (SPEC §4)', () => {
  it('takes the start date and its type when there is no end', () => {
    expect(resolveEventDate({ startDate: '1850', startDateType: 'about' })).toEqual({
      startDate: '1850',
      startDateType: 'about',
      endDate: '1850',
      endDateType: 'about',
    });
    expect(resolveEventDate({ startDate: '1850-03-12', startDateType: 'before', endDate: '' })).toMatchObject({
      endDate: '1850-03-12',
      endDateType: 'before',
    });
  });

  it('reads a blank type as exact and pads the years', () => {
    expect(resolveEventDate({ startDate: '850', startDateType: '', endDate: '860-05', endDateType: null })).toEqual({
      startDate: '0850',
      startDateType: 'exact',
      endDate: '0860-05',
      endDateType: 'exact',
    });
  });

  it('has no date without a start date', () => {
    expect(resolveEventDate({})).toEqual({
      startDate: null,
      startDateType: 'exact',
      endDate: null,
      endDateType: 'exact',
    });
  });

  it('makes "between" a property of both ends', () => {
    expect(resolveEventDate(on('1850', 'between', '1852'))).toMatchObject({
      startDateType: 'between',
      endDateType: 'between',
    });
    expect(resolveEventDate(on('1850', 'about', '1852', 'between')).endDateType).toBe('exact');
  });

  it('shows a range when start and end differ (SPEC §4)', () => {
    expect(isDateRange(on('1850'))).toBe(false);
    expect(isDateRange(on('1850', 'exact', '1850'))).toBe(false);
    expect(isDateRange(on('1850', 'exact', '1855'))).toBe(true);
    expect(isDateRange(on('1850', 'exact', '1850', 'about'))).toBe(true);
  });
});

describe('equality (SPEC §5: equal when the dates are equal)', () => {
  it('compares the dates as stored', () => {
    expect(isSameEventDate(on('850'), on('0850', '', '0850', ''))).toBe(true);
    expect(isSameEventDate(on('1850'), on('1850', 'about'))).toBe(false);
    expect(isSameEventDate(on('1850'), on('1850', 'exact', '1851'))).toBe(false);
    expect(isSameEventDate(null, {})).toBe(true);
  });
});

describe('the days a date covers; before and after shift by one day (SPEC §3)', () => {
  it('covers every day of a partial date', () => {
    expect(eventDateIsoRange(on('1850'))).toEqual({ from: '1850-01-01', to: '1850-12-31' });
    expect(eventDateIsoRange(on('1900-02'))).toEqual({ from: '1900-02-01', to: '1900-02-28' });
    expect(eventDateIsoRange(on('2000-02'))).toEqual({ from: '2000-02-01', to: '2000-02-29' });
    expect(eventDateIsoRange(on('1850-03-12'))).toEqual({ from: '1850-03-12', to: '1850-03-12' });
    expect(eventDateIsoRange(on('1850', 'about'))).toEqual({ from: '1850-01-01', to: '1850-12-31' });
  });

  it('ends "before" the day before the date, open towards the past', () => {
    expect(eventDateIsoRange(on('1850', 'before'))).toEqual({ from: null, to: '1849-12-31' });
    expect(eventDateIsoRange(on('1850-03-12', 'before'))).toEqual({ from: null, to: '1850-03-11' });
    expect(eventDateIsoRange(on('1900-03', 'before'))).toEqual({ from: null, to: '1900-02-28' });
  });

  it('starts "after" the day after the date, open towards the future', () => {
    expect(eventDateIsoRange(on('1850', 'after'))).toEqual({ from: '1851-01-01', to: null });
    expect(eventDateIsoRange(on('2000-02', 'after'))).toEqual({ from: '2000-03-01', to: null });
    expect(eventDateIsoRange(on('1850-12-31', 'after'))).toEqual({ from: '1851-01-01', to: null });
  });

  it('spans from the start to the end of a range or a "between"', () => {
    expect(eventDateIsoRange(on('1850', 'between', '1852'))).toEqual({ from: '1850-01-01', to: '1852-12-31' });
    expect(eventDateIsoRange(on('1850-06', 'about', '1855', 'before'))).toEqual({
      from: '1850-06-01',
      to: '1854-12-31',
    });
  });

  it('keeps year 1 and year 9999 within the calendar', () => {
    expect(eventDateIsoRange(on('1'))).toEqual({ from: '0001-01-01', to: '0001-12-31' });
    expect(eventDateIsoRange(on('9999'))).toEqual({ from: '9999-01-01', to: '9999-12-31' });
  });

  it('has no days without a date', () => {
    expect(eventDateIsoRange({})).toBeNull();
  });
});

describe('start must not be after end (SPEC §5)', () => {
  it('refuses an end before the start', () => {
    expect(isStartAfterEnd(on('1851', 'exact', '1850'))).toBe(true);
    expect(isStartAfterEnd(on('1850-03-12', 'exact', '1850-03-11'))).toBe(true);
  });

  it('accepts equal dates and partial dates that can overlap', () => {
    expect(isStartAfterEnd(on('1850', 'exact', '1850'))).toBe(false);
    expect(isStartAfterEnd(on('1850-06', 'exact', '1850'))).toBe(false);
    expect(isStartAfterEnd(on('1850', 'exact', '1850-01-01'))).toBe(false);
    expect(isStartAfterEnd(on('1850'))).toBe(false);
  });

  it('shifts before and after by one day', () => {
    // after 1850 begins 1851-01-01, after the whole of 1850.
    expect(isStartAfterEnd(on('1850', 'after', '1850'))).toBe(true);
    expect(isStartAfterEnd(on('1850', 'after', '1851'))).toBe(false);
    // before 1851 ends 1850-12-31, before 1851 begins.
    expect(isStartAfterEnd(on('1851', 'exact', '1851', 'before'))).toBe(true);
    expect(isStartAfterEnd(on('1850-12-31', 'exact', '1851', 'before'))).toBe(false);
    expect(isStartAfterEnd(on('1850-03-12', 'after', '1850-03-12', 'before'))).toBe(true);
  });
});

describe('overlaps and clamping', () => {
  it('finds day ranges that share a day, open ends reaching forever', () => {
    expect(rangesOverlap({ from: 1, to: 5 }, { from: 5, to: 9 })).toBe(true);
    expect(rangesOverlap({ from: 1, to: 4 }, { from: 5, to: 9 })).toBe(false);
    expect(rangesOverlap({ from: null, to: 4 }, { from: -100, to: -50 })).toBe(true);
    expect(rangesOverlap({ from: 10, to: null }, { from: null, to: 9 })).toBe(false);
  });

  it('clamps a range to limits', () => {
    expect(clampRange({ from: 1, to: 10 }, { from: 3, to: 7 })).toEqual({ from: 3, to: 7 });
    expect(clampRange({ from: null, to: 10 }, { from: 3, to: null })).toEqual({ from: 3, to: 10 });
    expect(clampRange({ from: 1, to: 2 }, { from: 3, to: 7 })).toBeNull();
  });

  it('finds contemporary events', () => {
    expect(eventDatesOverlap(on('1850', 'exact', '1860'), on('1860-05'))).toBe(true);
    expect(eventDatesOverlap(on('1850', 'exact', '1860'), on('1861'))).toBe(false);
    expect(eventDatesOverlap(on('1850', 'before'), on('1849-12-31'))).toBe(true);
    expect(eventDatesOverlap(on('1850', 'before'), on('1850-01-01'))).toBe(false);
    expect(eventDatesOverlap(on('1850', 'after'), on('1850-12-31'))).toBe(false);
    expect(eventDatesOverlap(on('1850', 'after'), on('1900'))).toBe(true);
    expect(eventDatesOverlap({}, on('1850'))).toBe(false);
  });

  it('keeps a residence within a life (SPEC §5: dates clamped to birth and death)', () => {
    const life = { birth: on('1855-04-02'), death: on('1890', 'about') };
    expect(clampEventDate(on('1850', 'exact', '1860'), life)).toEqual({
      startDate: '1855-04-02',
      startDateType: 'exact',
      endDate: '1860',
      endDateType: 'exact',
    });
    expect(clampEventDate(on('1880', 'exact', '1900'), life)).toEqual({
      startDate: '1880',
      startDateType: 'exact',
      endDate: '1890',
      endDateType: 'about',
    });
    expect(clampEventDate(on('1860', 'exact', '1870'), life)).toEqual(resolveEventDate(on('1860', 'exact', '1870')));
  });

  it('gives null for a residence wholly before the birth or after the death', () => {
    const life = { birth: on('1855-04-02'), death: on('1890') };
    expect(clampEventDate(on('1850', 'exact', '1855-04-01'), life)).toBeNull();
    expect(clampEventDate(on('1891'), life)).toBeNull();
    expect(clampEventDate(on('1890', 'after'), life)).toBeNull();
  });

  it('does not clamp without birth or death dates', () => {
    expect(clampEventDate(on('1850', 'exact', '1860'), {})).toEqual(resolveEventDate(on('1850', 'exact', '1860')));
    expect(clampEventDate(on('1850', 'exact', '1860'), { birth: {}, death: null })).toEqual(
      resolveEventDate(on('1850', 'exact', '1860')),
    );
  });
});

describe('sorting by date (SPEC §4)', () => {
  const sortedStarts = (dates: EventDateInput[], direction: 'asc' | 'desc' = 'asc') =>
    [...dates]
      .sort((a, b) => compareEventDates(a, b, direction))
      .map((date) => (date.startDate ? `${date.startDateType ?? ''} ${date.startDate}`.trim() : 'none'));

  it('sorts mixed partial dates, the wider first', () => {
    const dates = [on('1850-03-12'), on('1851'), on('1850-03'), on('1850'), on('1849-12-31'), on('1850-01-01')];
    expect(sortedStarts(dates)).toEqual([
      'exact 1849-12-31',
      'exact 1850',
      'exact 1850-01-01',
      'exact 1850-03',
      'exact 1850-03-12',
      'exact 1851',
    ]);
  });

  it('sorts "before" on the day before and "after" on the day after', () => {
    const dates = [on('1850', 'after'), on('1850', 'before'), on('1850-12-31'), on('1851-01-01'), on('1849-12-30')];
    expect(sortedStarts(dates)).toEqual([
      'exact 1849-12-30',
      'before 1850',
      'exact 1850-12-31',
      'after 1850',
      'exact 1851-01-01',
    ]);
    expect(eventDateSortDay(on('1850', 'before'))).toBe('1849-12-31');
    expect(eventDateSortDay(on('1850', 'after'))).toBe('1851-01-01');
    expect(eventDateSortDay(on('1850-03'))).toBe('1850-03-01');
    expect(eventDateSortDay({})).toBeNull();
  });

  it('treats "about" as the date itself, leaving ties to the next rule', () => {
    expect(compareEventDates(on('1850', 'about'), on('1850'))).toBe(0);
  });

  it('puts events without a date last in either direction', () => {
    const dates = [{}, on('1900'), on('1850')];
    expect(sortedStarts(dates)).toEqual(['exact 1850', 'exact 1900', 'none']);
    expect(sortedStarts(dates, 'desc')).toEqual(['exact 1900', 'exact 1850', 'none']);
  });

  it('sorts year 1 first and year 9999 last', () => {
    expect(sortedStarts([on('9999'), on('1850'), on('1')])).toEqual(['exact 1', 'exact 1850', 'exact 9999']);
  });
});
