import type { Event, EventChanges } from '@anor/core';
import type { KnownParticipantValues } from './event.new-persons.ts';
import type * as events from './event.repository.ts';
import type { EventValues } from './event.service.ts';

/*
 * What an update changed (SPEC §3 change comparison), and a stored event as input again: the
 * event service's pure helpers.
 */

/** The change comparison of SPEC §3 between the stored event before and after an update. */
export function compare(before: Event, after: Event, placeCreated: boolean): EventChanges {
  const fields = (
    [
      'type',
      'subtype',
      'typeName',
      'typeNameVerb',
      'startDate',
      'startDateType',
      'endDate',
      'endDateType',
      'causeOfEvent',
      'description',
    ] as const
  ).filter((field) => before[field] !== after[field]);
  const beforeIds = new Map(before.participants.map((p) => [p.personId, p]));
  const afterIds = new Map(after.participants.map((p) => [p.personId, p]));
  const location: EventChanges['location'] =
    before.location?.id === after.location?.id
      ? 'same'
      : after.location === null
        ? 'deleted'
        : placeCreated
          ? 'updated'
          : 'changed';
  const sourcesBefore = before.sources.map((c) => c.id);
  const sourcesAfter = after.sources.map((c) => c.id);
  const notesBefore = new Map(before.notes.map((n) => [n.id, n]));
  const notesAfter = new Map(after.notes.map((n) => [n.id, n]));
  return {
    fields,
    notes: {
      added: [...notesAfter.keys()].filter((id) => !notesBefore.has(id)),
      deleted: [...notesBefore.keys()].filter((id) => !notesAfter.has(id)),
      changed: [...notesAfter.values()]
        .filter((n) => {
          const old = notesBefore.get(n.id);
          return old !== undefined && (old.title !== n.title || old.text !== n.text);
        })
        .map((n) => n.id),
    },
    sources: {
      added: sourcesAfter.filter((id) => !sourcesBefore.includes(id)),
      deleted: sourcesBefore.filter((id) => !sourcesAfter.includes(id)),
    },
    location,
    participants: {
      added: [...afterIds.keys()].filter((id) => !beforeIds.has(id)),
      removed: [...beforeIds.keys()].filter((id) => !afterIds.has(id)),
      changed: [...afterIds.entries()]
        .filter(([id, p]) => {
          const old = beforeIds.get(id);
          return (
            old !== undefined &&
            (old.role !== p.role ||
              old.description !== p.description ||
              old.startDate !== p.startDate ||
              old.startDateType !== p.startDateType ||
              old.endDate !== p.endDate ||
              old.endDateType !== p.endDateType)
          );
        })
        .map(([id]) => id),
    },
  };
}

const participantFields = [
  'personId',
  'role',
  'description',
  'startDate',
  'startDateType',
  'endDate',
  'endDateType',
] as const;

/** Whether two participant lists say the same, in the same order. */
export function sameParticipants(
  a: readonly events.ParticipantWrite[],
  b: readonly events.ParticipantWrite[],
): boolean {
  return a.length === b.length && a.every((p, i) => participantFields.every((field) => p[field] === b[i]?.[field]));
}

export function participantInput(p: Event['participants'][number]): KnownParticipantValues {
  return {
    personId: p.personId,
    role: p.role,
    description: p.description,
    startDate: p.startDate,
    startDateType: p.startDateType,
    endDate: p.endDate,
    endDateType: p.endDateType,
  };
}

/** A stored event as input again (for rewriting its participants). */
export function inputOf(e: Event): EventValues {
  return {
    type: e.type,
    subtype: e.subtype,
    typeName: e.typeName,
    typeNameVerb: e.typeNameVerb,
    startDate: e.startDate,
    startDateType: e.startDateType,
    endDate: e.endDate,
    endDateType: e.endDateType,
    causeOfEvent: e.causeOfEvent,
    description: e.description,
    locationId: e.location?.id ?? null,
    location: null,
    participants: e.participants.map(participantInput),
    sourceIds: e.sources.map((c) => c.id),
    newNotes: [],
  };
}
