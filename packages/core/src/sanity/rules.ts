import { ageBoundsBetween } from '../dates/age.ts';
import { type DayRange, type EventDateInput, eventDateRange } from '../dates/event-date.ts';
import { daysInMonth, fromDayNumber, toDayNumber } from '../dates/partial-date.ts';

/**
 * Sanity rules (issue 19 item 7): dates that are possible but most likely wrong. They only warn:
 * a warning never blocks a save, and nothing is changed. The rules are pure and take plain data,
 * the persons, each person's dated events and the parent links, so that they run the same over
 * one event being edited (the server's check for the editor) and over a whole tree, set-based
 * (the data-quality report of issue 24).
 *
 * A rule fires only when the dates make the problem certain: a date is read as every day it can
 * mean ("1850" is 1850-01-01…1850-12-31, "before 1850" is open towards the past), and e.g. a death
 * is before the birth only when its latest possible day is before the birth's earliest.
 */

export const sanityCodes = [
  'sanity.deathBeforeBirth',
  'sanity.afterDeath',
  'sanity.afterBurial',
  'sanity.parentTooYoung',
  'sanity.motherTooOld',
  'sanity.bornAfterMotherDeath',
  'sanity.bornLongAfterFatherDeath',
  'sanity.ageOver110',
] as const;
export type SanityCode = (typeof sanityCodes)[number];

/** The limits the rules compare with. */
export const sanityLimits = {
  /** A parent younger than this at a child's birth. */
  minParentAge: 12,
  /** A mother older than this at a child's birth. */
  maxMotherAge: 55,
  /** A child born more than this many months after the father's death. */
  monthsAfterFatherDeath: 10,
  /** An age above this at any event. */
  maxAge: 110,
};

export interface SanityPerson {
  id: string;
  gender: 'male' | 'female' | 'other' | 'unknown';
}

/** A person's part in a dated event: one row per participant (the same event appears once per person). */
export interface SanityEvent extends EventDateInput {
  eventId: string;
  personId: string;
  /** The event type ("birth", "death", …). */
  type: string;
  /** The person's role in it ("primary", "witness", "parent", …). */
  role: string;
}

export interface SanityParentLink {
  parentId: string;
  childId: string;
}

export interface SanityData {
  persons: readonly SanityPerson[];
  events: readonly SanityEvent[];
  parentLinks: readonly SanityParentLink[];
}

export interface SanityWarning {
  code: SanityCode;
  /** The person the warning is about (the parent in the parent rules). */
  personId: string;
  /** The other person of a parent rule: the child. */
  relatedPersonId: string | null;
  /** The events whose dates make the warning (to show it with the event being edited). */
  eventIds: string[];
  /** Numbers for the message: `age` (whole years), `limit`. */
  values: Record<string, number>;
}

/** Events a person has after death by nature: their own burial, an estate inventory, a will read. */
const afterDeathTypes = new Set(['death', 'burial', 'inventory', 'will']);
/** Events whose date says nothing of the person's age at the time (they may be after the death). */
const notAgedTypes = new Set(['burial', 'inventory', 'will']);

/** A person's own birth, death or burial with its days. */
export interface DatedEvent {
  eventId: string;
  range: DayRange;
}

/**
 * A person's life as the rules read it: their first birth, death and burial as the main person,
 * each with its days (null: there is none, or it has no days).
 */
export interface SanityLife {
  birth: DatedEvent | null;
  death: DatedEvent | null;
  burial: DatedEvent | null;
}

/**
 * The data as the rules read it, by person index: `lives[i]` and `partsOf[i]` are `persons[i]`'s,
 * and the parent links name persons by index (`linkParent[k]` is a parent of `linkChild[k]`).
 * `partsOf` holds the parts the per-event rules look at: every part of the person (`sanityIndex`
 * over plain data), or only those that may fire a rule (the data-quality report's server, which
 * reads the lives and links so from SQL: one row per person, nothing to group in memory).
 */
export interface SanityIndex {
  persons: readonly SanityPerson[];
  lives: readonly SanityLife[];
  partsOf: readonly (readonly SanityEvent[] | undefined)[];
  linkParent: ArrayLike<number>;
  linkChild: ArrayLike<number>;
}

/**
 * An event's range of days, read once per event: a tree's events come once per participant (a
 * baptism with its godparents four or five times) and the rules ask for each of them several times.
 * With the one-pass life events and the age test below, this took the rules of the data-quality
 * report from 5.0 to 4.4 s on 100,000 persons (docs/architecture.md says where the rest goes).
 */
export type EventRanges = (event: SanityEvent) => DayRange | null;

export function eventRanges(): EventRanges {
  const known = new Map<string, DayRange | null>();
  return (event) => {
    let range = known.get(event.eventId);
    if (range === undefined) {
      range = eventDateRange(event);
      known.set(event.eventId, range);
    }
    return range;
  };
}

/** The day a number of months after a day (the day kept within the month it lands in). */
export function addMonths(dayNumber: number, months: number): number {
  const { year, month, day } = fromDayNumber(dayNumber);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  return toDayNumber(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

/** Whether `a` surely ends before `b` begins. */
function surelyBefore(a: DayRange, b: DayRange): boolean {
  return a.to !== null && b.from !== null && a.to < b.from;
}

/**
 * The index of plain data: each person's parts in the order given, their life from the first
 * birth, death and burial among them as the main person, and the links between persons given.
 */
export function sanityIndex(data: SanityData, rangeOf: EventRanges = eventRanges()): SanityIndex {
  const indexOf = new Map(data.persons.map((person, index) => [person.id, index]));
  const partsOf: SanityEvent[][] = [];
  const own: { birth?: SanityEvent; death?: SanityEvent; burial?: SanityEvent }[] = [];
  for (const event of data.events) {
    const index = indexOf.get(event.personId);
    if (index === undefined) continue;
    const parts = partsOf[index];
    if (parts) parts.push(event);
    else partsOf[index] = [event];
    if (event.role === 'primary' && (event.type === 'birth' || event.type === 'death' || event.type === 'burial')) {
      const first = own[index];
      if (!first) own[index] = { [event.type]: event };
      else first[event.type] ??= event;
    }
  }
  const dated = (event: SanityEvent | undefined): DatedEvent | null => {
    if (!event) return null;
    const range = rangeOf(event);
    return range ? { eventId: event.eventId, range } : null;
  };
  const lives = data.persons.map((_, index): SanityLife => {
    const first = own[index];
    return { birth: dated(first?.birth), death: dated(first?.death), burial: dated(first?.burial) };
  });
  const linkParent: number[] = [];
  const linkChild: number[] = [];
  for (const link of data.parentLinks) {
    const parent = indexOf.get(link.parentId);
    const child = indexOf.get(link.childId);
    if (parent === undefined || child === undefined) continue;
    linkParent.push(parent);
    linkChild.push(child);
  }
  return { persons: data.persons, lives, partsOf, linkParent, linkChild };
}

/**
 * Every warning the data gives, person by person and link by link. `skip` names rules the caller
 * finds another way (the data-quality report finds the events after a death in SQL: they are most
 * of a large tree's findings, and its parts need not leave the database for them).
 */
export function sanityWarnings(
  data: SanityData,
  limits = sanityLimits,
  rangeOf: EventRanges = eventRanges(),
  skip: ReadonlySet<SanityCode> = new Set(),
): SanityWarning[] {
  return sanityWarningsOf(sanityIndex(data, rangeOf), limits, rangeOf, skip);
}

/** `sanityWarnings` over indexed data. */
export function sanityWarningsOf(
  index: SanityIndex,
  limits = sanityLimits,
  rangeOf: EventRanges = eventRanges(),
  skip: ReadonlySet<SanityCode> = new Set(),
): SanityWarning[] {
  const warnings: SanityWarning[] = [];
  const { persons, lives, partsOf, linkParent, linkChild } = index;
  /** At least this many days lie between a birth and an event at an age over the limit (365-day years). */
  const overAgeDays = (limits.maxAge + 1) * 365;

  for (let i = 0; i < persons.length; i += 1) {
    const life = lives[i];
    const personId = (persons[i] as SanityPerson).id;
    if (!life) continue;
    const { birth, death, burial } = life;
    const warn = (code: SanityCode, eventIds: string[], values: Record<string, number> = {}) =>
      warnings.push({ code, personId, relatedPersonId: null, eventIds, values });

    if (birth && death && surelyBefore(death.range, birth.range)) {
      warn('sanity.deathBeforeBirth', [birth.eventId, death.eventId]);
    }
    const end = death ?? burial;
    const afterEnd = end !== null && !skip.has(death ? 'sanity.afterDeath' : 'sanity.afterBurial');
    for (const event of partsOf[i] ?? []) {
      const range = rangeOf(event);
      if (!range) continue;
      const isOwnLifeEnd = event.role === 'primary' && afterDeathTypes.has(event.type);
      // A parent named at a child's birth or baptism after the parent's death is the child rules' matter.
      if (
        afterEnd &&
        end &&
        !isOwnLifeEnd &&
        event.role !== 'parent' &&
        event.eventId !== end.eventId &&
        event.eventId !== birth?.eventId &&
        surelyBefore(end.range, range)
      ) {
        warn(death ? 'sanity.afterDeath' : 'sanity.afterBurial', [end.eventId, event.eventId]);
      }
      if (
        birth &&
        event.eventId !== birth.eventId &&
        !notAgedTypes.has(event.type) &&
        // Whole ages are reckoned only where the days could make one over the limit (the cheap test first).
        range.from !== null &&
        birth.range.to !== null &&
        range.from - birth.range.to >= overAgeDays
      ) {
        const age = ageBoundsBetween(birth.range, range);
        if (age?.min != null && age.min > limits.maxAge) {
          warn('sanity.ageOver110', [birth.eventId, event.eventId], { age: age.min, limit: limits.maxAge });
        }
      }
    }
  }

  for (let k = 0; k < linkParent.length; k += 1) {
    const parentIndex = linkParent[k] as number;
    const childIndex = linkChild[k] as number;
    const child = lives[childIndex]?.birth;
    const parent = lives[parentIndex];
    if (!child || !parent) continue;
    const gender = persons[parentIndex]?.gender ?? 'unknown';
    const parentId = (persons[parentIndex] as SanityPerson).id;
    const childId = (persons[childIndex] as SanityPerson).id;
    const warn = (code: SanityCode, eventIds: string[], values: Record<string, number> = {}) =>
      warnings.push({ code, personId: parentId, relatedPersonId: childId, eventIds, values });

    if (parent.birth) {
      const age = ageBoundsBetween(parent.birth.range, child.range);
      if (age?.max != null && age.max < limits.minParentAge) {
        warn('sanity.parentTooYoung', [parent.birth.eventId, child.eventId], {
          age: age.max,
          limit: limits.minParentAge,
        });
      }
      if (gender === 'female' && age?.min != null && age.min > limits.maxMotherAge) {
        warn('sanity.motherTooOld', [parent.birth.eventId, child.eventId], {
          age: age.min,
          limit: limits.maxMotherAge,
        });
      }
    }
    const death = parent.death;
    if (death?.range.to != null && child.range.from !== null) {
      if (gender === 'female') {
        if (child.range.from > death.range.to) warn('sanity.bornAfterMotherDeath', [death.eventId, child.eventId]);
      } else if (child.range.from > addMonths(death.range.to, limits.monthsAfterFatherDeath)) {
        warn('sanity.bornLongAfterFatherDeath', [death.eventId, child.eventId], {
          months: limits.monthsAfterFatherDeath,
        });
      }
    }
  }
  return warnings;
}
