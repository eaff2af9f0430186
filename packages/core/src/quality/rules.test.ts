import { describe, expect, it } from 'vitest';
import type { SanityEvent } from '../sanity/rules.ts';
import { distanceKm, type QualityData, type QualityPerson, qualityItems } from './rules.ts';

// Issue 24: the report's own rules, each with a case that triggers it and one that must not.
const person = (id: string, more: Partial<QualityPerson> = {}): QualityPerson => ({
  id,
  gender: 'unknown',
  fName: null,
  lName: null,
  ...more,
});
let next = 0;
const event = (personId: string, type: string, startDate: string, role = 'primary'): SanityEvent => ({
  eventId: `${type}-${personId}-${next++}`,
  personId,
  type,
  role,
  startDate,
});
const data = (more: Partial<QualityData>): QualityData => ({
  persons: [],
  events: [],
  parentLinks: [],
  eventFacts: [],
  places: [],
  ...more,
});
/** The findings but persons without events (the tests' persons mostly have none). */
const found = (input: QualityData) => qualityItems(input).filter((item) => item.rule !== 'quality.noEvents');
const rules = (input: QualityData) => found(input).map((item) => item.rule);

describe('the data-quality rules', () => {
  it('finds a person with no events, not one with any part in one', () => {
    const input = data({ persons: [person('a'), person('b')], events: [event('b', 'residence', '1900', 'resident')] });
    expect(qualityItems(input)).toMatchObject([{ rule: 'quality.noEvents', objectKind: 'person', objectId: 'a' }]);
  });

  it("reads a person's first birth as the sanity rules do: an undated first birth is no birth", () => {
    const undated: SanityEvent = { eventId: 'b1', personId: 'b', type: 'birth', role: 'primary', startDate: null };
    const input = data({
      persons: [person('b')],
      events: [undated, event('b', 'birth', '1850-06-01'), event('b', 'marriage', '1860-05-01')],
    });
    expect(rules(input)).toEqual([]);
    // With the dated birth first, the marriage at 9 is found.
    const dated = data({ ...input, events: [event('b', 'birth', '1850-06-01'), event('b', 'marriage', '1860-05-01')] });
    expect(rules(dated)).toEqual(['quality.marriedYoung']);
  });

  it('finds an event with a place but no date and no source, not one with either', () => {
    const fact = { eventId: 'e', type: 'residence', hasDate: false, locationId: 'l', hasSource: false };
    expect(rules(data({ eventFacts: [fact] }))).toEqual(['quality.placeWithoutDateOrSource']);
    expect(rules(data({ eventFacts: [{ ...fact, hasSource: true }] }))).toEqual([]);
    expect(rules(data({ eventFacts: [{ ...fact, hasDate: true }] }))).toEqual([]);
    expect(rules(data({ eventFacts: [{ ...fact, locationId: null }] }))).toEqual([]);
  });

  it('finds a spouse surely under 15 at the marriage, not one who may be 15', () => {
    const persons = [person('a'), person('b')];
    const young = data({
      persons,
      events: [
        event('a', 'birth', '1850-06-01'),
        event('a', 'marriage', '1865-05-01'),
        event('b', 'marriage', '1865-05-01'),
      ],
    });
    expect(found(young)).toMatchObject([
      { rule: 'quality.marriedYoung', objectId: 'a', values: { age: 14, limit: 15 } },
    ]);
    const uncertain = data({
      persons,
      events: [event('a', 'birth', '1850'), event('a', 'marriage', '1865'), event('b', 'marriage', '1865')],
    });
    expect(rules(uncertain)).toEqual([]);
  });

  describe('siblings', () => {
    const persons = [person('m', { gender: 'female' }), person('f', { gender: 'male' }), person('x'), person('y')];
    const links = [
      { parentId: 'm', childId: 'x' },
      { parentId: 'm', childId: 'y' },
    ];
    const born = (x: string, y: string, more: Partial<QualityData> = {}) =>
      data({
        persons,
        parentLinks: links,
        events: [event('m', 'residence', '1850'), event('x', 'birth', x), event('y', 'birth', y)],
        ...more,
      });

    it('finds children of one mother born less than 9 months apart', () => {
      expect(found(born('1860-01-10', '1860-07-01'))).toMatchObject([
        { rule: 'quality.siblingsClose', objectId: 'y', relatedId: 'x', values: { months: 9 } },
      ]);
    });
    it('not twins (the same day or one day apart), nor births 9 months apart or uncertain', () => {
      expect(rules(born('1860-01-10', '1860-01-10'))).toEqual([]);
      expect(rules(born('1860-01-10', '1860-01-11'))).toEqual([]);
      expect(rules(born('1860-01-10', '1860-10-10'))).toEqual([]);
      expect(rules(born('1860', '1860'))).toEqual([]);
    });
    it("not a father's children by two mothers", () => {
      const byFather = born('1860-01-10', '1860-07-01', {
        parentLinks: [
          { parentId: 'f', childId: 'x' },
          { parentId: 'f', childId: 'y' },
        ],
        events: [event('f', 'residence', '1850'), event('x', 'birth', '1860-01-10'), event('y', 'birth', '1860-07-01')],
      });
      expect(rules(byFather)).toEqual([]);
    });
  });

  it('finds a place over 500 km from its parent place, not one nearby', () => {
    const sweden = { id: 's', parentId: null, lat: 62, lng: 15 };
    const mora = { id: 'm', parentId: 's', lat: 61.0, lng: 14.5 };
    // The sign of the longitude mistyped: the Atlantic.
    const wrong = { id: 'w', parentId: 's', lat: 61.0, lng: -14.5 };
    expect(found(data({ places: [sweden, mora, wrong] }))).toMatchObject([
      { rule: 'quality.placeFarFromParent', objectKind: 'place', objectId: 'w', relatedId: 's' },
    ]);
    expect(distanceKm({ lat: 59.33, lng: 18.07 }, { lat: 57.71, lng: 11.97 })).toBeCloseTo(397, -1);
  });

  it('finds persons of the same name, parents and birth year, not of another year or other parents', () => {
    const persons = [
      person('p'),
      person('a', { fName: 'Anna', lName: 'Ek' }),
      person('b', { fName: 'ANNA', lName: 'Ek' }),
      person('c', { fName: 'Anna', lName: 'Ek' }),
    ];
    const parentLinks = [
      { parentId: 'p', childId: 'a' },
      { parentId: 'p', childId: 'b' },
      { parentId: 'p', childId: 'c' },
    ];
    const events = [
      event('p', 'residence', '1850'),
      event('a', 'birth', '1870-02-01'),
      event('b', 'birth', '1870'),
      event('c', 'birth', '1871'),
    ];
    expect(found(data({ persons, parentLinks, events }))).toMatchObject([
      { rule: 'quality.duplicate', objectId: 'a', relatedId: 'b' },
    ]);
    expect(rules(data({ persons, parentLinks: parentLinks.slice(1), events }))).toEqual([]);
  });

  it('keys a sanity warning by its person and the event or child that makes it', () => {
    const input = data({
      persons: [person('a')],
      events: [
        { ...event('a', 'birth', '1850-03-12'), eventId: 'b' },
        { ...event('a', 'death', '1849'), eventId: 'd' },
      ],
    });
    expect(found(input)).toMatchObject([
      { rule: 'sanity.deathBeforeBirth', objectId: 'a', relatedKind: 'event', relatedId: 'd' },
    ]);
  });
});
