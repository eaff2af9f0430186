import type { PrivateIds } from './privacy.repository.ts';

/**
 * The redaction of an answer for a visitor: every object in it that stands for a living person,
 * an event with a living participant, or a note or citation of theirs keeps its id and its place
 * in the answer but loses everything that tells about the person (names, gender, dates, places,
 * texts, notes, sources, participants' descriptions, and the revision and time of the last edit)
 * and says `private: true`, so the web app shows "Private". It works on shapes,
 * not on routes: a new route's answer is covered as soon as it carries the ids.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every id-like string in the answer, wherever it is (ids of persons, events, notes, citations, …). */
export function collectIds(payload: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof payload === 'string') {
    if (uuidPattern.test(payload)) into.add(payload.toLowerCase());
  } else if (Array.isArray(payload)) {
    for (const item of payload) collectIds(item, into);
  } else if (isObject(payload)) {
    for (const value of Object.values(payload)) collectIds(value, into);
  }
  return into;
}

/** Sets the keys the object has to `value` (absent keys stay absent, so the answer keeps its shape). */
function blank(object: Json, keys: readonly string[], value: unknown) {
  for (const key of keys) if (key in object) object[key] = Array.isArray(value) ? [] : value;
}

const personTexts = [
  'fName',
  'pName',
  'lName',
  'occupation',
  'description',
  'birth',
  'death',
  // A person label's life years and birthplace.
  'born',
  'died',
  'birthPlace',
  // A person's portrait (issue 22).
  'portrait',
] as const;
const eventTexts = [
  'dateText',
  'causeOfEvent',
  'description',
  'typeName',
  'typeNameVerb',
  'location',
  'place',
] as const;
// A person's other names (`names`) are blanked with the rest of what is attached to them.
const attached = ['notes', 'sources', 'citations', 'sourceIds', 'events', 'names'] as const;
const citationTexts = [
  'whereWithinSourceText',
  'whereWithinSourceURL',
  'eventCitedFrom',
  'eventCitedFromRole',
  'entryRecordingDate',
  'certaintyAssessment',
] as const;

function has(set: Set<string>, value: unknown): boolean {
  return typeof value === 'string' && set.has(value.toLowerCase());
}

/** Dates blanked: no day, and the date types back to their value for "no date". */
function blankDates(object: Json) {
  blank(object, ['startDate', 'endDate'], null);
  blank(object, ['startDateType', 'endDateType'], 'exact');
}

/** What tells of edits: the revision (how many) and the last change's time. */
function blankEdits(object: Json) {
  blank(object, ['revision'], 0);
  if ('updatedAt' in object && 'createdAt' in object) object.updatedAt = object.createdAt;
}

function redactObject(object: Json, found: PrivateIds) {
  const isPersonShaped = 'fName' in object || 'lName' in object;
  if (isPersonShaped && (has(found.persons, object.id) || has(found.persons, object.personId))) {
    blank(object, personTexts, null);
    blankDates(object);
    blank(object, attached, []);
    blank(object, ['gender'], 'unknown');
    blankEdits(object);
    object.private = true;
  }
  if ('type' in object && has(found.events, object.id)) {
    blank(object, eventTexts, null);
    blankDates(object);
    blank(object, attached, []);
    blankEdits(object);
    // Who took part may still be named (a dead father at his living daughter's birth), but not
    // what the event says of them: their description and their own dates in it.
    if (Array.isArray(object.participants)) {
      for (const participant of object.participants) {
        if (isObject(participant)) {
          blank(participant, ['description'], null);
          blankDates(participant);
        }
      }
    }
    object.private = true;
  }
  // A person's birth or death summary, which names its event.
  if (has(found.events, object.eventId) && 'startDate' in object) {
    blank(object, ['place'], null);
    blankDates(object);
  }
  if (has(found.notes, object.id) && ('text' in object || 'title' in object)) {
    blank(object, ['title'], null);
    if ('text' in object) object.text = '';
    blank(object, attached, []);
    blank(object, ['revision'], 0);
    if ('text' in object) object.private = true;
  }
  if (has(found.citations, object.id) && ('whereWithinSourceText' in object || 'textFromSource' in object)) {
    blank(object, citationTexts, null);
    if ('textFromSource' in object) object.textFromSource = '';
    blank(object, ['notes'], []);
    blank(object, ['revision'], 0);
    object.private = true;
  }
}

/** Redacts the answer in place (it is the answer's own fresh object) and returns it. */
export function redactAnswer<T>(payload: T, found: PrivateIds): T {
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (isObject(value)) {
      redactObject(value, found);
      for (const child of Object.values(value)) visit(child);
    }
  };
  visit(payload);
  return payload;
}

/**
 * The objects of the answer that carry a portrait (issue 22) with its image's id: a person summary's
 * `portrait: { mediaId, crop }`. The hook nulls those whose image a visitor may not see.
 */
export function portraitHolders(payload: unknown): { holder: Json; mediaId: string }[] {
  const found: { holder: Json; mediaId: string }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (isObject(value)) {
      const portrait = value.portrait;
      if (isObject(portrait) && typeof portrait.mediaId === 'string') {
        found.push({ holder: value, mediaId: portrait.mediaId });
      }
      for (const child of Object.values(value)) visit(child);
    }
  };
  visit(payload);
  return found;
}

export function isEmpty(found: PrivateIds): boolean {
  return found.persons.size + found.events.size + found.notes.size + found.citations.size === 0;
}
