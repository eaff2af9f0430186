import { describe, expect, it } from 'vitest';
import { statusOf } from '../errors.ts';
import { dictionaries } from '../i18n/index.ts';
import { eventDateIssues, eventDateSchema, isValidEventDate, partialDateSchema } from './schema.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the partial date schema', () => {
  it('stores blank as null and a date in its stored form', () => {
    expect(partialDateSchema.parse('')).toBeNull();
    expect(partialDateSchema.parse(null)).toBeNull();
    expect(partialDateSchema.parse(undefined)).toBeNull();
    expect(partialDateSchema.parse('850-03')).toBe('0850-03');
  });

  it.each(['1900-02-29', '18500', '0000', '1850-13', '1850-04-31', 'about 1850', '2001-00', '2001-01-00'])(
    'refuses %s with events.validation.invalidDate',
    (text) => {
      const result = partialDateSchema.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('events.validation.invalidDate');
    },
  );

  it('refuses what is not text', () => {
    expect(partialDateSchema.safeParse(1850).error?.issues[0]?.message).toBe('events.validation.invalidDate');
  });
});

describe('the event date schema', () => {
  it('resolves the end to the start and blank types to exact', () => {
    expect(eventDateSchema.parse({ startDate: '850', startDateType: '' })).toEqual({
      startDate: '0850',
      startDateType: 'exact',
      endDate: '0850',
      endDateType: 'exact',
    });
    expect(eventDateSchema.parse({})).toEqual({
      startDate: null,
      startDateType: 'exact',
      endDate: null,
      endDateType: 'exact',
    });
  });

  it('refuses an unknown type or an invalid date', () => {
    expect(messages(eventDateSchema.safeParse({ startDate: '1850', startDateType: 'circa' }))).toEqual([
      ['startDateType', 'events.validation.invalidDate'],
    ]);
    expect(messages(eventDateSchema.safeParse({ startDate: '1850', endDate: '1851-02-29' }))).toEqual([
      ['endDate', 'events.validation.invalidDate'],
    ]);
  });

  it('refuses a start after the end, on both fields', () => {
    expect(messages(eventDateSchema.safeParse({ startDate: '1851', endDate: '1850' }))).toEqual([
      ['startDate', 'events.validation.startAfterEnd'],
      ['endDate', 'events.validation.endBeforeStart'],
    ]);
    expect(eventDateSchema.safeParse({ startDate: '1850', startDateType: 'after', endDate: '1850' }).success).toBe(
      false,
    );
    expect(eventDateSchema.safeParse({ startDate: '1850-06', endDate: '1850' }).success).toBe(true);
  });

  it('refuses an end date without a start date', () => {
    expect(messages(eventDateSchema.safeParse({ endDate: '1850' }))).toEqual([
      ['startDate', 'events.validation.dateRequired'],
    ]);
  });

  it('refuses unknown fields', () => {
    expect(eventDateSchema.safeParse({ startDate: '1850', date: '1850' }).success).toBe(false);
  });

  it('checks typed dates without Zod too', () => {
    expect(isValidEventDate({ startDate: '1850', endDate: '' })).toBe(true);
    expect(isValidEventDate({ startDate: '1850-02-29' })).toBe(false);
    expect(isValidEventDate({ startDate: '1850', startDateType: 'sometime' })).toBe(false);
    expect(isValidEventDate({ startDate: '1851', endDate: '1850' })).toBe(false);
    expect(eventDateIssues({ startDate: '1850', endDate: '1850' })).toEqual([]);
  });
});

describe('the date error codes', () => {
  it.each([
    'events.validation.invalidDate',
    'events.validation.dateRequired',
    'events.validation.startAfterEnd',
    'events.validation.endBeforeStart',
  ] as const)('%s is a 400 in the catalogue with a text in English', (code) => {
    expect(statusOf(code)).toBe(400);
    const [, section, name] = code.split('.');
    expect(section).toBe('validation');
    expect(dictionaries.en.events.validation[name as keyof typeof dictionaries.en.events.validation]).toBeTruthy();
  });
});
