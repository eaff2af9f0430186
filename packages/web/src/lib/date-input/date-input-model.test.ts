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
  sendableEventDate,
  showsEndDate,
  valueFromParts,
} from './date-input-model.ts';

// SPEC §4: "Date input: year up to 4 digits; a complete year moves focus to month, a complete
// month to day. A one-digit month or day other than 0 is padded with a zero on blur. An invalid
// combination clears the dependent parts." §5 gives the rules of a valid date. Issue 19 item 6:
// nothing typed is changed into something else; an invalid combination is refused with a message
// (DateInput, `partialDateProblem`) and the form sends nothing, instead of being cleared.

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

  it('takes a whole pasted date, as it is written', () => {
    expect(changeYear(emptyDateParts, '1850-03-12').parts).toEqual(parts('1850', '03', '12'));
    expect(changeYear(emptyDateParts, '1850/3/7').parts).toEqual(parts('1850', '03', '07'));
    expect(changeYear(emptyDateParts, '1900-02-29').parts).toEqual(parts('1900', '02', '29'));
    expect(changeYear(emptyDateParts, '1850-13-01').parts).toEqual(parts('1850', '13', '01'));
  });

  it('keeps 29 February when the completed year is not a leap year (the input says so)', () => {
    expect(type(parts('', '02', '29'), 'year', '1900').parts).toEqual(parts('1900', '02', '29'));
    expect(type(parts('', '02', '29'), 'year', '1821').parts).toEqual(parts('1821', '02', '29'));
    expect(type(parts('', '02', '29'), 'year', '2000').parts).toEqual(parts('2000', '02', '29'));
  });

  it('keeps month and day when it is left empty', () => {
    expect(blurPart(parts('', '03', '12'), 'year')).toEqual(parts('', '03', '12'));
    expect(blurPart(parts('185', '02', '29'), 'year')).toEqual(parts('185', '02', '29'));
  });
});

describe('the month', () => {
  it('moves the focus to the day when complete', () => {
    expect(type(parts('1850'), 'month', '0')).toEqual({ parts: parts('1850', '0'), focus: null });
    expect(type(parts('1850'), 'month', '03')).toEqual({ parts: parts('1850', '03'), focus: 'day' });
    expect(type(parts('1850'), 'month', '12')).toEqual({ parts: parts('1850', '12'), focus: 'day' });
  });

  it('keeps a month above 12 as typed and stays put', () => {
    expect(changeMonth(parts('1850', '1'), '13')).toEqual({ parts: parts('1850', '13'), focus: null });
    expect(type(parts('1850'), 'month', '19').parts.month).toBe('19');
  });

  it('keeps 00 as typed and stays put (it is refused with a message, not read as "unknown")', () => {
    expect(type(parts('1850', '', '12'), 'month', '00')).toEqual({ parts: parts('1850', '00', '12'), focus: null });
  });

  it('is padded when a single digit other than 0 is left', () => {
    expect(blurPart(parts('1850', '3'), 'month')).toEqual(parts('1850', '03'));
    expect(blurPart(parts('1850', '0'), 'month')).toEqual(parts('1850', '0'));
  });

  it('pads and moves on when a separator follows one digit', () => {
    expect(changeMonth(parts('1850'), '3/')).toEqual({ parts: parts('1850', '03'), focus: 'day' });
  });

  it('keeps a day the new month does not have', () => {
    expect(type(parts('1850', '', '31'), 'month', '02').parts).toEqual(parts('1850', '02', '31'));
    expect(type(parts('1850', '', '31'), 'month', '04').parts).toEqual(parts('1850', '04', '31'));
    expect(blurPart(parts('1850', '4', '31'), 'month')).toEqual(parts('1850', '04', '31'));
  });

  it('keeps the day when the month is emptied', () => {
    expect(blurPart(parts('1850', '', '12'), 'month')).toEqual(parts('1850', '', '12'));
  });
});

describe('the day', () => {
  it('takes two digits and keeps digits only', () => {
    expect(type(parts('1850', '03'), 'day', '12').parts).toEqual(parts('1850', '03', '12'));
    expect(changeDay(parts('1850', '03'), '1x').parts.day).toBe('1');
  });

  it('keeps a day the month does not have, and day 00, as typed', () => {
    expect(type(parts('1850', '04'), 'day', '31').parts.day).toBe('31');
    expect(type(parts('1821', '02'), 'day', '29').parts.day).toBe('29');
    expect(type(parts('1850', '01'), 'day', '32').parts.day).toBe('32');
    expect(type(parts('1850', '01'), 'day', '00').parts.day).toBe('00');
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

  it('keeps a field that holds text usable, so that it can be corrected', () => {
    expect(isPartEnabled(parts('', '03'), 'month')).toBe(true);
    expect(isPartEnabled(parts('1850', '', '12'), 'day')).toBe(true);
  });
});

describe('the value', () => {
  it('is composed of the fields', () => {
    expect(valueFromParts(parts('1850'))).toBe('1850');
    expect(valueFromParts(parts('1850', '03'))).toBe('1850-03');
    expect(valueFromParts(parts('1850', '03', '12'))).toBe('1850-03-12');
    expect(valueFromParts(parts('185', '0'))).toBe('185-0');
    // Nothing is left out: month 00 stays in the value (and is refused there), a day without a month too.
    expect(valueFromParts(parts('1850', '00'))).toBe('1850-00');
    expect(valueFromParts(parts('1850', '', '12'))).toBe('1850--12');
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
    for (const startDate of ['1881-5', '1850-00', '1850-13', '1850-04-31', '1821-02-29']) {
      expect(eventDateValueErrors({ ...emptyEventDateValue, startDate })).toEqual({
        startDate: 'events.validation.invalidDate',
      });
    }
  });

  it('lets a date be sent only when the shared schema takes it', () => {
    expect(sendableEventDate({ startDate: '1881-5', endDate: '' })).toBeNull();
    expect(sendableEventDate({ startDate: '1881', endDate: '1881-5' })).toBeNull();
    expect(sendableEventDate({ startDate: '1881-05', endDate: '' })).toEqual({ startDate: '1881-05', endDate: '' });
  });
});
