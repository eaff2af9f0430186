import { describe, expect, it } from 'vitest';
import { toDayNumber } from '../dates/partial-date.ts';
import {
  addMonths,
  type SanityCode,
  type SanityData,
  type SanityEvent,
  type SanityPerson,
  sanityWarnings,
} from './rules.ts';

// Issue 19 item 7: death before birth; an event after the person's death or burial; a parent
// younger than 12 or a mother older than 55 at a child's birth; a child born after the mother's
// death or more than 10 months after the father's; an age over 110. Warnings only when the dates
// make the problem certain.

const person = (id: string, gender: SanityPerson['gender'] = 'unknown'): SanityPerson => ({ id, gender });
const counter = { next: 0 };
const event = (personId: string, type: string, startDate: string, more: Partial<SanityEvent> = {}): SanityEvent => ({
  eventId: more.eventId ?? `${type}-${personId}-${counter.next++}`,
  personId,
  type,
  role: 'primary',
  startDate,
  ...more,
});

const codes = (data: SanityData) => sanityWarnings(data).map((warning) => warning.code);

describe('a person alone', () => {
  it('warns of a death before the birth, only when certain', () => {
    const birth = event('a', 'birth', '1850-03-12', { eventId: 'b' });
    const death = event('a', 'death', '1849', { eventId: 'd' });
    expect(sanityWarnings({ persons: [person('a')], events: [birth, death], parentLinks: [] })).toEqual([
      { code: 'sanity.deathBeforeBirth', personId: 'a', relatedPersonId: null, eventIds: ['b', 'd'], values: {} },
    ]);
    // 1850 and 1850-03-12 may be the same year: not certain.
    expect(codes({ persons: [person('a')], events: [birth, event('a', 'death', '1850')], parentLinks: [] })).toEqual(
      [],
    );
    expect(
      codes({
        persons: [person('a')],
        events: [birth, event('a', 'death', '1850', { startDateType: 'before' })],
        parentLinks: [],
      }),
    ).toEqual(['sanity.deathBeforeBirth']);
  });

  it('warns of an event after the death, or after the burial when the death has no date', () => {
    const death = event('a', 'death', '1900-05-01');
    const residence = event('a', 'residence', '1901', { role: 'resident', eventId: 'r' });
    expect(codes({ persons: [person('a')], events: [death, residence], parentLinks: [] })).toEqual([
      'sanity.afterDeath',
    ]);
    const burial = event('a', 'burial', '1900-05-08');
    expect(codes({ persons: [person('a')], events: [burial, residence], parentLinks: [] })).toEqual([
      'sanity.afterBurial',
    ]);
  });

  it('leaves out the rules a caller finds another way, and only those', () => {
    const data: SanityData = {
      persons: [person('a')],
      events: [
        event('a', 'birth', '1850-03-12'),
        event('a', 'death', '1849'),
        event('a', 'residence', '1901', { role: 'resident', eventId: 'r' }),
      ],
      parentLinks: [],
    };
    const skipped = (skip: SanityCode[]) =>
      sanityWarnings(data, undefined, undefined, new Set(skip)).map((warning) => warning.code);
    expect(skipped([])).toEqual(['sanity.deathBeforeBirth', 'sanity.afterDeath']);
    expect(skipped(['sanity.afterDeath', 'sanity.afterBurial'])).toEqual(['sanity.deathBeforeBirth']);
    // Skipping the burial's rule keeps the death's.
    expect(skipped(['sanity.afterBurial'])).toEqual(['sanity.deathBeforeBirth', 'sanity.afterDeath']);
  });

  it('does not warn of what comes after a death by nature, nor of a parent named after it', () => {
    const data: SanityData = {
      persons: [person('a')],
      events: [
        event('a', 'death', '1900-05-01'),
        event('a', 'burial', '1900-05-08'),
        event('a', 'inventory', '1900-08'),
        event('a', 'will', '1901'),
        event('a', 'baptism', '1900-06', { role: 'parent' }),
        event('a', 'residence', '1900', { role: 'resident' }),
      ],
      parentLinks: [],
    };
    expect(codes(data)).toEqual([]);
  });

  it('warns of an age over 110 at an event, not at a burial', () => {
    const data: SanityData = {
      persons: [person('a')],
      events: [event('a', 'birth', '1790'), event('a', 'death', '1902-01-01'), event('a', 'burial', '1902-01-08')],
      parentLinks: [],
    };
    expect(sanityWarnings(data)).toMatchObject([{ code: 'sanity.ageOver110', values: { age: 111, limit: 110 } }]);
    // 110 or 111: not certain.
    expect(codes({ ...data, events: [event('a', 'birth', '1790'), event('a', 'death', '1901')] })).toEqual([]);
  });
});

describe('a parent and a child', () => {
  const mother = person('m', 'female');
  const father = person('f', 'male');
  const child = person('c');
  const links = [
    { parentId: 'm', childId: 'c' },
    { parentId: 'f', childId: 'c' },
  ];
  const data = (events: SanityEvent[]): SanityData => ({
    persons: [mother, father, child],
    events,
    parentLinks: links,
  });

  it('warns of a parent younger than 12', () => {
    const warnings = sanityWarnings(data([event('f', 'birth', '1850-06-01'), event('c', 'birth', '1861-06-01')]));
    expect(warnings).toMatchObject([
      { code: 'sanity.parentTooYoung', personId: 'f', relatedPersonId: 'c', values: { age: 11, limit: 12 } },
    ]);
    expect(codes(data([event('f', 'birth', '1850'), event('c', 'birth', '1862')]))).toEqual([]);
  });

  it('warns of a mother older than 55, not of a father', () => {
    expect(codes(data([event('m', 'birth', '1800-01-01'), event('c', 'birth', '1856-06-01')]))).toEqual([
      'sanity.motherTooOld',
    ]);
    expect(codes(data([event('f', 'birth', '1800-01-01'), event('c', 'birth', '1856-06-01')]))).toEqual([]);
    // 55 or 56: not certain.
    expect(codes(data([event('m', 'birth', '1800'), event('c', 'birth', '1856')]))).toEqual([]);
  });

  it('warns of a child born after the mother died', () => {
    expect(codes(data([event('m', 'death', '1860-05-01'), event('c', 'birth', '1860-05-02')]))).toEqual([
      'sanity.bornAfterMotherDeath',
    ]);
    expect(codes(data([event('m', 'death', '1860-05-01'), event('c', 'birth', '1860-05-01')]))).toEqual([]);
  });

  it('warns of a child born more than 10 months after the father died', () => {
    expect(codes(data([event('f', 'death', '1860-01-15'), event('c', 'birth', '1860-11-15')]))).toEqual([]);
    expect(codes(data([event('f', 'death', '1860-01-15'), event('c', 'birth', '1860-11-16')]))).toEqual([
      'sanity.bornLongAfterFatherDeath',
    ]);
    // A parent of unknown gender gets the father's rule, never the mother's.
    const unknown: SanityData = {
      persons: [person('p'), child],
      events: [event('p', 'death', '1860-01-15'), event('c', 'birth', '1860-06-01')],
      parentLinks: [{ parentId: 'p', childId: 'c' }],
    };
    expect(codes(unknown)).toEqual([]);
  });

  it('runs over many persons at once (a whole tree)', () => {
    const persons: SanityPerson[] = [];
    const events: SanityEvent[] = [];
    const parentLinks = [];
    for (let i = 0; i < 2000; i += 1) {
      persons.push(person(`p${i}`, i % 2 === 0 ? 'female' : 'male'));
      events.push(event(`p${i}`, 'birth', `${1700 + (i % 100)}-01-01`));
      if (i > 0) parentLinks.push({ parentId: `p${i - 1}`, childId: `p${i}` });
    }
    // Each child is born a year after the parent: every link gives "younger than 12", but for the wrap-arounds.
    const found = sanityWarnings({ persons, events, parentLinks });
    expect(found.filter((warning) => warning.code === 'sanity.parentTooYoung').length).toBe(1999 - 19);
  });
});

describe('adding months', () => {
  it('keeps the day within the month it lands in', () => {
    expect(addMonths(toDayNumber(1860, 1, 15), 10)).toBe(toDayNumber(1860, 11, 15));
    expect(addMonths(toDayNumber(1859, 4, 30), 10)).toBe(toDayNumber(1860, 2, 29));
    expect(addMonths(toDayNumber(1859, 12, 31), 2)).toBe(toDayNumber(1860, 2, 29));
  });
});
