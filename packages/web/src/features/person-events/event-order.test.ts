import type { EventType, Participant, Event as TreeEvent } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { comparePersonEvents, groupPersonEvents, isBlankLifeEvent, shownParticipants } from './event-order.ts';

const me = 'person-me';
let counter = 0;

function participant(personId: string, role: string): Participant {
  return {
    id: personId,
    personId,
    role,
    fName: personId,
    pName: null,
    lName: null,
    gender: 'unknown',
    occupation: null,
    rootRelation: 'none',
    description: null,
    startDate: null,
    startDateType: 'exact',
    endDate: null,
    endDateType: 'exact',
  };
}

function event(type: EventType, fields: Partial<TreeEvent> = {}, role = 'primary'): TreeEvent {
  counter += 1;
  return {
    id: `event-${counter}`,
    treeId: 'tree',
    type,
    subtype: null,
    typeName: null,
    typeNameVerb: null,
    startDate: null,
    startDateType: 'exact',
    endDate: null,
    endDateType: 'exact',
    causeOfEvent: null,
    dateText: null,
    description: null,
    location: null,
    participants: [participant(me, role)],
    sources: [],
    notes: [],
    revision: 1,
    createdAt: `2024-01-01T00:00:${String(counter).padStart(2, '0')}.000Z`,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const place = { id: 'place', name: 'Sunne', text: 'Sunne, Värmland', coordinates: null };

function dated(type: EventType, startDate: string, role = 'primary', extra: Partial<TreeEvent> = {}): TreeEvent {
  return event(type, { startDate, endDate: startDate, ...extra }, role);
}

describe('the order of a person’s events', () => {
  it('goes by type group: birth, baptism, the others, death, burial', () => {
    const burial = dated('burial', '1920-03-01');
    const death = dated('death', '1920-02-20');
    const marriage = dated('marriage', '1875');
    const baptism = dated('baptism', '1850-03-20');
    const birth = dated('birth', '1850-03-12');
    const occupation = dated('occupation', '1870');
    const sorted = [burial, death, marriage, baptism, birth, occupation].sort(comparePersonEvents(me));
    expect(sorted.map((e) => e.type)).toEqual(['birth', 'baptism', 'occupation', 'marriage', 'death', 'burial']);
  });

  it('orders within a group by date, undated last, and a wider date before a narrower one', () => {
    const undated = event('occupation');
    const late = dated('marriage', '1890');
    const wide = dated('will', '1880');
    const narrow = dated('inventory', '1880-01-01');
    const about = event('engagement', {
      startDate: '1879',
      startDateType: 'about',
      endDate: '1879',
      endDateType: 'about',
    });
    const sorted = [undated, late, narrow, wide, about].sort(comparePersonEvents(me));
    expect(sorted).toEqual([about, wide, narrow, late, undated]);
  });

  it('orders events of the same group and date by the person’s role', () => {
    const asWitness = dated('baptism', '1880-05-01', 'witness');
    const asGodparent = dated('baptism', '1880-05-01', 'godparent');
    const asParent = dated('baptism', '1880-05-01', 'parent');
    const own = dated('baptism', '1880-05-01', 'primary');
    const asOwnText = dated('baptism', '1880-05-01', 'Klockare');
    const sorted = [asOwnText, asWitness, asGodparent, own, asParent].sort(comparePersonEvents(me));
    expect(sorted).toEqual([own, asWitness, asParent, asGodparent, asOwnText]);
  });
});

describe('dates kept as text', () => {
  it('sort among the dated events by their Gregorian days', () => {
    const julian = event('other', { dateText: '@#DJULIAN@ 25 DEC 1699' }); // 4 January 1700
    const gregorian = dated('other', '1700-01-01');
    const bce = event('other', { dateText: '44 B.C.' });
    const undated = event('other');
    const sorted = [undated, julian, gregorian, bce].sort(comparePersonEvents(me));
    expect(sorted).toEqual([bce, gregorian, julian, undated]);
  });
});

describe('blank birth and death forms', () => {
  it('are birth or death events without date, place or anything else written', () => {
    expect(isBlankLifeEvent(event('birth'))).toBe(true);
    expect(isBlankLifeEvent(event('death'))).toBe(true);
  });

  it('are not blank with a date, a place, a text or other participants', () => {
    expect(isBlankLifeEvent(dated('birth', '1850'))).toBe(false);
    expect(isBlankLifeEvent(event('birth', { location: place }))).toBe(false);
    expect(isBlankLifeEvent(event('death', { causeOfEvent: 'Lunginflammation' }))).toBe(false);
    expect(isBlankLifeEvent(event('death', { description: 'Drunknade' }))).toBe(false);
    // A date kept as the file wrote it (issue 20 item 4): a Julian birth is not a blank form.
    expect(isBlankLifeEvent(event('birth', { dateText: '@#DJULIAN@ 12 JUL 100 B.C.' }))).toBe(false);
    expect(
      isBlankLifeEvent(event('birth', { participants: [participant(me, 'primary'), participant('mother', 'parent')] })),
    ).toBe(false);
  });

  it('only concern births and deaths', () => {
    expect(isBlankLifeEvent(event('baptism'))).toBe(false);
    expect(isBlankLifeEvent(event('burial'))).toBe(false);
  });
});

describe('grouping a person’s events', () => {
  it('removes blank birth and death forms and puts residences apart, each list sorted', () => {
    const blankBirth = event('birth');
    const birth = dated('birth', '1850');
    const blankDeath = event('death');
    const laterHome = dated('residence', '1880', 'primary', { location: place });
    const firstHome = dated('residence', '1850', 'primary', { location: place });
    const marriage = dated('marriage', '1875');
    const groups = groupPersonEvents([laterHome, blankBirth, marriage, firstHome, blankDeath, birth], me);
    expect(groups.events).toEqual([birth, marriage]);
    expect(groups.residences).toEqual([firstHome, laterHome]);
  });
});

describe('the participants shown with an event', () => {
  it('are the primary ones for most types: the partner of a marriage, the child of a baptism', () => {
    const marriage = event('marriage', {
      participants: [participant(me, 'primary'), participant('witness', 'witness'), participant('wife', 'primary')],
    });
    expect(shownParticipants(marriage, me).map((p) => p.personId)).toEqual(['wife']);

    const baptism = event('baptism', {
      participants: [participant('child', 'primary'), participant(me, 'godparent'), participant('other', 'godparent')],
    });
    expect(shownParticipants(baptism, me).map((p) => p.personId)).toEqual(['child']);
  });

  it('are everyone else for the types that show all participants, in role order', () => {
    const residence = event('residence', {
      participants: [participant('maid', 'servantfemale'), participant(me, 'primary'), participant('son', 'child')],
    });
    expect(shownParticipants(residence, me).map((p) => p.personId)).toEqual(['son', 'maid']);
  });
});
