import {
  allowedRoles,
  type CitationSummary,
  type Event,
  type EventInput,
  type EventType,
  eventRuleIssues,
  hasParticipantDates,
  normaliseRole,
  openPrimarySlots,
  type PersonSummary,
  resolveEventDate,
  roleOrder,
  subtypesOf,
  textLimits,
} from '@anor/core';
import {
  type EventDateValue,
  emptyEventDateValue,
  eventDateValueErrors,
  eventDateValueFrom,
  sendableEventDate,
} from '../../lib/date-input/date-input-model.ts';
import type { LocationChoice } from '../location/LocationPicker.tsx';
import { type LocalNote, newNotesOf } from '../note/local-notes.ts';
import type { SuggestSourcesFor } from '../source/queries.ts';
import { hasSourceChanges } from '../source/source-rules.ts';
import { type NewPersonDraft, newPersonErrors, newPersonInputOf } from './new-participant.ts';

/*
 * The event editor's state as plain data, and the pure rules around it: what a saved event looks
 * like in the form, what the form sends, whether anything changed, which errors to show where,
 * and which roles and types to offer. The components only hold and render it.
 */

/** What the editor shows of a participant's person: the name parts, and the life years and birthplace when known. */
export type ParticipantPerson = Pick<PersonSummary, 'fName' | 'pName' | 'lName'> &
  Partial<Pick<PersonSummary, 'born' | 'died' | 'birthPlace' | 'private'>>;

export interface ParticipantDraft {
  personId: string;
  /** The person's name for showing; null when only the id is known yet (a preset): then it is fetched. */
  person: ParticipantPerson | null;
  /** A role key (primary, witness, …) or the user's own text. */
  role: string;
  description: string;
  /** The person's own period (occupation-like types only). */
  date: EventDateValue;
  /**
   * A person not yet in the tree (SPEC §3 `isNew`): created with the event. `personId` is then only
   * the editor's key for the row (see new-participant.ts).
   */
  newPerson?: NewPersonDraft;
}

export interface EventDraft {
  type: EventType;
  /** '' for none. */
  subtype: string;
  /** The own name and past-tense verb of an "other" event. */
  typeName: string;
  typeNameVerb: string;
  date: EventDateValue;
  /** The occupation of an occupation, the cause of a death, else the cause of the event. */
  causeOfEvent: string;
  description: string;
  location: LocationChoice;
  participants: ParticipantDraft[];
  /** The citations cited on the event (the source panel's list), saved with it as `sourceIds`. */
  sources: CitationSummary[];
}

export const noLocation: LocationChoice = { kind: 'text', text: '' };

/** Types whose date may be a period with its own end (the others take "between" for uncertainty). */
const rangeTypes: readonly EventType[] = ['residence', 'occupation', 'education', 'other'];

export function allowsDateRange(type: EventType): boolean {
  return rangeTypes.includes(type);
}

/** Which label the cause field has (SPEC §2: occupation for occupations, cause of death for deaths). */
export function causeLabelOf(type: EventType): 'occupation' | 'death' | 'default' {
  if (type === 'occupation') return 'occupation';
  if (type === 'death') return 'death';
  return 'default';
}

function text(value: string | null | undefined): string {
  return value ?? '';
}

export function participantDraftOf(participant: Event['participants'][number]): ParticipantDraft {
  return {
    personId: participant.personId,
    person: {
      fName: participant.fName,
      pName: participant.pName,
      lName: participant.lName,
      born: participant.born,
      died: participant.died,
      birthPlace: participant.birthPlace,
      private: participant.private,
    },
    role: participant.role,
    description: text(participant.description),
    date: eventDateValueFrom(participant),
  };
}

/** A saved event as the form holds it. */
export function draftOfEvent(event: Event): EventDraft {
  return {
    type: event.type,
    subtype: text(event.subtype),
    typeName: text(event.typeName),
    typeNameVerb: text(event.typeNameVerb),
    date: eventDateValueFrom(event),
    causeOfEvent: text(event.causeOfEvent),
    description: text(event.description),
    location: event.location
      ? { kind: 'place', id: event.location.id, name: event.location.name, text: event.location.text }
      : noLocation,
    participants: event.participants.map(participantDraftOf),
    sources: event.sources,
  };
}

export interface PresetParticipant {
  personId: string;
  role: string;
  person?: ParticipantPerson | null;
}

/**
 * A new event of a type with what it is opened with: the person it is opened from as the main
 * person (first), more participants, a place. A person named twice keeps the first role.
 */
export function newEventDraft(
  type: EventType,
  presets: { participants?: readonly PresetParticipant[]; location?: LocationChoice } = {},
): EventDraft {
  const participants: ParticipantDraft[] = [];
  for (const preset of presets.participants ?? []) {
    if (participants.some((participant) => participant.personId === preset.personId)) continue;
    participants.push({
      personId: preset.personId,
      person: preset.person ?? null,
      role: normaliseRole(preset.role, type),
      description: '',
      date: emptyEventDateValue,
    });
  }
  return {
    type,
    subtype: '',
    typeName: '',
    typeNameVerb: '',
    date: emptyEventDateValue,
    causeOfEvent: '',
    description: '',
    location: presets.location ?? noLocation,
    participants,
    sources: [],
  };
}

/** SPEC §2 "copy": the saved event's data as a new, unsaved event. */
export function copyOfEvent(event: Event): EventDraft {
  return draftOfEvent(event);
}

/** A new type for the draft: a subtype the new type does not have is dropped. */
export function changeType(draft: EventDraft, type: EventType): EventDraft {
  const subtypes = subtypesOf(type) as readonly string[];
  return { ...draft, type, subtype: subtypes.includes(draft.subtype) ? draft.subtype : '' };
}

function dateFields(value: EventDateValue) {
  const date = resolveEventDate({
    startDate: value.startDate.trim() || null,
    startDateType: value.startDateType,
    endDate: value.endDate.trim() || null,
    endDateType: value.endDateType,
  });
  return date;
}

function nullable(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Dates as typed, for sending: the server checks and stores them (invalid text is its error to name). */
function typedDateFields(value: EventDateValue) {
  return {
    startDate: nullable(value.startDate),
    startDateType: value.startDateType,
    endDate: nullable(value.endDate),
    endDateType: value.endDateType,
  };
}

/** The form as the API takes it (EventInput): trimmed, blanks as null, roles as keys where they name one. */
export function inputOfDraft(draft: EventDraft): EventInput {
  const isOther = draft.type === 'other';
  const hasOwnName = draft.type === 'other' || (draft.type === 'fact' && draft.subtype === '');
  const withDates = hasParticipantDates(draft.type);
  return {
    type: draft.type,
    subtype: nullable(draft.subtype),
    typeName: hasOwnName ? nullable(draft.typeName) : null,
    typeNameVerb: isOther ? nullable(draft.typeNameVerb) : null,
    ...typedDateFields(draft.date),
    causeOfEvent: nullable(draft.causeOfEvent),
    description: draft.description.trim() === '' ? null : draft.description,
    ...(draft.location.kind === 'place'
      ? { locationId: draft.location.id, location: null }
      : { locationId: null, location: nullable(draft.location.text) }),
    participants: draft.participants.map((participant) => ({
      ...(participant.newPerson ? newPersonInputOf(participant.newPerson) : { personId: participant.personId }),
      role: normaliseRole(participant.role, draft.type),
      description: participant.description.trim() === '' ? null : participant.description,
      ...(withDates
        ? typedDateFields(participant.date)
        : { startDate: null, startDateType: 'exact', endDate: null, endDateType: 'exact' }),
    })),
    sourceIds: draft.sources.map((source) => source.id),
  };
}

/**
 * A new event as POST event takes it: the form, and the notes written before saving (SPEC §4) as
 * `newNotes`, saved with it.
 */
export function createInputOfDraft(draft: EventDraft, notes: readonly LocalNote[]): EventInput {
  const input = inputOfDraft(draft);
  return notes.length > 0 ? { ...input, newNotes: newNotesOf(notes) } : input;
}

/** The draft in a form where equal meaning is equal data: dates resolved, participants in a stable order. */
function comparable(draft: EventDraft) {
  const input = inputOfDraft(draft);
  const withDates = hasParticipantDates(draft.type);
  return {
    ...input,
    ...dateFields(draft.date),
    location: draft.location.kind === 'place' ? `id:${draft.location.id}` : `text:${input.location ?? ''}`,
    locationId: undefined,
    // Compared as sources added and deleted (their order is no change).
    sourceIds: undefined,
    participants: input.participants
      .map((participant, index) => ({
        ...participant,
        key: draft.participants[index]?.personId ?? '',
        ...(withDates ? dateFields(draft.participants[index]?.date ?? emptyEventDateValue) : {}),
      }))
      .sort((a, b) => a.key.localeCompare(b.key)),
  };
}

/**
 * SPEC §4: whether closing should ask before discarding, and whether saving has anything to send:
 * a field, the place, a participant, or sources added or deleted (SPEC §3 change comparison).
 */
export function isDraftChanged(initial: EventDraft, draft: EventDraft): boolean {
  return (
    JSON.stringify(comparable(initial)) !== JSON.stringify(comparable(draft)) ||
    hasSourceChanges(
      initial.sources.map((source) => source.id),
      draft.sources.map((source) => source.id),
    )
  );
}

/**
 * Where an error shows: `type`, `subtype`, `typeName`, `startDate`, `endDate`, `causeOfEvent`,
 * `location`, `description`, `participants` (the list as a whole), `participant:<personId>` (one
 * row), or `form` (above the buttons).
 */
export type EventErrorField = string;
export type EventErrors = Record<EventErrorField, string>;

const draftFields = new Set(['type', 'subtype', 'typeName', 'typeNameVerb', 'causeOfEvent', 'description']);

/** The field of an issue path of the rules or the server (`['participants', 2, 'role']` → that row). */
export function fieldOfPath(path: readonly (string | number)[], draft: EventDraft): EventErrorField {
  // Server schema issues start with where in the request they are: body, newEvent.
  const rest = path.filter((part) => part !== 'body' && part !== 'newEvent');
  const [first, second] = rest;
  if (first === 'participants') {
    if (typeof second === 'number') {
      const participant = draft.participants[second];
      return participant ? `participant:${participant.personId}` : 'participants';
    }
    return 'participants';
  }
  if (first === 'startDate' || first === 'startDateType') return 'startDate';
  if (first === 'endDate' || first === 'endDateType') return 'endDate';
  if (first === 'location' || first === 'locationId') return 'location';
  if (typeof first === 'string' && draftFields.has(first)) return first;
  return 'form';
}

/** Adds an error to a field unless it has one already (the first problem a user meets is shown). */
function addError(errors: EventErrors, field: EventErrorField, code: string): void {
  if (!(field in errors)) errors[field] = code;
}

export interface DraftCheckOptions {
  /** SPEC §5: a copy's save needs a date and a place. */
  isCopy?: boolean;
}

/**
 * The rules of SPEC §5 that the editor can check before sending (the same as the server's, from
 * `@anor/core`), as errors per field. Empty when the draft may be sent.
 */
export function draftErrors(draft: EventDraft, options: DraftCheckOptions = {}): EventErrors {
  const errors: EventErrors = {};
  const dateErrors = eventDateValueErrors(draft.date);
  for (const [field, code] of Object.entries(dateErrors)) addError(errors, field, code);
  const input = inputOfDraft(draft);
  const hasLocation = draft.location.kind === 'place' || draft.location.text.trim() !== '';
  if (options.isCopy) {
    if (!input.startDate) addError(errors, 'startDate', 'events.validation.dateRequired');
    if (!hasLocation) addError(errors, 'location', 'events.validation.locationRequired');
  }
  // Without valid dates the date rules cannot run (their errors are shown already); the others still can.
  const hasValidDates = !dateErrors.startDate && !dateErrors.endDate;
  const issues = eventRuleIssues({
    type: draft.type,
    subtype: input.subtype ?? null,
    causeOfEvent: input.causeOfEvent ?? null,
    hasLocation,
    ...(hasValidDates
      ? {
          startDate: input.startDate,
          startDateType: input.startDateType,
          endDate: input.endDate,
          endDateType: input.endDateType,
        }
      : {}),
    // By the rows' keys: a new participant has no person id yet.
    participants: input.participants.map((participant, index) => ({
      personId: draft.participants[index]?.personId ?? '',
      role: participant.role,
    })),
  });
  for (const issue of issues) addError(errors, fieldOfPath(issue.path, draft), issue.code);
  for (const participant of draft.participants) {
    if (!participant.newPerson) continue;
    const nameErrors = newPersonErrors(participant.newPerson);
    const code = nameErrors.fName ?? nameErrors.lName;
    if (code) addError(errors, `participant:${participant.personId}`, code);
  }
  if (hasParticipantDates(draft.type)) {
    for (const participant of draft.participants) {
      const participantDateErrors = eventDateValueErrors(participant.date);
      const code = participantDateErrors.startDate ?? participantDateErrors.endDate;
      if (code) addError(errors, `participant:${participant.personId}`, code);
    }
  }
  return errors;
}

/** What an API error says about the draft's fields; empty when it names none (then it is the form's). */
export function serverErrors(
  error: { code: string; details: unknown; fieldIssues: readonly { path: (string | number)[]; code: string }[] },
  draft: EventDraft,
): EventErrors {
  const errors: EventErrors = {};
  for (const issue of error.fieldIssues) addError(errors, fieldOfPath(issue.path, draft), issue.code);
  const details = error.details;
  if (typeof details === 'object' && details !== null) {
    if ('path' in details && Array.isArray(details.path)) {
      addError(errors, fieldOfPath(details.path, draft), error.code);
    }
    // A second birth or death: the rows of the persons who already have one.
    if ('personIds' in details && Array.isArray(details.personIds)) {
      for (const personId of details.personIds) {
        if (typeof personId === 'string') addError(errors, `participant:${personId}`, error.code);
      }
    }
  }
  if (Object.keys(errors).length === 0) errors.form = error.code;
  return errors;
}

/**
 * The roles the participant dialog offers for a participant of the type (SPEC §3, §5): the main
 * person only while the event has a free main-person place (not counting the participant being
 * edited), then the type's own roles. Free text is always possible besides these.
 */
export function roleOptions(
  type: EventType,
  participants: readonly { personId: string; role: string }[],
  editingPersonId: string | null,
): string[] {
  const others = participants.filter((participant) => participant.personId !== editingPersonId);
  const roles: string[] = [];
  if (openPrimarySlots(type, others) > 0) roles.push('primary');
  roles.push(...allowedRoles[type]);
  return roles;
}

/**
 * The problem of a participant's role as typed in the participant dialog, as a catalogue code, or
 * null: a role is needed, at most `textLimits.role` characters, and the main person only while
 * the event has a free place for one.
 */
export function participantRoleError(
  type: EventType,
  participants: readonly { personId: string; role: string }[],
  personId: string,
  roleText: string,
): string | null {
  const role = normaliseRole(roleText, type);
  if (role === '') return 'events.validation.roleRequired';
  if (role.length > textLimits.role) return 'events.validation.roleTooLong';
  const others = participants.filter((participant) => participant.personId !== personId);
  if (role === 'primary' && openPrimarySlots(type, others) === 0) return 'events.validation.roleNotAvailable';
  return null;
}

/** The participants as the list shows them: main persons first, then by role (SPEC §4), else as added. */
export function sortedParticipants<P extends { role: string }>(participants: readonly P[]): P[] {
  return participants
    .map((participant, index) => ({ participant, index }))
    .sort((a, b) => roleOrder(a.participant.role) - roleOrder(b.participant.role) || a.index - b.index)
    .map(({ participant }) => participant);
}

/**
 * The types the type picker greys out for the person the event is opened from (SPEC §4, §5):
 * birth and death when the person already has one.
 */
export function restrictedTypes(person: { birth: unknown; death: unknown } | null | undefined): Set<EventType> {
  const restricted = new Set<EventType>();
  if (person?.birth) restricted.add('birth');
  if (person?.death) restricted.add('death');
  return restricted;
}

/** A participant's row after the participant dialog: replaced when the person is in the event, else added. */
export function withParticipant(draft: EventDraft, participant: ParticipantDraft): EventDraft {
  const index = draft.participants.findIndex((existing) => existing.personId === participant.personId);
  const participants =
    index === -1
      ? [...draft.participants, participant]
      : draft.participants.map((existing, i) => (i === index ? participant : existing));
  return { ...draft, participants };
}

export function withoutParticipant(draft: EventDraft, personId: string): EventDraft {
  return { ...draft, participants: draft.participants.filter((participant) => participant.personId !== personId) };
}

/**
 * What the source panel's suggest button asks for (SPEC §2, §9: citations of related events,
 * birth ↔ baptism and death ↔ burial of the same main person, residences then and there): the
 * event's main persons (a residence's residents), dates as typed once they are dates, the chosen place.
 */
export function suggestSourcesFor(draft: EventDraft, eventId: string | null): SuggestSourcesFor {
  const persons =
    draft.type === 'residence'
      ? draft.participants
      : draft.participants.filter((participant) => normaliseRole(participant.role, draft.type) === 'primary');
  // A half-typed date ("1881-5") is not sent: the suggestions are asked without a date until it is one.
  const input = sendableEventDate(inputOfDraft(draft)) ?? {};
  return {
    type: draft.type,
    personIds: persons.map((participant) => participant.personId),
    startDate: input.startDate ?? null,
    startDateType: input.startDateType ?? 'exact',
    endDate: input.endDate ?? null,
    endDateType: input.endDateType ?? 'exact',
    locationId: draft.location.kind === 'place' ? draft.location.id : null,
    exceptEventId: eventId,
  };
}

/** A stored place as the location picker holds it: its name and its path, nearest first. */
export function placeChoiceOf(place: {
  id: string;
  name: string;
  ancestors: readonly { name: string }[];
}): LocationChoice {
  const path = [place.name, ...place.ancestors.map((ancestor) => ancestor.name).reverse()];
  return { kind: 'place', id: place.id, name: place.name, text: path.join(', ') };
}
