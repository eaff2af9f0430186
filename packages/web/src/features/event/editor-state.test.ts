import type { Event } from '@anor/core';
import { describe, expect, it } from 'vitest';
import {
  allowsDateRange,
  causeLabelOf,
  changeType,
  copyOfEvent,
  createInputOfDraft,
  draftErrors,
  draftOfEvent,
  type EventDraft,
  fieldOfPath,
  inputOfDraft,
  isDraftChanged,
  newEventDraft,
  participantRoleError,
  placeChoiceOf,
  restrictedTypes,
  roleOptions,
  serverErrors,
  sortedParticipants,
  suggestSourcesFor,
  withoutParticipant,
  withParticipant,
} from './editor-state.ts';

const anna = '01900000-0000-7000-8000-00000000000a';
const erik = '01900000-0000-7000-8000-00000000000e';
const maria = '01900000-0000-7000-8000-00000000000f';
const place = '01900000-0000-7000-8000-000000000010';
const citationA = '01900000-0000-7000-8000-000000000a01';
const citationB = '01900000-0000-7000-8000-000000000a02';
const citationC = '01900000-0000-7000-8000-000000000a03';
const dopbok = { id: '01900000-0000-7000-8000-000000000b01', title: 'Födelse- och dopbok' };

function person(id: string, fName: string, role: string): Event['participants'][number] {
  return {
    id,
    personId: id,
    fName,
    pName: null,
    lName: 'Andersson',
    gender: 'unknown',
    occupation: null,
    rootRelation: 'none',
    role,
    description: null,
    startDate: null,
    startDateType: 'exact',
    endDate: null,
    endDateType: 'exact',
  };
}

const baptism: Event = {
  id: '01900000-0000-7000-8000-000000000100',
  treeId: '01900000-0000-7000-8000-000000000000',
  type: 'baptism',
  subtype: 'christening',
  typeName: null,
  typeNameVerb: null,
  startDate: '1850-03-12',
  startDateType: 'exact',
  endDate: '1850-03-12',
  endDateType: 'exact',
  causeOfEvent: null,
  dateText: null,
  description: 'In the parish church.',
  location: { id: place, name: 'Sunne', text: 'Sunne, Värmland', coordinates: null },
  participants: [person(maria, 'Maria', 'godparent'), person(anna, 'Anna', 'primary'), person(erik, 'Erik', 'parent')],
  sources: [
    { id: citationA, whereWithinSourceText: 'Sida 12', whereWithinSourceURL: null, record: dopbok },
    { id: citationB, whereWithinSourceText: 'Sida 13', whereWithinSourceURL: null, record: dopbok },
  ],
  notes: [],
  revision: 3,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

describe('draftOfEvent and inputOfDraft', () => {
  it('sends a saved event back as it was: the place by id, dates, roles and texts', () => {
    const input = inputOfDraft(draftOfEvent(baptism));
    expect(input.sourceIds).toEqual([citationA, citationB]);
    expect(input).toMatchObject({
      type: 'baptism',
      subtype: 'christening',
      typeName: null,
      typeNameVerb: null,
      startDate: '1850-03-12',
      startDateType: 'exact',
      endDate: null,
      causeOfEvent: null,
      description: 'In the parish church.',
      locationId: place,
      location: null,
    });
    expect(input.participants.map((p) => [p.isNew ? null : p.personId, p.role])).toEqual([
      [maria, 'godparent'],
      [anna, 'primary'],
      [erik, 'parent'],
    ]);
  });

  it('sends typed place text, trims blanks to null and maps typed role names to role keys', () => {
    const draft: EventDraft = {
      ...newEventDraft('birth', { participants: [{ personId: anna, role: 'Huvudperson' }] }),
      date: { startDate: '1850', startDateType: 'about', endDate: '', endDateType: 'exact' },
      causeOfEvent: '   ',
      location: { kind: 'text', text: '  Rud, Sunne, Värmland ' },
    };
    draft.participants.push({
      personId: erik,
      person: null,
      role: 'Fadder',
      description: ' ',
      date: { startDate: '', startDateType: 'exact', endDate: '', endDateType: 'exact' },
    });
    const input = inputOfDraft(draft);
    expect(input).toMatchObject({
      startDate: '1850',
      startDateType: 'about',
      causeOfEvent: null,
      locationId: null,
      location: 'Rud, Sunne, Värmland',
    });
    expect(input.participants).toEqual([
      expect.objectContaining({ personId: anna, role: 'primary', description: null }),
      expect.objectContaining({ personId: erik, role: 'godparent', description: null }),
    ]);
  });

  it('sends the own name and verb only for "other" events', () => {
    const other = { ...newEventDraft('other'), typeName: 'Journey', typeNameVerb: 'travelled' };
    expect(inputOfDraft(other)).toMatchObject({ typeName: 'Journey', typeNameVerb: 'travelled' });
    expect(inputOfDraft(changeType(other, 'birth'))).toMatchObject({ typeName: null, typeNameVerb: null });
  });

  it('sends participants’ own dates only for occupation-like types', () => {
    const draft = newEventDraft('occupation', { participants: [{ personId: anna, role: 'primary' }] });
    draft.participants[0] = {
      ...(draft.participants[0] as EventDraft['participants'][number]),
      date: { startDate: '1870', startDateType: 'exact', endDate: '1880', endDateType: 'about' },
    };
    expect(inputOfDraft(draft).participants[0]).toMatchObject({ startDate: '1870', endDate: '1880' });
    expect(inputOfDraft(changeType(draft, 'birth')).participants[0]).toMatchObject({
      startDate: null,
      endDate: null,
    });
  });
});

describe('newEventDraft and copyOfEvent', () => {
  it('puts the person it is opened from first, keeps the first role of a person named twice', () => {
    const draft = newEventDraft('baptism', {
      participants: [
        { personId: anna, role: 'primary' },
        { personId: erik, role: 'parent' },
        { personId: anna, role: 'godparent' },
      ],
      location: placeChoiceOf({ id: place, name: 'Sunne', ancestors: [{ name: 'Sverige' }, { name: 'Värmland' }] }),
    });
    expect(draft.participants.map((p) => [p.personId, p.role])).toEqual([
      [anna, 'primary'],
      [erik, 'parent'],
    ]);
    expect(draft.location).toEqual({ kind: 'place', id: place, name: 'Sunne', text: 'Sunne, Värmland, Sverige' });
  });

  it('copies everything of the saved event into a new draft', () => {
    expect(inputOfDraft(copyOfEvent(baptism))).toEqual(inputOfDraft(draftOfEvent(baptism)));
  });
});

describe('isDraftChanged', () => {
  const initial = draftOfEvent(baptism);

  it('is false for the same meaning written differently', () => {
    expect(isDraftChanged(initial, { ...initial })).toBe(false);
    // An end equal to the start is the same as no end (SPEC §4).
    expect(
      isDraftChanged(initial, { ...initial, date: { ...initial.date, endDate: '1850-03-12', endDateType: 'exact' } }),
    ).toBe(false);
    expect(isDraftChanged(initial, { ...initial, description: 'In the parish church.', causeOfEvent: '  ' })).toBe(
      false,
    );
    expect(isDraftChanged(initial, { ...initial, participants: [...initial.participants].reverse() })).toBe(false);
  });

  it('is true for a changed field, place, role or participant list', () => {
    expect(isDraftChanged(initial, { ...initial, description: 'Home baptism.' })).toBe(true);
    expect(isDraftChanged(initial, { ...initial, date: { ...initial.date, startDateType: 'about' } })).toBe(true);
    expect(isDraftChanged(initial, { ...initial, location: { kind: 'text', text: 'Sunne, Värmland' } })).toBe(true);
    const roleChanged = initial.participants.map((p) => (p.personId === erik ? { ...p, role: 'witness' } : p));
    expect(isDraftChanged(initial, { ...initial, participants: roleChanged })).toBe(true);
    expect(isDraftChanged(initial, withoutParticipant(initial, maria))).toBe(true);
  });

  it('sees sources added and deleted, not their order (SPEC §3 change comparison)', () => {
    const [first, second] = initial.sources;
    if (!first || !second) throw new Error('fixture');
    expect(isDraftChanged(initial, { ...initial, sources: [second, first] })).toBe(false);
    expect(isDraftChanged(initial, { ...initial, sources: [first] })).toBe(true);
    const added = { id: citationC, whereWithinSourceText: 'Sida 1', whereWithinSourceURL: null, record: null };
    expect(isDraftChanged(initial, { ...initial, sources: [...initial.sources, added] })).toBe(true);
  });

  it('a new draft with only its presets is unchanged', () => {
    const preset = newEventDraft('birth', { participants: [{ personId: anna, role: 'primary' }] });
    expect(
      isDraftChanged(preset, newEventDraft('birth', { participants: [{ personId: anna, role: 'primary' }] })),
    ).toBe(false);
  });
});

describe('suggestSourcesFor', () => {
  it('asks for the main person, the dates and the place, leaving the event itself out', () => {
    expect(suggestSourcesFor(draftOfEvent(baptism), baptism.id)).toEqual({
      type: 'baptism',
      personIds: [anna],
      startDate: '1850-03-12',
      startDateType: 'exact',
      endDate: null,
      endDateType: 'exact',
      locationId: place,
      exceptEventId: baptism.id,
    });
  });

  it('asks for every resident of a residence, and for no place while one is only typed', () => {
    const draft: EventDraft = {
      ...newEventDraft('residence', {
        participants: [
          { personId: anna, role: 'wife' },
          { personId: erik, role: 'husband' },
        ],
      }),
      location: { kind: 'text', text: 'Rud, Sunne' },
    };
    expect(suggestSourcesFor(draft, null)).toMatchObject({
      type: 'residence',
      personIds: [anna, erik],
      locationId: null,
      exceptEventId: null,
    });
  });
});

describe('draftErrors', () => {
  it('has nothing to say about a valid event', () => {
    expect(draftErrors(draftOfEvent(baptism))).toEqual({});
  });

  it('names the field of each rule of SPEC §5', () => {
    expect(draftErrors(newEventDraft('birth'))).toEqual({ participants: 'events.validation.noParticipants' });
    expect(draftErrors(newEventDraft('birth', { participants: [{ personId: anna, role: 'parent' }] }))).toEqual({
      participants: 'events.validation.noPrimaryRole',
    });
    const marriage = newEventDraft('marriage', { participants: [{ personId: anna, role: 'primary' }] });
    expect(draftErrors(marriage)).toEqual({ participants: 'events.validation.couplePrimaries' });
    const occupation = newEventDraft('occupation', { participants: [{ personId: anna, role: 'primary' }] });
    expect(draftErrors(occupation)).toEqual({ causeOfEvent: 'events.validation.noOccupation' });
    const residence = newEventDraft('residence', { participants: [{ personId: anna, role: 'primary' }] });
    expect(draftErrors(residence)).toEqual({ startDate: 'events.validation.dateAndLocation' });
  });

  it('puts an extra main person’s error on that participant', () => {
    const draft = newEventDraft('birth', {
      participants: [
        { personId: anna, role: 'primary' },
        { personId: erik, role: 'primary' },
      ],
    });
    expect(draftErrors(draft)).toEqual({ [`participant:${erik}`]: 'events.validation.roleNotAvailable' });
  });

  it('shows date problems under the date and still checks the participants', () => {
    const draft = {
      ...newEventDraft('birth'),
      date: { startDate: '1851', startDateType: 'exact', endDate: '1850', endDateType: 'exact' },
    } satisfies EventDraft;
    expect(draftErrors(draft)).toMatchObject({
      startDate: 'events.validation.startAfterEnd',
      participants: 'events.validation.noParticipants',
    });
    const invalid = { ...draft, date: { ...draft.date, startDate: '1850-13', endDate: '' } };
    expect(draftErrors(invalid)).toMatchObject({ startDate: 'events.validation.invalidDate' });
  });

  it('needs a date and a place for a copy', () => {
    const copy = { ...copyOfEvent(baptism), date: { ...copyOfEvent(baptism).date, startDate: '' } };
    expect(draftErrors(copy, { isCopy: true })).toEqual({ startDate: 'events.validation.dateRequired' });
    expect(draftErrors({ ...copyOfEvent(baptism), location: { kind: 'text', text: '' } }, { isCopy: true })).toEqual({
      location: 'events.validation.locationRequired',
    });
  });
});

describe('fieldOfPath and serverErrors', () => {
  const draft = draftOfEvent(baptism);

  it('maps request paths to the editor’s fields', () => {
    expect(fieldOfPath(['body', 'newEvent', 'startDate'], draft)).toBe('startDate');
    expect(fieldOfPath(['participants', 1, 'role'], draft)).toBe(`participant:${anna}`);
    expect(fieldOfPath(['participants'], draft)).toBe('participants');
    expect(fieldOfPath(['locationId'], draft)).toBe('location');
    expect(fieldOfPath(['somethingElse'], draft)).toBe('form');
  });

  it('reads schema issues, a rule’s path and the persons of a second birth', () => {
    expect(
      serverErrors(
        {
          code: 'events.validation.causeTooLong',
          details: { issues: [] },
          fieldIssues: [{ path: ['body', 'causeOfEvent'], code: 'events.validation.causeTooLong' }],
        },
        draft,
      ),
    ).toEqual({ causeOfEvent: 'events.validation.causeTooLong' });
    expect(
      serverErrors(
        { code: 'events.validation.noPrimaryRole', details: { path: ['participants'] }, fieldIssues: [] },
        draft,
      ),
    ).toEqual({ participants: 'events.validation.noPrimaryRole' });
    expect(
      serverErrors(
        { code: 'events.validation.alreadyHasEvent', details: { personIds: [anna], type: 'birth' }, fieldIssues: [] },
        draft,
      ),
    ).toEqual({ [`participant:${anna}`]: 'events.validation.alreadyHasEvent' });
    expect(serverErrors({ code: 'common.error.generic', details: undefined, fieldIssues: [] }, draft)).toEqual({
      form: 'common.error.generic',
    });
  });
});

describe('roles', () => {
  it('offers the main person only while a main-person place is free, then the type’s roles', () => {
    expect(roleOptions('baptism', [], null)).toEqual(['primary', 'parent', 'witness', 'godparent', 'officiator']);
    const withChild = [{ personId: anna, role: 'primary' }];
    expect(roleOptions('baptism', withChild, null)).toEqual(['parent', 'witness', 'godparent', 'officiator']);
    // Editing the main person keeps "main person" on offer for them.
    expect(roleOptions('baptism', withChild, anna)[0]).toBe('primary');
    const couple = [
      { personId: anna, role: 'primary' },
      { personId: erik, role: 'primary' },
    ];
    expect(roleOptions('marriage', couple.slice(0, 1), null)[0]).toBe('primary');
    expect(roleOptions('marriage', couple, null)).not.toContain('primary');
  });

  it('checks a typed role: required, not too long, main person only when free', () => {
    const withChild = [{ personId: anna, role: 'primary' }];
    expect(participantRoleError('baptism', withChild, erik, '  ')).toBe('events.validation.roleRequired');
    expect(participantRoleError('baptism', withChild, erik, 'x'.repeat(51))).toBe('events.validation.roleTooLong');
    expect(participantRoleError('baptism', withChild, erik, 'Huvudperson')).toBe('events.validation.roleNotAvailable');
    expect(participantRoleError('baptism', withChild, anna, 'Main person')).toBeNull();
    expect(participantRoleError('baptism', withChild, erik, 'Fadder')).toBeNull();
    expect(participantRoleError('baptism', withChild, erik, 'Klockare')).toBeNull();
  });

  it('lists main persons first, then by the role order, else as added', () => {
    const sorted = sortedParticipants([
      { role: 'godparent', name: 'a' },
      { role: 'my own role', name: 'b' },
      { role: 'primary', name: 'c' },
      { role: 'parent', name: 'd' },
      { role: 'godparent', name: 'e' },
    ]);
    expect(sorted.map((p) => p.name)).toEqual(['c', 'd', 'a', 'e', 'b']);
  });

  it('adds a participant or replaces the one with the same person', () => {
    const draft = newEventDraft('baptism', { participants: [{ personId: anna, role: 'primary' }] });
    const godparent = {
      ...(draft.participants[0] as EventDraft['participants'][number]),
      personId: erik,
      role: 'godparent',
    };
    const added = withParticipant(draft, godparent);
    expect(added.participants.map((p) => p.personId)).toEqual([anna, erik]);
    const replaced = withParticipant(added, { ...godparent, role: 'witness' });
    expect(replaced.participants.map((p) => p.role)).toEqual(['primary', 'witness']);
  });
});

describe('type picker and fields', () => {
  it('greys out birth and death when the person already has them', () => {
    expect([...restrictedTypes(null)]).toEqual([]);
    expect([...restrictedTypes({ birth: { eventId: 'x' }, death: null })]).toEqual(['birth']);
    expect([...restrictedTypes({ birth: { eventId: 'x' }, death: { eventId: 'y' } })]).toEqual(['birth', 'death']);
  });

  it('changing the type drops a subtype the new type does not have', () => {
    const draft = draftOfEvent(baptism);
    expect(changeType(draft, 'burial').subtype).toBe('');
    expect(changeType(draft, 'baptism').subtype).toBe('christening');
  });

  it('labels the cause field and allows ranges where SPEC §2 says', () => {
    expect(causeLabelOf('occupation')).toBe('occupation');
    expect(causeLabelOf('death')).toBe('death');
    expect(causeLabelOf('birth')).toBe('default');
    expect(allowsDateRange('residence')).toBe(true);
    expect(allowsDateRange('birth')).toBe(false);
  });
});

describe('createInputOfDraft', () => {
  const draft = newEventDraft('baptism', { participants: [{ personId: anna, role: 'primary' }] });

  it('is the form as it is when no notes were written', () => {
    expect(createInputOfDraft(draft, [])).toEqual(inputOfDraft(draft));
  });

  it('sends the notes written before saving as newNotes, without their tempIds (SPEC §4)', () => {
    const input = createInputOfDraft(draft, [
      { tempId: 'temp-note-1', title: 'Dopvittnen', text: '<p>Enligt <strong>dopboken</strong></p>' },
      { tempId: 'temp-note-2', title: null, text: '<p>Nöddop</p>' },
    ]);
    expect(input.newNotes).toEqual([
      { title: 'Dopvittnen', text: '<p>Enligt <strong>dopboken</strong></p>' },
      { title: null, text: '<p>Nöddop</p>' },
    ]);
    const { newNotes: _notes, ...rest } = input;
    expect(rest).toEqual(inputOfDraft(draft));
  });
});
