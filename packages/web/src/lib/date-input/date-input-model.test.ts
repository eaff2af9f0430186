import { describe, expect, it } from 'vitest';
import {
  blurPart,
  changeDay,
  changeMonth,
  changePart,
  changeStartType,
  changeYear,
  type DateParts,
  emptyDateParts,
  emptyEventDateValue,
  eventDateValueErrors,
  eventDateValueFrom,
  isPartEnabled,
  partsFromValue,
  settleDependents,
  showsEndDate,
  valueFromParts,
} from './date-input-model.ts';

// SPEC §4: "Date input: year up to 4 digits; a complete year moves focus to month, a complete
// month to day. A one-digit month or day other than 0 is padded with a zero on blur. An invalid
// combination clears the dependent parts." §5 gives the rules of a valid date.

const parts = (year: string, month = '', day = ''): DateParts => ({ year, month, day });

/** Types the characters one by one into a field, as a keyboard would. */
function type(start: DateParts, part: 'year' | 'month' | 'day', characters: string) {
  let current = start;
  let focus: string | null = null;
  for (const character of characters) {
    const text = current[part] + character;
    const change = changePart(current, part, text);
    current = change.parts;
    focus = change.focus;
  }
  return { parts: current, focus };
}

describe('the year', () => {
  it('takes up to four digits and then moves the focus to the month', () => {
    expect(type(emptyDateParts, 'year', '185')).toEqual({ parts: parts('185'), focus: null });
    expect(type(emptyDateParts, 'year', '1850')).toEqual({ parts: parts('1850'), focus: 'month' });
    expect(changeYear(parts('1850'), '18505').parts.year).toBe('1850');
  });

  it('keeps digits only', () => {
    expect(changeYear(emptyDateParts, '18a').parts.year).toBe('18');
  });

  it('moves on after a shorter year when a separator is typed', () => {
    expect(changeYear(emptyDateParts, '850-')).toEqual({ parts: parts('850'), focus: 'month' });
  });

  it('takes a whole pasted date', () => {
    expect(changeYear(emptyDateParts, '1850-03-12').parts).toEqual(parts('1850', '03', '12'));
    expect(changeYear(emptyDateParts, '1850/3/7').parts).toEqual(parts('1850', '03', '07'));
    expect(changeYear(emptyDateParts, '1900-02-29').parts).toEqual(parts('1900', '02'));
  });

  it('clears 29 February when the completed year is not a leap year', () => {
    expect(type(parts('', '02', '29'), 'year', '1900').parts).toEqual(parts('1900', '02'));
    expect(type(parts('', '02', '29'), 'year', '2000').parts).toEqual(parts('2000', '02', '29'));
    expect(type(parts('', '02', '29'), 'year', '2024').parts).toEqual(parts('2024', '02', '29'));
  });

  it('does not clear the day while the year is still being typed', () => {
    // "2" and "20" are not leap years, but "2004" is: the day stays until the year is complete.
    expect(type(parts('', '02', '29'), 'year', '20').parts).toEqual(parts('20', '02', '29'));
    expect(type(parts('', '02', '29'), 'year', '2004').parts).toEqual(parts('2004', '02', '29'));
  });

  it('clears month and day when it is left empty', () => {
    expect(blurPart(parts('', '03', '12'), 'year')).toEqual(emptyDateParts);
  });

  it('settles a short year when it is left', () => {
    expect(blurPart(parts('185', '02', '29'), 'year')).toEqual(parts('185', '02'));
    expect(blurPart(parts('184', '02', '29'), 'year')).toEqual(parts('184', '02', '29'));
  });
});

describe('the month', () => {
  it('moves the focus to the day when complete', () => {
    expect(type(parts('1850'), 'month', '0')).toEqual({ parts: parts('1850', '0'), focus: null });
    expect(type(parts('1850'), 'month', '03')).toEqual({ parts: parts('1850', '03'), focus: 'day' });
    expect(type(parts('1850'), 'month', '12')).toEqual({ parts: parts('1850', '12'), focus: 'day' });
  });

  it('refuses a month above 12', () => {
    expect(changeMonth(parts('1850', '1'), '13').parts).toEqual(parts('1850', '1'));
    expect(type(parts('1850'), 'month', '19').parts.month).toBe('1');
  });

  it('takes 00 as an unknown month, which clears the day and stays put', () => {
    expect(type(parts('1850', '', '12'), 'month', '00')).toEqual({ parts: parts('1850', '00'), focus: null });
  });

  it('is padded when a single digit other than 0 is left', () => {
    expect(blurPart(parts('1850', '3'), 'month')).toEqual(parts('1850', '03'));
    expect(blurPart(parts('1850', '0'), 'month')).toEqual(parts('1850', '0'));
  });

  it('pads and moves on when a separator follows one digit', () => {
    expect(changeMonth(parts('1850'), '3/')).toEqual({ parts: parts('1850', '03'), focus: 'day' });
  });

  it('clears a day the new month does not have', () => {
    // Day 31, then the month changed to 02.
    expect(type(parts('1850', '', '31'), 'month', '02').parts).toEqual(parts('1850', '02'));
    expect(type(parts('1850', '', '31'), 'month', '04').parts).toEqual(parts('1850', '04'));
    expect(type(parts('1850', '', '30'), 'month', '04').parts).toEqual(parts('1850', '04', '30'));
    expect(blurPart(parts('1850', '4', '31'), 'month')).toEqual(parts('1850', '04'));
  });

  it('clears the day when it is emptied', () => {
    expect(blurPart(parts('1850', '', '12'), 'month')).toEqual(parts('1850'));
  });
});

describe('the day', () => {
  it('takes two digits and keeps digits only', () => {
    expect(type(parts('1850', '03'), 'day', '12').parts).toEqual(parts('1850', '03', '12'));
    expect(changeDay(parts('1850', '03'), '1x').parts.day).toBe('1');
  });

  it('refuses a day the month does not have, and day 00', () => {
    expect(type(parts('1850', '04'), 'day', '31').parts.day).toBe('3');
    expect(type(parts('1900', '02'), 'day', '29').parts.day).toBe('2');
    expect(type(parts('2000', '02'), 'day', '29').parts.day).toBe('29');
    expect(type(parts('1850', '01'), 'day', '32').parts.day).toBe('3');
    expect(type(parts('1850', '01'), 'day', '00').parts.day).toBe('0');
  });

  it('allows 29 February while the year is unknown', () => {
    expect(type(parts('', '02'), 'day', '29').parts.day).toBe('29');
  });

  it('is padded when a single digit other than 0 is left', () => {
    expect(blurPart(parts('1850', '03', '7'), 'day')).toEqual(parts('1850', '03', '07'));
    expect(blurPart(parts('1850', '03', '0'), 'day')).toEqual(parts('1850', '03', '0'));
  });
});

describe('dependencies between the fields', () => {
  it('enables the month once there is a year, the day once there is a month', () => {
    expect(isPartEnabled(emptyDateParts, 'year')).toBe(true);
    expect(isPartEnabled(emptyDateParts, 'month')).toBe(false);
    expect(isPartEnabled(parts('1'), 'month')).toBe(true);
    expect(isPartEnabled(parts('1850'), 'day')).toBe(false);
    expect(isPartEnabled(parts('1850', '00'), 'day')).toBe(false);
    expect(isPartEnabled(parts('1850', '1'), 'day')).toBe(true);
  });

  it('leaves a valid combination alone', () => {
    expect(settleDependents(parts('2024', '02', '29'))).toEqual(parts('2024', '02', '29'));
    expect(settleDependents(parts('1850', '1', '31'))).toEqual(parts('1850', '1', '31'));
  });
});

describe('the value', () => {
  it('is composed of the fields', () => {
    expect(valueFromParts(parts('1850'))).toBe('1850');
    expect(valueFromParts(parts('1850', '03'))).toBe('1850-03');
    expect(valueFromParts(parts('1850', '03', '12'))).toBe('1850-03-12');
    expect(valueFromParts(parts('185', '0'))).toBe('185-0');
    // Month 00 means "unknown": the value is the year alone (the API refuses a zero month).
    expect(valueFromParts(parts('1850', '00'))).toBe('1850');
    expect(valueFromParts(emptyDateParts)).toBe('');
  });

  it('fills the fields, the year without its padding', () => {
    expect(partsFromValue('0850-03-12')).toEqual(parts('850', '03', '12'));
    expect(partsFromValue('0001')).toEqual(parts('1'));
    expect(partsFromValue('9999-12-31')).toEqual(parts('9999', '12', '31'));
    expect(partsFromValue(null)).toEqual(emptyDateParts);
    expect(partsFromValue('185-0')).toEqual(parts('185', '0'));
  });
});

describe('the event date input', () => {
  it('shows a stored date with an empty end when the end is the start', () => {
    expect(
      eventDateValueFrom({ startDate: '1850', startDateType: 'about', endDate: '1850', endDateType: 'about' }),
    ).toEqual({ startDate: '1850', startDateType: 'about', endDate: '', endDateType: 'exact' });
    expect(eventDateValueFrom({ startDate: '1850', startDateType: 'between', endDate: '1852' })).toEqual({
      startDate: '1850',
      startDateType: 'between',
      endDate: '1852',
      endDateType: 'between',
    });
    expect(eventDateValueFrom(null)).toEqual(emptyEventDateValue);
  });

  it('shows the end date for "between" and for ranges', () => {
    expect(showsEndDate({ ...emptyEventDateValue, startDateType: 'between' }, false)).toBe(true);
    expect(showsEndDate({ ...emptyEventDateValue, startDateType: 'about' }, false)).toBe(false);
    expect(showsEndDate(emptyEventDateValue, true)).toBe(true);
  });

  it('takes the end along into "between" and lets it go when leaving it', () => {
    const between = changeStartType({ ...emptyEventDateValue, startDate: '1850' }, 'between', false);
    expect(between).toMatchObject({ startDateType: 'between', endDateType: 'between' });
    const withEnd = { ...between, endDate: '1852' };
    expect(changeStartType(withEnd, 'about', false)).toEqual({
      startDate: '1850',
      startDateType: 'about',
      endDate: '',
      endDateType: 'exact',
    });
    expect(changeStartType(withEnd, 'exact', true)).toMatchObject({ endDate: '1852', endDateType: 'exact' });
  });

  it('names the problem of each field', () => {
    expect(eventDateValueErrors({ ...emptyEventDateValue, startDate: '1900-02-29' })).toEqual({
      startDate: 'events.validation.invalidDate',
    });
    expect(eventDateValueErrors({ ...emptyEventDateValue, startDate: '1851', endDate: '1850' })).toEqual({
      startDate: 'events.validation.startAfterEnd',
      endDate: 'events.validation.endBeforeStart',
    });
    expect(eventDateValueErrors({ ...emptyEventDateValue, endDate: '1850' })).toEqual({
      startDate: 'events.validation.dateRequired',
    });
    expect(eventDateValueErrors({ ...emptyEventDateValue, startDate: '185', endDate: '' })).toEqual({});
  });
});
