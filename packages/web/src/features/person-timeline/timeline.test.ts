import type { Event, Person, PersonSummary } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline.ts';

function summary(id: string, overrides: Partial<PersonSummary> = {}): PersonSummary {
  return {
    id,
    fName: id,
    pName: null,
    lName: null,
    gender: 'unknown',
    occupation: null,
    rootRelation: 'none',
    ...overrides,
  };
}

function event(id: string, type: Event['type'], startDate: string | null): Event {
  return {
    id,
    treeId: 't',
    type,
    subtype: null,
    typeName: null,
    typeNameVerb: null,
    startDate,
    startDateType: 'exact',
    endDate: null,
    endDateType: 'exact',
    dateText: null,
    causeOfEvent: null,
    description: null,
    location: null,
    participants: [],
    sources: [],
    notes: [],
    revision: 1,
    createdAt: '',
    updatedAt: '',
  };
}

const birth = event('b', 'birth', '1850-03-12');

function person(overrides: Partial<Person> = {}): Person {
  return {
    ...summary('p'),
    treeId: 't',
    description: null,
    revision: 1,
    isRoot: false,
    rootId: null,
    parentIds: [],
    childIds: [],
    partnerIds: [],
    siblingIds: [],
    parents: [],
    children: [],
    partners: [],
    siblings: [],
    birth: {
      eventId: 'b',
      startDate: '1850-03-12',
      startDateType: 'exact',
      endDate: null,
      endDateType: 'exact',
      place: null,
    },
    death: null,
    names: [],
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}

describe('buildTimeline', () => {
  it('puts own events and the family’s in date order with the age at each, marked as whose', () => {
    const timeline = buildTimeline(
      person({
        parents: [summary('father', { died: { year: 1880, type: 'exact' } })],
        children: [{ ...summary('son', { born: { year: 1876, type: 'about' } }), otherParentId: null }],
        siblings: [{ ...summary('sister', { born: { year: 1852, type: 'exact' } }), kind: 'full' }],
        partners: [summary('wife', { died: { year: 1901, type: 'exact' } })],
      }),
      [event('m', 'marriage', '1875-06-01'), birth, event('undated', 'occupation', null)],
    );
    expect(timeline.map((entry) => [entry.key, entry.whose])).toEqual([
      ['event:b', 'self'],
      ['sibling:birth:sister', 'sibling'],
      ['event:m', 'self'],
      ['child:birth:son', 'child'],
      ['parent:death:father', 'parent'],
      ['partner:death:wife', 'partner'],
    ]);
    expect(timeline[0]?.age).toBeNull();
    expect(timeline[2]?.age).toEqual({ kind: 'exact', years: 25 });
    // A year alone gives an age range; the child's "about" year an uncertain one.
    expect(timeline[4]?.age?.years).toBe(29);
    expect(timeline[3]?.age?.kind).not.toBe('exact');
  });

  it('leaves out private relatives and private events (a visitor’s view of the living)', () => {
    const timeline = buildTimeline(
      person({
        children: [
          { ...summary('living', { private: true, born: { year: 1990, type: 'exact' } }), otherParentId: null },
        ],
      }),
      [birth, { ...event('hidden', 'residence', '1990-01-01'), private: true }],
    );
    expect(timeline.map((entry) => entry.key)).toEqual(['event:b']);
  });

  it('has no ages without a birth date', () => {
    const timeline = buildTimeline(person({ birth: null }), [event('m', 'marriage', '1875-06-01')]);
    expect(timeline[0]?.age).toBeNull();
  });
});
