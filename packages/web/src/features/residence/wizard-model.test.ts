import type { LifeEventSummary, PersonSummary, Event as TreeEvent } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { emptyEventDateValue } from '../../lib/date-input/date-input-model.ts';
import {
  candidateFromFamily,
  candidateFromSearch,
  detailsChanged,
  type ResidenceCandidate,
  type ResidenceWhenWhere,
  residenceInput,
  sharedResidenceEvents,
  stageZeroErrors,
  withChosen,
} from './wizard-model.ts';

function person(id: string): PersonSummary {
  return { id, fName: id, pName: null, lName: null, gender: 'unknown', occupation: null, rootRelation: 'none' };
}

function life(startDate: string): LifeEventSummary {
  return { eventId: 'e', startDate, startDateType: 'exact', endDate: startDate, endDateType: 'exact', place: null };
}

const sunne = { kind: 'place', id: 'sunne', name: 'Sunne', text: 'Sunne, Värmland' } as const;
const range: ResidenceWhenWhere = {
  date: { startDate: '1880', startDateType: 'exact', endDate: '1890', endDateType: 'exact' },
  place: sunne,
};

function residence(locationId: string, startDate: string, endDate: string): TreeEvent {
  return {
    id: `${locationId}-${startDate}`,
    treeId: 't',
    type: 'residence',
    subtype: null,
    typeName: null,
    typeNameVerb: null,
    startDate,
    startDateType: 'exact',
    endDate,
    endDateType: 'exact',
    causeOfEvent: null,
    dateText: null,
    description: null,
    location: { id: locationId, name: locationId, text: locationId, coordinates: null },
    participants: [],
    sources: [],
    notes: [],
    revision: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

describe('stage 0 of the residence wizard', () => {
  it('refuses going on without a date, and without a place, each with its own message', () => {
    expect(stageZeroErrors({ date: emptyEventDateValue, place: { kind: 'text', text: '  ' } })).toEqual({
      startDate: 'events.validation.dateRequired',
      location: 'events.validation.locationRequired',
    });
    expect(stageZeroErrors({ date: range.date, place: { kind: 'text', text: '' } })).toEqual({
      location: 'events.validation.locationRequired',
    });
    expect(stageZeroErrors({ date: emptyEventDateValue, place: sunne })).toEqual({
      startDate: 'events.validation.dateRequired',
    });
  });

  it('refuses an invalid date and a start after the end', () => {
    expect(stageZeroErrors({ ...range, date: { ...range.date, startDate: '1850-02-30' } }).startDate).toBe(
      'events.validation.invalidDate',
    );
    expect(stageZeroErrors({ ...range, date: { ...range.date, startDate: '1895' } })).toEqual({
      startDate: 'events.validation.startAfterEnd',
      endDate: 'events.validation.endBeforeStart',
    });
  });

  it('accepts a date and a chosen or typed place', () => {
    expect(stageZeroErrors(range)).toEqual({});
    expect(stageZeroErrors({ ...range, place: { kind: 'text', text: 'Rud, Sunne' } })).toEqual({});
  });

  it('saves a residence of the person with their role, at the chosen or typed place', () => {
    expect(residenceInput(range, 'me', 'primary')).toEqual({
      type: 'residence',
      startDate: '1880',
      startDateType: 'exact',
      endDate: '1890',
      endDateType: 'exact',
      description: null,
      locationId: 'sunne',
      participants: [{ personId: 'me', role: 'primary' }],
    });
    const typed = residenceInput(
      {
        date: { ...emptyEventDateValue, startDate: '1880', startDateType: 'about' },
        place: { kind: 'text', text: ' Rud ' },
      },
      'me',
      'husband',
    );
    expect(typed).toMatchObject({ location: 'Rud', endDate: null, endDateType: 'about' });
    expect(typed.participants).toEqual([{ personId: 'me', role: 'husband' }]);
  });
});

describe('candidates of stage 2', () => {
  const planned = {
    startDate: '1880',
    startDateType: 'exact',
    endDate: '1890',
    endDateType: 'exact',
    locationId: 'sunne',
  };

  it('takes the family as the server judged it', () => {
    const candidate = candidateFromFamily({
      ...person('wife'),
      relation: 'partner',
      available: true,
      reason: null,
      startDate: '1880',
      startDateType: 'exact',
      endDate: '1885-06-01',
      endDateType: 'exact',
    });
    expect(candidate.person).toEqual(person('wife'));
    expect(candidate.relation).toBe('partner');
    expect(candidate.dates.endDate).toBe('1885-06-01');
  });

  it('clamps a searched person’s dates to their life', () => {
    const candidate = candidateFromSearch(
      person('maid'),
      planned,
      { birth: life('1870-04-01'), death: life('1885-06-01') },
      [],
    );
    expect(candidate).toMatchObject({ available: true, reason: null, relation: null });
    expect(candidate.dates).toEqual({
      startDate: '1880',
      startDateType: 'exact',
      endDate: '1885-06-01',
      endDateType: 'exact',
    });
    const child = candidateFromSearch(person('child'), planned, { birth: life('1884-02-03'), death: null }, []);
    expect(child.dates.startDate).toBe('1884-02-03');
    expect(child.dates.endDate).toBe('1890');
  });

  it('finds a searched person unavailable when not born, dead, or already living there then', () => {
    expect(candidateFromSearch(person('late'), planned, { birth: life('1895'), death: null }, []).reason).toBe(
      'notBorn',
    );
    expect(candidateFromSearch(person('early'), planned, { birth: life('1800'), death: life('1870') }, []).reason).toBe(
      'dead',
    );
    expect(
      candidateFromSearch(person('there'), planned, { birth: null, death: null }, [residence('sunne', '1885', '1886')])
        .reason,
    ).toBe('similarEvent');
    // Elsewhere, or at another time, is no obstacle.
    expect(
      candidateFromSearch(person('moved'), planned, { birth: null, death: null }, [
        residence('arvika', '1885', '1886'),
        residence('sunne', '1850', '1860'),
      ]).available,
    ).toBe(true);
  });

  it('marks a candidate already chosen another way', () => {
    const candidate = candidateFromSearch(person('x'), planned, { birth: null, death: null }, []);
    expect(withChosen(candidate, new Set(['x']))).toMatchObject({ available: false, reason: 'alreadyAdded' });
    expect(withChosen(candidate, new Set())).toBe(candidate);
  });
});

describe('sharing the residence', () => {
  const available = (id: string, startDate: string, endDate: string): ResidenceCandidate => ({
    person: person(id),
    relation: 'child',
    available: true,
    reason: null,
    dates: { startDate, startDateType: 'exact', endDate, endDateType: 'exact' },
  });

  it('builds one residence per chosen person, with their clamped dates, the same place and their role', () => {
    const body = sharedResidenceEvents(
      [
        { candidate: available('wife', '1880', '1890'), role: 'wife' },
        { candidate: available('son', '1884-02-03', '1890'), role: 'primary' },
        { candidate: available('maid', '1880', '1885-06-01'), role: '' },
      ],
      'sunne',
    );
    expect(body.events).toEqual([
      {
        type: 'residence',
        startDate: '1880',
        startDateType: 'exact',
        endDate: '1890',
        endDateType: 'exact',
        locationId: 'sunne',
        participants: [{ personId: 'wife', role: 'wife' }],
      },
      {
        type: 'residence',
        startDate: '1884-02-03',
        startDateType: 'exact',
        endDate: '1890',
        endDateType: 'exact',
        locationId: 'sunne',
        participants: [{ personId: 'son', role: 'primary' }],
      },
      {
        type: 'residence',
        startDate: '1880',
        startDateType: 'exact',
        endDate: '1885-06-01',
        endDateType: 'exact',
        locationId: 'sunne',
        participants: [{ personId: 'maid', role: 'primary' }],
      },
    ]);
  });

  it('skips unavailable candidates and persons chosen twice', () => {
    const gone: ResidenceCandidate = { ...available('gone', '1880', '1890'), available: false, reason: 'dead' };
    const body = sharedResidenceEvents(
      [
        { candidate: gone, role: 'primary' },
        { candidate: available('son', '1880', '1890'), role: 'child' },
        { candidate: available('son', '1880', '1890'), role: 'primary' },
      ],
      'sunne',
    );
    expect(body.events.map((event) => event.participants[0])).toEqual([{ personId: 'son', role: 'child' }]);
  });
});

describe('the details stage', () => {
  const saved = {
    description: null,
    sources: [{ id: 'c1', whereWithinSourceText: 's. 1', whereWithinSourceURL: null, record: null }],
  } as unknown as Parameters<typeof detailsChanged>[0];

  it('counts a new description or changed citations as a change, and nothing else', () => {
    expect(detailsChanged(saved, '', ['c1'])).toBe(false);
    expect(detailsChanged(saved, '  ', ['c1'])).toBe(false);
    expect(detailsChanged(saved, 'Torpare', ['c1'])).toBe(true);
    expect(detailsChanged(saved, '', [])).toBe(true);
    expect(detailsChanged(saved, '', ['c1', 'c2'])).toBe(true);
  });
});
