import { ageBoundsBetween } from '../dates/age.ts';
import { fromDayNumber } from '../dates/partial-date.ts';
import {
  addMonths,
  type DatedEvent,
  type EventRanges,
  eventRanges,
  type SanityCode,
  type SanityData,
  type SanityIndex,
  type SanityPerson,
  sanityCodes,
  sanityIndex,
  sanityWarningsOf,
} from '../sanity/rules.ts';
import { foldForSearch } from '../text.ts';

/**
 * The data-quality report (issue 24): every sanity rule of issue 19 item 7 over the whole tree,
 * plus rules that only make sense tree-wide. Pure and in one pass over plain data (the server reads
 * the tree set-wise and hands it over), so that it runs the same in a test and on 100,000 persons.
 *
 * "A date outside a parent's lifetime" is the sanity rules' matter: a child born after the mother's
 * death (`sanity.bornAfterMotherDeath`), long after the father's (`sanity.bornLongAfterFatherDeath`)
 * or before the parent was 12, which includes before the parent's birth (`sanity.parentTooYoung`).
 */
export const qualityOwnCodes = [
  'quality.noEvents',
  'quality.placeWithoutDateOrSource',
  'quality.marriedYoung',
  'quality.siblingsClose',
  'quality.placeFarFromParent',
  'quality.duplicate',
] as const;

/** Every rule of the report, in the order it lists them. */
export const qualityRules = [...sanityCodes, ...qualityOwnCodes] as const;
export type QualityRule = (typeof qualityRules)[number];

export const qualityLimits = {
  /** A spouse younger than this at the marriage. */
  minMarriageAge: 15,
  /** Siblings born less than this many months apart (and not twins)… */
  siblingMonths: 9,
  /** …where births this many days apart or fewer are twins. */
  twinDays: 1,
  /**
   * A place this far (km, great circle) from the place it is part of. A farm is a few km from its
   * parish, a parish tens of km from its county's point; a country's point can be 1,000 km from its
   * far corners, so 500 km flags the mistyped sign or swapped latitude and longitude, not the north.
   */
  placeParentKm: 500,
};

export type QualityObjectKind = 'person' | 'event' | 'place';

/** One finding: the object it is about, and the other one it is about (a child, a sibling, an event), if any. */
export interface QualityItem {
  rule: QualityRule;
  objectKind: QualityObjectKind;
  objectId: string;
  relatedKind: QualityObjectKind | null;
  /** With the rule and the object, the key a dismissal is stored under. */
  relatedId: string | null;
  /** The events whose dates make it (shown with it). */
  eventIds: string[];
  /** Numbers for the message (`age`, `limit`, `km`, …). */
  values: Record<string, number>;
}

export interface QualityPerson extends SanityPerson {
  fName: string | null;
  lName: string | null;
}

/** An event's own facts (one row per event, whoever takes part). */
export interface QualityEventFact {
  eventId: string;
  type: string;
  /** It has a start date or a date as written. */
  hasDate: boolean;
  locationId: string | null;
  /** A citation is linked to it. */
  hasSource: boolean;
}

export interface QualityPlace {
  id: string;
  parentId: string | null;
  lat: number | null;
  lng: number | null;
}

export interface QualityData extends SanityData {
  persons: readonly QualityPerson[];
  eventFacts: readonly QualityEventFact[];
  places: readonly QualityPlace[];
  /**
   * The persons with no part in any event, when the caller found them (the server, in SQL, and
   * then hands over only the events the rules can fire on); otherwise found from `events`.
   */
  eventlessPersonIds?: readonly string[];
}

/** The great-circle distance in km between two points (haversine, mean earth radius). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Every finding of the tree: the sanity warnings, then the report's own rules. `skip` names
 * sanity rules the caller finds another way (see `sanityWarnings`).
 */
export function qualityItems(
  data: QualityData,
  limits = qualityLimits,
  rangeOf: EventRanges = eventRanges(),
  skip: ReadonlySet<SanityCode> = new Set(),
): QualityItem[] {
  return qualityItemsOf(sanityIndex(data, rangeOf), data, limits, rangeOf, skip);
}

/**
 * `qualityItems` over indexed data (`SanityIndex`, whose persons are `data.persons`): the rest of
 * `data` is read for the persons without events, the events' facts and the places.
 */
export function qualityItemsOf(
  index: SanityIndex,
  data: Pick<QualityData, 'persons' | 'eventFacts' | 'places' | 'eventlessPersonIds'>,
  limits = qualityLimits,
  rangeOf: EventRanges = eventRanges(),
  skip: ReadonlySet<SanityCode> = new Set(),
): QualityItem[] {
  const items: QualityItem[] = sanityWarningsOf(index, undefined, rangeOf, skip).map((warning) => {
    // A person's own warning is keyed by the event that makes it (the last named), a parent's by the child.
    const related = warning.relatedPersonId ?? (warning.eventIds.length > 1 ? warning.eventIds.at(-1) : null) ?? null;
    return {
      rule: warning.code,
      objectKind: 'person',
      objectId: warning.personId,
      relatedKind: warning.relatedPersonId ? 'person' : related ? 'event' : null,
      relatedId: related,
      eventIds: warning.eventIds,
      values: warning.values,
    };
  });
  const push = (item: Omit<QualityItem, 'eventIds' | 'values'> & Partial<QualityItem>) =>
    items.push({ eventIds: [], values: {}, ...item });
  const { persons, lives, partsOf, linkParent, linkChild } = index;

  // A person with no part in any event.
  const noEvent = (id: string) =>
    push({ rule: 'quality.noEvents', objectKind: 'person', objectId: id, relatedKind: null, relatedId: null });
  if (data.eventlessPersonIds) {
    for (const id of data.eventlessPersonIds) noEvent(id);
  } else {
    persons.forEach((person, i) => {
      if (!partsOf[i]?.length) noEvent(person.id);
    });
  }

  // An event with a place but neither a date nor a source.
  for (const fact of data.eventFacts) {
    if (fact.locationId && !fact.hasDate && !fact.hasSource) {
      push({
        rule: 'quality.placeWithoutDateOrSource',
        objectKind: 'event',
        objectId: fact.eventId,
        relatedKind: 'place',
        relatedId: fact.locationId,
      });
    }
  }

  // A spouse surely younger than 15 at a marriage (the person's own birth, as the sanity rules take it).
  persons.forEach((person, i) => {
    const birth = lives[i]?.birth;
    if (!birth) return;
    for (const event of partsOf[i] ?? []) {
      if (event.type !== 'marriage' || event.role !== 'primary') continue;
      const range = rangeOf(event);
      if (!range) continue;
      const age = ageBoundsBetween(birth.range, range);
      if (age?.max != null && age.max < limits.minMarriageAge) {
        push({
          rule: 'quality.marriedYoung',
          objectKind: 'person',
          objectId: person.id,
          relatedKind: 'event',
          relatedId: event.eventId,
          eventIds: [birth.eventId, event.eventId],
          values: { age: age.max, limit: limits.minMarriageAge },
        });
      }
    }
  });

  // Each person's parents, by index.
  const parentsOf: number[][] = [];
  for (let k = 0; k < linkParent.length; k += 1) {
    const child = linkChild[k] as number;
    const list = parentsOf[child];
    if (list) list.push(linkParent[k] as number);
    else parentsOf[child] = [linkParent[k] as number];
  }
  const idOf = (i: number) => (persons[i] as QualityPerson).id;

  // Siblings surely born less than 9 months apart and surely not twins: children of one mother, or
  // of the same two parents (a father's children by two mothers may be born weeks apart).
  const families = new Map<number, number[]>();
  const addTo = (key: number, child: number) => {
    const list = families.get(key);
    if (list) list.push(child);
    else families.set(key, [child]);
  };
  const count = persons.length;
  parentsOf.forEach((parents, child) => {
    if (!lives[child]?.birth) return;
    for (const parent of parents) if (persons[parent]?.gender === 'female') addTo(-1 - parent, child);
    if (parents.length === 2) {
      const [a, b] = parents as [number, number];
      addTo(Math.min(a, b) * count + Math.max(a, b), child);
    }
  });
  const seenPairs = new Set<string>();
  for (const children of families.values()) {
    if (children.length < 2) continue;
    const dated = children
      .map((i) => ({ id: idOf(i), birth: lives[i]?.birth as DatedEvent }))
      .filter((row) => row.birth.range.from != null && row.birth.range.to != null)
      .sort((x, y) => (x.birth.range.from as number) - (y.birth.range.from as number));
    for (let i = 0; i < dated.length; i += 1) {
      const first = dated[i] as (typeof dated)[number];
      const firstFrom = first.birth.range.from as number;
      for (let j = i + 1; j < dated.length; j += 1) {
        const next = dated[j] as (typeof dated)[number];
        const nextFrom = next.birth.range.from as number;
        // Sorted by the earliest day: once one begins 9 months after, every later one does.
        if (nextFrom >= addMonths(firstFrom, limits.siblingMonths)) break;
        const [earlier, later] =
          (next.birth.range.to as number) < (first.birth.range.to as number) ? [next, first] : [first, next];
        const latestGap =
          (later.birth.range.to as number) < addMonths(earlier.birth.range.from as number, limits.siblingMonths);
        const notTwins = (later.birth.range.from as number) - (earlier.birth.range.to as number) > limits.twinDays;
        const key = `${later.id}:${earlier.id}`;
        if (latestGap && notTwins && !seenPairs.has(key)) {
          seenPairs.add(key);
          push({
            rule: 'quality.siblingsClose',
            objectKind: 'person',
            objectId: later.id,
            relatedKind: 'person',
            relatedId: earlier.id,
            eventIds: [earlier.birth.eventId, later.birth.eventId],
            values: { months: limits.siblingMonths },
          });
        }
      }
    }
  }

  // A place far from the place it is part of.
  const places = new Map(data.places.map((place) => [place.id, place]));
  for (const place of data.places) {
    const parent = place.parentId ? places.get(place.parentId) : undefined;
    if (place.lat === null || place.lng === null || !parent || parent.lat === null || parent.lng === null) continue;
    const km = distanceKm({ lat: place.lat, lng: place.lng }, { lat: parent.lat, lng: parent.lng });
    if (km > limits.placeParentKm) {
      push({
        rule: 'quality.placeFarFromParent',
        objectKind: 'place',
        objectId: place.id,
        relatedKind: 'place',
        relatedId: parent.id,
        values: { km: Math.round(km), limit: limits.placeParentKm },
      });
    }
  }

  // Likely duplicates: the same name (folded), the same parents (at least one) and the same birth
  // year. Grouped by parents and year first: only those who share both have their names folded.
  // The key of a set of parents: its index with one parent, a number of the two with two (persons'
  // indexes are below `count`), their indexes written out with more.
  const sameParentsAndYear = new Map<number | string, Map<number, number[]>>();
  parentsOf.forEach((parents, i) => {
    const born = lives[i]?.birth?.range;
    if (born?.from == null || born.to == null) return;
    const year = fromDayNumber(born.from).year;
    // Only a birth that falls within one calendar year has "a birth year".
    if (fromDayNumber(born.to).year !== year) return;
    const [a, b] = parents as [number, number];
    const key =
      parents.length === 1
        ? a
        : parents.length === 2
          ? Math.min(a, b) * count + Math.max(a, b)
          : [...parents].sort((x, y) => x - y).join(',');
    let years = sameParentsAndYear.get(key);
    if (!years) {
      years = new Map();
      sameParentsAndYear.set(key, years);
    }
    const list = years.get(year);
    if (list) list.push(i);
    else years.set(year, [i]);
  });
  const people = data.persons;
  for (const candidates of [...sameParentsAndYear.values()].flatMap((years) => [...years.values()])) {
    if (candidates.length < 2) continue;
    const byName = groupBy(candidates, (i) => {
      const person = people[i] as QualityPerson;
      return foldForSearch(`${person.fName ?? ''} ${person.lName ?? ''}`).trim() || null;
    });
    for (const group of byName.values()) {
      if (group.length < 2) continue;
      const ids = group.map(idOf).sort();
      const [first, ...others] = ids as [string, ...string[]];
      for (const other of others) {
        push({
          rule: 'quality.duplicate',
          objectKind: 'person',
          objectId: first,
          relatedKind: 'person',
          relatedId: other,
        });
      }
    }
  }
  return items;
}
