/**
 * The residence wizard (SPEC §2, §4, §5) as data, so that its rules are tested without a browser:
 * what stage 0 refuses, the event it saves, the candidates of stage 2 and the one bulk call that
 * shares the residence with them.
 */
import {
  allowedRoles,
  clampEventDate,
  type DateType,
  type EventDate,
  type EventDateInput,
  type EventInput,
  eventDateRange,
  eventDatesOverlap,
  type LifeEventSummary,
  type PersonSummary,
  resolveEventDate,
  type Event as TreeEvent,
} from '@anor/core';
import { type EventDateValue, eventDateValueErrors } from '../../lib/date-input/date-input-model.ts';
import type { LocationChoice } from '../location/LocationPicker.tsx';

/** The roles a person can have in their residence: the main person (the default) or one of the residence roles. */
export const residenceRoles: readonly string[] = ['primary', ...allowedRoles.residence];

/** Stage 0: when and where. */
export interface ResidenceWhenWhere {
  date: EventDateValue;
  place: LocationChoice;
}

export type StageZeroField = 'startDate' | 'endDate' | 'location';

/**
 * What keeps stage 0 from going on, as catalogue codes per field (SPEC §5): the date and the
 * place are both required and reported separately (dateRequired, locationRequired), and the date
 * must be valid with its start not after its end.
 */
export function stageZeroErrors(value: ResidenceWhenWhere): Partial<Record<StageZeroField, string>> {
  const errors: Partial<Record<StageZeroField, string>> = { ...eventDateValueErrors(value.date) };
  if (value.date.startDate.trim() === '') errors.startDate = 'events.validation.dateRequired';
  if (value.place.text.trim() === '') errors.location = 'events.validation.locationRequired';
  return errors;
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The place of an event body: a chosen place by id, or the typed text ("Rud, Sunne, Värmland"). */
export function placeOf(place: LocationChoice): Pick<EventInput, 'locationId' | 'location'> {
  return place.kind === 'place' ? { locationId: place.id } : { location: place.text.trim() };
}

/** The event stage 0 saves: a residence of the person at the place, with their role. */
export function residenceInput(
  value: ResidenceWhenWhere,
  personId: string,
  role: string,
  description: string | null = null,
): EventInput {
  const { startDate, startDateType, endDate, endDateType } = value.date;
  return {
    type: 'residence',
    startDate,
    startDateType,
    endDate: endDate.trim() === '' ? null : endDate,
    endDateType: endDate.trim() === '' ? startDateType : endDateType,
    description,
    ...placeOf(value.place),
    participants: [{ personId, role }],
  };
}

/** A saved residence as an update body (PUT event/{id} newEvent), with a new description and citations. */
export function residenceUpdate(
  event: TreeEvent,
  description: string,
  sourceIds: readonly string[] = event.sources.map((source) => source.id),
): EventInput {
  return {
    type: 'residence',
    startDate: event.startDate,
    startDateType: event.startDateType,
    endDate: event.endDate,
    endDateType: event.endDateType,
    causeOfEvent: event.causeOfEvent,
    description: description.trim() === '' ? null : description,
    locationId: event.location?.id ?? null,
    participants: event.participants.map((participant) => ({
      personId: participant.personId,
      role: participant.role,
      description: participant.description,
    })),
    sourceIds: [...sourceIds],
  };
}

/** Whether the details stage changed the saved residence (description or citations). */
export function detailsChanged(event: TreeEvent, description: string, sourceIds: readonly string[]): boolean {
  const descriptionChanged = event.description === null ? description.trim() !== '' : event.description !== description;
  return descriptionChanged || event.sources.map((source) => source.id).join() !== sourceIds.join();
}

export type Relation = 'partner' | 'child' | 'parent' | 'sibling';
export type UnavailableReason = 'similarEvent' | 'notBorn' | 'dead' | 'alreadyAdded';

/** A person who may share the residence: from the family (with a relation) or found by searching. */
export interface ResidenceCandidate {
  person: PersonSummary;
  relation: Relation | null;
  available: boolean;
  reason: UnavailableReason | null;
  /** The residence's dates clamped to the person's life. */
  dates: EventDate;
}

/** A family candidate as GET person/{id}/event/type/residence/possibleParticipants answers it. */
export interface PossibleParticipant extends PersonSummary {
  relation: Relation;
  available: boolean;
  reason: 'similarEvent' | 'notBorn' | 'dead' | null;
  startDate: string | null;
  startDateType: DateType;
  endDate: string | null;
  endDateType: DateType;
}

export function candidateFromFamily(answer: PossibleParticipant): ResidenceCandidate {
  const { relation, available, reason, startDate, startDateType, endDate, endDateType, ...person } = answer;
  return {
    person,
    relation,
    available,
    reason,
    dates: resolveEventDate({ startDate, startDateType, endDate, endDateType }),
  };
}

/**
 * A person found by searching, judged as the server judges the family (SPEC §5): unavailable when
 * already in a residence at the same place that overlaps in time, or when the residence lies
 * wholly before their birth or after their death; otherwise the dates clamped to their life.
 */
export function candidateFromSearch(
  person: PersonSummary,
  residence: EventDateInput & { locationId: string | null },
  life: { birth: LifeEventSummary | null; death: LifeEventSummary | null },
  theirResidences: readonly TreeEvent[],
): ResidenceCandidate {
  const planned = resolveEventDate(residence);
  const isSimilar = theirResidences.some(
    (event) =>
      event.type === 'residence' &&
      residence.locationId !== null &&
      event.location?.id === residence.locationId &&
      eventDatesOverlap(event, planned),
  );
  if (isSimilar) return { person, relation: null, available: false, reason: 'similarEvent', dates: planned };
  const clamped = clampEventDate(planned, { birth: life.birth, death: life.death });
  if (clamped) return { person, relation: null, available: true, reason: null, dates: clamped };
  const range = eventDateRange(planned);
  const birth = eventDateRange(life.birth);
  const isBeforeBirth = range?.to != null && birth?.from != null && range.to < birth.from;
  return { person, relation: null, available: false, reason: isBeforeBirth ? 'notBorn' : 'dead', dates: planned };
}

/** A candidate as stage 2 shows it: unavailable, too, when already chosen another way. */
export function withChosen(candidate: ResidenceCandidate, chosenIds: ReadonlySet<string>): ResidenceCandidate {
  if (!candidate.available || !chosenIds.has(candidate.person.id)) return candidate;
  return { ...candidate, available: false, reason: 'alreadyAdded' };
}

/** One chosen person with the role they get in their residence. */
export interface ChosenResident {
  candidate: ResidenceCandidate;
  role: string;
}

/**
 * The body of the one bulk call (POST event/bulk) that shares the residence: one residence per
 * chosen person, at the same place, with the dates clamped to that person's life. Unavailable
 * candidates never get an event; each person is counted once.
 */
export function sharedResidenceEvents(chosen: readonly ChosenResident[], locationId: string): { events: EventInput[] } {
  const seen = new Set<string>();
  const events: EventInput[] = [];
  for (const { candidate, role } of chosen) {
    if (!candidate.available || seen.has(candidate.person.id)) continue;
    seen.add(candidate.person.id);
    const { startDate, startDateType, endDate, endDateType } = candidate.dates;
    events.push({
      type: 'residence',
      startDate,
      startDateType,
      endDate,
      endDateType,
      locationId,
      participants: [{ personId: candidate.person.id, role: role.trim() === '' ? 'primary' : role }],
    });
  }
  return { events };
}
