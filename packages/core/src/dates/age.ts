import { fillPlaceholders } from '../i18n/placeholders.ts';
import { ruleTexts } from '../i18n/rule-texts.ts';
import type { Language } from '../schemas/common.ts';
import { dateTextCalendarRange } from './date-text.ts';
import { ageInYears } from './difference.ts';
import { type DayRange, type EventDateInput, eventDateRange, resolveEventDate } from './event-date.ts';
import { fromDayNumber } from './partial-date.ts';

/**
 * An age as far as the dates tell it (issue 19 item 7): exact only when both dates are whole days
 * of type exact. From an "about" date it is "about 62"; from dates that cover more than one day
 * ("1850", "between 1850 and 1855") it is the range of ages they allow ("62–67"); from "before" or
 * "after" dates a bound ("at least 62", "at most 67").
 */
export type AgeReading =
  | { kind: 'exact'; years: number }
  | { kind: 'about'; years: number }
  | { kind: 'range'; years: number; upTo: number }
  | { kind: 'atLeast'; years: number }
  | { kind: 'atMost'; years: number };

/** Whole years from one day to a later one (day numbers); negative when the second comes first. */
export function wholeYearsBetween(from: number, to: number): number {
  if (to < from) return -wholeYearsBetween(to, from);
  const start = fromDayNumber(from);
  const end = fromDayNumber(to);
  const beforeAnniversary = end.month < start.month || (end.month === start.month && end.day < start.day);
  return end.year - start.year - (beforeAnniversary ? 1 : 0);
}

/**
 * The smallest and largest age, in whole years, that a person born on `birth` can have had on
 * `at` (null: no bound that way). Null when either has no date or `at` surely comes before the
 * birth. These are the bounds the sanity rules compare with their limits.
 */
export function ageBounds(
  birth: EventDateInput | null | undefined,
  at: EventDateInput | null | undefined,
): { min: number | null; max: number | null } | null {
  const born = eventDateRange(birth);
  const then = eventDateRange(at);
  return born && then ? ageBoundsBetween(born, then) : null;
}

/** `ageBounds` for the days the dates can mean (see `eventDateRange`). */
export function ageBoundsBetween(born: DayRange, then: DayRange): { min: number | null; max: number | null } | null {
  if (born.from !== null && then.to !== null && then.to < born.from) return null;
  const min = born.to !== null && then.from !== null ? wholeYearsBetween(born.to, then.from) : null;
  const max = born.from !== null && then.to !== null ? wholeYearsBetween(born.from, then.to) : null;
  return { min: min === null ? null : Math.max(min, 0), max };
}

/** The age a person born on `birth` had on `at` (the person page's age line), or null when unknown. */
export function ageAt(
  birth: EventDateInput | null | undefined,
  at: EventDateInput | null | undefined,
): AgeReading | null {
  const born = resolveEventDate(birth);
  const then = resolveEventDate(at);
  if (born.startDate === null || then.startDate === null) {
    // A date kept as text (a Julian or BCE date, issue 20 item 4) counts by its Gregorian days.
    const bornDays = eventDateRange(born) ?? dateTextCalendarRange(birth?.dateText);
    const thenDays = eventDateRange(then) ?? dateTextCalendarRange(at?.dateText);
    return bornDays && thenDays ? readingOf(ageBoundsBetween(bornDays, thenDays)) : null;
  }
  if (born.startDateType === 'about' || then.startDateType === 'about') {
    // "about": the age between the dates as written, itself only about right.
    const years = ageInYears(born.startDate, then.startDate);
    return years === null ? null : { kind: 'about', years };
  }
  return readingOf(ageBounds(born, then));
}

function readingOf(bounds: { min: number | null; max: number | null } | null): AgeReading | null {
  if (!bounds) return null;
  const { min, max } = bounds;
  if (min !== null && max !== null)
    return min === max ? { kind: 'exact', years: min } : { kind: 'range', years: min, upTo: max };
  if (min !== null) return { kind: 'atLeast', years: min };
  if (max !== null) return { kind: 'atMost', years: max };
  return null;
}

/** An age as it is read: "62", "about 62", "62–67", "at least 62", "at most 67" (dictionaries' `dates.age`). */
export function formatAge(age: AgeReading, language: Language): string {
  const texts = ruleTexts[language].dates.age;
  switch (age.kind) {
    case 'exact':
      return String(age.years);
    case 'range':
      return fillPlaceholders(texts.range, { from: age.years, to: age.upTo });
    default:
      return fillPlaceholders(texts[age.kind], { age: age.years });
  }
}
