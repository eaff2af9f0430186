import { dateTextSqlRange, type EventType, eventDateIsoRange, normaliseRole, oncePerPersonTypes } from '@anor/core';
import { type GedcomNode, parseGedcomDate } from '@anor/gedcom';
import type { ParticipantWrite } from '../event/event.repository.ts';
import { mapGedcomDate } from './gedcom-date.ts';
import { childOf, type MapContext, newId, textOf } from './gedcom-map-context.ts';
import type { LinkMapper } from './gedcom-map-links.ts';
import type { PlaceMapper } from './gedcom-map-places.ts';
import {
  attributeTags,
  type EventMapping,
  factKindOfType,
  factTags,
  gedcomRoles,
  otherEventName,
} from './gedcom-tags.ts';
import { problemOf, valueRules } from './gedcom-values.ts';

/** Event and attribute lines of individuals and families → Anor's events, for the mapper (gedcom.mapper.ts). */

/**
 * A 7.0 DATE with its PHRASE as one date text: `(phrase)` for a phrase alone, `INT date (phrase)`
 * for a date with one, the phrase itself when it is the date with its dual year (7.0 writes
 * `1751` with the phrase `12 FEB 1750/51`). Other dates keep their PHRASE as a kept line.
 */
function dateWithPhrase(value: string, phrase: string | null): string {
  if (phrase === null) return value;
  if (value.trim() === '') return `(${phrase})`;
  if (/\d\/\d/.test(phrase) && parseGedcomDate(phrase).kind !== 'phrase') return phrase;
  if (parseGedcomDate(value).kind === 'exact') return `INT ${value} (${phrase})`;
  return value;
}

export function primary(personId: string): ParticipantWrite {
  return {
    personId,
    role: 'primary',
    description: null,
    startDate: null,
    startDateType: null,
    endDate: null,
    endDateType: null,
  };
}

/** A custom `_TAG` with a date or a place is an event; other custom tags are kept as lines. */
export function isCustomEvent(node: GedcomNode): boolean {
  return node.tag.startsWith('_') && node.children.some((child) => child.tag === 'DATE' || child.tag === 'PLAC');
}

export function createEventMapper(ctx: MapContext, links: LinkMapper, places: PlaceMapper) {
  const { plan, report, language, resolve, keep, fits, shortened, keepOriginal, keepUnder, tagExtra, extraOf } = ctx;
  const { linkNote, cite, linkMedia } = links;
  const { placeOf } = places;

  // Events.
  const lifeEvents = new Map<string, Set<EventType>>();
  function mapEvent(
    node: GedcomNode,
    mapping: EventMapping | null,
    participants: ParticipantWrite[],
    path: string,
  ): void {
    const id = newId();
    const own = childOf(node, 'TYPE');
    const isGeneric = node.tag === 'EVEN' || node.tag === 'FACT';
    // A FACT's or EVEN's TYPE that names a known kind of fact (`2 TYPE Religion`) is that fact, its
    // kind stored as data; the TYPE as written goes back out (a marker, and the tag, below).
    const kindOfType = isGeneric && own !== undefined ? factKindOfType(textOf(own)) : null;
    const known = kindOfType ? { type: 'fact' as const, subtype: kindOfType } : (mapping ?? factTags[node.tag] ?? null);
    const type: EventType = known?.type ?? 'other';
    let subtype: string | null = known?.subtype ?? null;
    let typeName: string | null = null;
    if (kindOfType && own !== undefined) {
      extraOf(id, 'event').lines.push({ tag: 'TYPE', children: [], original: own.value ?? '', stored: '' });
      tagExtra(id, 'event', node.tag, null);
    }
    // EVEN's and FACT's TYPE is otherwise the name of their kind, as the file wrote it.
    const namedByType = isGeneric && !kindOfType && (type === 'other' || (type === 'fact' && subtype === null));
    if (type === 'other') typeName = otherEventName(node.tag, language);
    if (namedByType) {
      const ownName = textOf(own);
      if (own !== undefined && ownName !== null) {
        // A TYPE the event form would refuse: shortened, or the language's name; export writes the file's TYPE back.
        const problem = problemOf(ownName, valueRules.eventTypeName);
        if (problem === null) typeName = ownName;
        else if (problem === 'value-too-long')
          typeName = shortened(id, 'event', own, ownName, valueRules.eventTypeName, `${path}.TYPE`);
        else keepOriginal(id, 'event', own, typeName ?? '', problem, valueRules.eventTypeName, `${path}.TYPE`);
      }
    }
    if (type === 'other' && node.tag !== 'EVEN') tagExtra(id, 'event', node.tag, null);
    // A second birth or death of one person (two sources disagreeing) stays, as an alternative birth or death.
    if ((oncePerPersonTypes as readonly EventType[]).includes(type)) {
      const primary = participants[0]?.personId;
      const had = primary === undefined ? undefined : lifeEvents.get(primary);
      if (had?.has(type)) {
        report.warn('second-life-event', node.line, node.tag);
        subtype = type === 'birth' ? 'alternativeBirth' : 'alternativeDeath';
      } else if (primary !== undefined) {
        lifeEvents.set(primary, new Set([...(had ?? []), type]));
      }
    }
    // `1 DEAT Y` says only that the event happened; an attribute's value is its fact.
    const value = node.value?.trim();
    let description = value && !(value === 'Y' && !attributeTags.has(node.tag)) ? value : null;
    let date = { startDate: null, startDateType: 'exact', endDate: null, endDateType: 'exact' } as {
      startDate: string | null;
      startDateType: string;
      endDate: string | null;
      endDateType: string;
    };
    let dateText: string | null = null;
    let locationId: string | null = null;
    let causeOfEvent: string | null = null;
    for (const child of node.children) {
      switch (child.tag) {
        case 'TYPE':
          if (namedByType || kindOfType) break;
          keep(id, 'event', child, path);
          break;
        case 'DATE': {
          if (date.startDate !== null || dateText !== null) {
            keep(id, 'event', child, path);
            break;
          }
          const phrase = childOf(child, 'PHRASE');
          const text = dateWithPhrase(child.value ?? '', textOf(phrase));
          const mapped = mapGedcomDate(text);
          date = mapped.date;
          if (!mapped.exact) dateText = text;
          if (mapped.warning) report.warn(mapped.warning, child.line, child.value?.trim());
          const rest = child.children.filter((part) => part !== phrase || text === (child.value ?? ''));
          if (rest.length > 0) keepUnder(id, 'event', child, rest, path);
          break;
        }
        case 'PLAC':
          if (locationId !== null) keep(id, 'event', child, path);
          else {
            const place = placeOf(child, id, path);
            if (place === null || typeof place === 'string') locationId = place;
            else {
              report.warn(place.problem, child.line, place.detail);
              keep(id, 'event', child, path);
            }
          }
          break;
        case 'CAUS':
          if (
            causeOfEvent === null &&
            child.children.length === 0 &&
            fits(textOf(child), valueRules.causeOfEvent, child.line, `${path}.CAUS`)
          )
            causeOfEvent = textOf(child);
          else keep(id, 'event', child, path);
          break;
        case 'NOTE':
        case 'SNOTE':
          linkNote(child, id, 'event', path);
          break;
        case 'SOUR':
          cite(child, id, 'event', path);
          break;
        case 'OBJE':
          linkMedia(child, id, 'event', path);
          break;
        case 'ASSO': {
          // A participant has a role and nothing else: an ASSO with notes or sources of its own is kept whole.
          const onlyRole = child.children.every(
            (part) =>
              part.tag === 'RELA' || (part.tag === 'ROLE' && part.children.every((phrase) => phrase.tag === 'PHRASE')),
          );
          const personId =
            child.pointer === undefined || !onlyRole ? undefined : resolve(child.pointer, 'person', child.line);
          if (personId === undefined || participants.some((p) => p.personId === personId)) {
            keep(id, 'event', child, path);
            break;
          }
          const role = textOf(childOf(child, 'ROLE')) ?? textOf(childOf(child, 'RELA')) ?? 'witness';
          const phrase = textOf(childOf(childOf(child, 'ROLE') ?? child, 'PHRASE'));
          const roleKey = gedcomRoles[role.toUpperCase()] ?? normaliseRole(phrase ?? role, type);
          if (!fits(roleKey, valueRules.role, child.line, `${path}.ASSO`)) {
            keep(id, 'event', child, path);
            break;
          }
          participants.push({
            personId,
            role: roleKey,
            description: null,
            startDate: null,
            startDateType: null,
            endDate: null,
            endDateType: null,
          });
          break;
        }
        default:
          keep(id, 'event', child, path);
      }
    }
    // Anor keeps an occupation's title in the cause field (the editor's "Occupation"); a CAUS of its own was kept.
    // A title the cause field would refuse stays the description (export writes either as OCCU's value).
    if (type === 'occupation' && description !== null && problemOf(description, valueRules.causeOfEvent) === null) {
      if (causeOfEvent !== null)
        keep(id, 'event', { level: 0, tag: 'CAUS', value: causeOfEvent, line: node.line, children: [] }, path);
      causeOfEvent = description;
      description = null;
    }
    if (description !== null && description.length > valueRules.eventDescription.max)
      description = shortened(id, 'event', node, description, valueRules.eventDescription, path);
    // A date kept only as text (another calendar, BCE, a phrase) sorts by its best-known Gregorian days.
    const range = eventDateIsoRange(date) ?? dateTextSqlRange(dateText);
    plan.events.push({
      id,
      values: {
        type,
        subtype,
        typeName,
        typeNameVerb: null,
        startDate: date.startDate,
        startDateType: date.startDate === null ? null : date.startDateType,
        endDate: date.endDate,
        endDateType: date.endDate === null ? null : date.endDateType,
        dateFrom: range?.from ?? null,
        dateTo: range?.to ?? null,
        causeOfEvent,
        description,
        locationId,
        dateText,
      },
      participants,
    });
  }

  /** A record's persons start with no birth or death yet. */
  function startRecord(): void {
    lifeEvents.clear();
  }

  return { startRecord, mapEvent };
}

export type EventMapper = ReturnType<typeof createEventMapper>;
