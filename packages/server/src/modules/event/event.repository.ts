import type { PersonSummary } from '@anor/core';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { event, eventParticipant, location, person, tree } from '../../db/schema.ts';
import { portraitColumn } from '../person/person.repository.ts';
import { publicEvent } from '../privacy/privacy.repository.ts';
import { looseFold } from '../search/search-sql.ts';

/** All SQL about events and their participants. Every statement filters by tree_id. */

export interface EventWrite {
  type: string;
  subtype: string | null;
  typeName: string | null;
  typeNameVerb: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
  /** First and last day the dates can mean; null is open-ended. */
  dateFrom: string | null;
  dateTo: string | null;
  causeOfEvent: string | null;
  description: string | null;
  locationId: string | null;
}

export interface EventRow extends EventWrite {
  id: string;
  /** The date as an imported file wrote it (see the schema); only an import sets it. */
  dateText: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ParticipantWrite {
  personId: string;
  role: string;
  description: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
}

export interface ParticipantRow extends ParticipantWrite, PersonSummary {
  eventId: string;
  position: number;
}

export interface NewEvent {
  id: string;
  values: EventWrite;
  participants: ParticipantWrite[];
}

const eventColumns = {
  id: event.id,
  type: event.type,
  subtype: event.subtype,
  typeName: event.typeName,
  typeNameVerb: event.typeNameVerb,
  startDate: event.startDate,
  startDateType: event.startDateType,
  endDate: event.endDate,
  endDateType: event.endDateType,
  dateFrom: event.dateFrom,
  dateText: event.dateText,
  dateTo: event.dateTo,
  causeOfEvent: event.causeOfEvent,
  description: event.description,
  locationId: event.locationId,
  revision: event.revision,
  createdAt: event.createdAt,
  updatedAt: event.updatedAt,
};

/**
 * The day an event sorts by: its first day, or for "before X" (open towards the past) the day
 * before X. The same expression is indexed (event_sort_idx).
 */
const sortDay = sql`coalesce(${event.dateFrom}, ${event.dateTo})`;

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters. */
const BATCH = 2000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts events with their participants in batches: a few statements for thousands of events. */
export async function insertEvents(db: Db, treeId: string, events: readonly NewEvent[]): Promise<void> {
  for (const batch of chunks(events, BATCH)) {
    await db.insert(event).values(batch.map((e) => ({ treeId, id: e.id, ...e.values })));
  }
  // The participants' foreign-key checks find their events by a plan made for the table as its
  // statistics describe it: a table that was empty is scanned whole for every participant (350,000
  // seeded events: minutes). Fresh statistics (they count this transaction's rows) make it a look-up.
  if (events.length >= BATCH) await db.execute(sql`analyze ${event}`);
  const participants = events.flatMap((e) =>
    e.participants.map((p, position) => ({ treeId, eventId: e.id, position, ...p })),
  );
  for (const batch of chunks(participants, BATCH)) {
    await db.insert(eventParticipant).values(batch);
  }
}

export async function findEventRows(db: Db, treeId: string, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(eventColumns)
    .from(event)
    .where(and(eq(event.treeId, treeId), inArray(event.id, [...ids])));
}

/** The participants of these events with their persons' summaries, in each event's order. */
export function participantsOf(db: Db, treeId: string, eventIds: readonly string[]): Promise<ParticipantRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      eventId: eventParticipant.eventId,
      personId: eventParticipant.personId,
      role: eventParticipant.role,
      description: eventParticipant.description,
      startDate: eventParticipant.startDate,
      startDateType: eventParticipant.startDateType,
      endDate: eventParticipant.endDate,
      endDateType: eventParticipant.endDateType,
      position: eventParticipant.position,
      id: person.id,
      fName: person.fName,
      pName: person.pName,
      lName: person.lName,
      gender: person.gender,
      occupation: person.occupation,
      rootRelation: person.rootRelation,
      portrait: portraitColumn(person.treeId, person.id),
    })
    .from(eventParticipant)
    .innerJoin(person, and(eq(person.treeId, eventParticipant.treeId), eq(person.id, eventParticipant.personId)))
    .where(and(eq(eventParticipant.treeId, treeId), inArray(eventParticipant.eventId, [...eventIds])))
    .orderBy(eventParticipant.eventId, eventParticipant.position);
}

/** Each place's name, coordinates and path, nearest first ("Sunne, Värmland, Sverige"), in one recursive statement. */
export function placePaths(db: Db, treeId: string, locationIds: readonly string[]) {
  if (locationIds.length === 0) return Promise.resolve([]);
  const ids = sql.join(
    locationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<{ id: string; name: string; text: string; lat: number | null; lng: number | null }>(
    db,
    sql`
    with recursive up(start_id, id, depth) as (
      select id, id, 0 from ${location} where tree_id = ${treeId} and id in (${ids})
      union all
      select up.start_id, l.parent_id, up.depth + 1
      from up join ${location} l on l.tree_id = ${treeId} and l.id = up.id
      where l.parent_id is not null and up.depth < 100
    )
    select up.start_id as id,
      min(case when up.depth = 0 then l.name end) as name,
      string_agg(l.name, ', ' order by up.depth) as text,
      min(case when up.depth = 0 then l.lat end) as lat,
      min(case when up.depth = 0 then l.lng end) as lng
    from up join ${location} l on l.tree_id = ${treeId} and l.id = up.id
    group by up.start_id`,
  );
}

/** Writes the event if its revision is still `revision`; answers whether it did. */
export async function updateEvent(
  db: Db,
  treeId: string,
  id: string,
  revision: number,
  values: EventWrite,
): Promise<boolean> {
  const updated = await db
    .update(event)
    .set({ ...values, revision: sql`${event.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(event.treeId, treeId), eq(event.id, id), eq(event.revision, revision)))
    .returning({ id: event.id });
  return updated.length === 1;
}

/** Marks the event changed (its participants changed): a new revision and timestamp. */
export async function touchEvent(db: Db, treeId: string, id: string): Promise<void> {
  await db
    .update(event)
    .set({ revision: sql`${event.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(event.treeId, treeId), eq(event.id, id)));
}

export async function replaceParticipants(
  db: Db,
  treeId: string,
  eventId: string,
  participants: readonly ParticipantWrite[],
): Promise<void> {
  await db
    .delete(eventParticipant)
    .where(and(eq(eventParticipant.treeId, treeId), eq(eventParticipant.eventId, eventId)));
  if (participants.length === 0) return;
  await db.insert(eventParticipant).values(participants.map((p, position) => ({ treeId, eventId, position, ...p })));
}

export async function deleteEvents(db: Db, treeId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(event).where(and(eq(event.treeId, treeId), inArray(event.id, [...ids])));
}

export interface PersonEventFilter {
  types?: readonly string[];
  excludeTypes?: readonly string[];
  onlyPrimary?: boolean;
  /** A visitor's list: only events without a living participant (`person_public` must be current). */
  onlyPublic?: boolean;
}

/** The events a person takes part in. */
export function eventIdsOfPerson(db: Db, treeId: string, personId: string, filter: PersonEventFilter = {}) {
  return eventIdsOfPersons(db, treeId, [personId], filter);
}

/** The events any of these persons takes part in (each once). */
export async function eventIdsOfPersons(
  db: Db,
  treeId: string,
  personIds: readonly string[],
  filter: PersonEventFilter = {},
): Promise<string[]> {
  if (personIds.length === 0) return [];
  const conditions: SQL[] = [eq(eventParticipant.treeId, treeId), inArray(eventParticipant.personId, [...personIds])];
  if (filter.onlyPrimary) conditions.push(eq(eventParticipant.role, 'primary'));
  if (filter.types) conditions.push(inArray(event.type, [...filter.types]));
  if (filter.excludeTypes?.length) conditions.push(notInArray(event.type, [...filter.excludeTypes]));
  if (filter.onlyPublic) conditions.push(publicEvent(treeId, sql`${event.id}`));
  const rows = await db
    .selectDistinct({ id: eventParticipant.eventId })
    .from(eventParticipant)
    .innerJoin(event, and(eq(event.treeId, eventParticipant.treeId), eq(event.id, eventParticipant.eventId)))
    .where(and(...conditions))
    .orderBy(eventParticipant.eventId);
  return rows.map((row) => row.id);
}

/** Which of these persons already are the primary participant of an event of this type (other than exceptId). */
/** Not an alternative birth or death (core `alternativeSubtypes`): the one birth and death a person has. */
export const notAlternative = sql`coalesce(${event.subtype}, '') not in ('alternativeBirth', 'alternativeDeath')`;

export async function primaryOfType(
  db: Db,
  treeId: string,
  personIds: readonly string[],
  type: string,
  exceptId: string | null,
): Promise<string[]> {
  if (personIds.length === 0) return [];
  const conditions: SQL[] = [
    eq(eventParticipant.treeId, treeId),
    inArray(eventParticipant.personId, [...personIds]),
    eq(eventParticipant.role, 'primary'),
    eq(event.type, type),
    // An alternative birth or death stands beside the one that counts.
    notAlternative,
  ];
  if (exceptId) conditions.push(sql`${event.id} <> ${exceptId}`);
  const rows = await db
    .selectDistinct({ id: eventParticipant.personId })
    .from(eventParticipant)
    .innerJoin(event, and(eq(event.treeId, eventParticipant.treeId), eq(event.id, eventParticipant.eventId)))
    .where(and(...conditions));
  return rows.map((row) => row.id);
}

/**
 * The events at these places, optionally of one type, by date; with `onlyPublic` (a visitor's list)
 * only events without a living participant (`person_public` must be current).
 */
export async function eventIdsAtPlaces(
  db: Db,
  treeId: string,
  locationIds: readonly string[],
  type: string | null,
  limit: number,
  onlyPublic = false,
): Promise<string[]> {
  if (locationIds.length === 0) return [];
  const conditions: SQL[] = [eq(event.treeId, treeId), inArray(event.locationId, [...locationIds])];
  if (type) conditions.push(eq(event.type, type));
  if (onlyPublic) conditions.push(publicEvent(treeId, sql`${event.id}`));
  const rows = await db
    .select({ id: event.id })
    .from(event)
    .where(and(...conditions))
    .orderBy(sql`${sortDay} nulls last`, event.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Events of the given types whose date interval overlaps [from, to] (null: open-ended), optionally
 * only at the given places. Events without any date never overlap. With `onlyPublic` (a visitor's
 * answer) only events without a living participant (`person_public` must be current).
 */
export async function overlappingEventIds(
  db: Db,
  treeId: string,
  query: {
    from: string | null;
    to: string | null;
    types: readonly string[];
    locationIds: readonly string[] | null;
    exceptId: string | null;
    limit: number;
    onlyPublic?: boolean;
  },
): Promise<string[]> {
  const conditions: SQL[] = [
    eq(event.treeId, treeId),
    inArray(event.type, [...query.types]),
    sql`(${event.dateFrom} is not null or ${event.dateTo} is not null)`,
  ];
  if (query.to) conditions.push(sql`(${event.dateFrom} is null or ${event.dateFrom} <= ${query.to})`);
  if (query.from) conditions.push(sql`(${event.dateTo} is null or ${event.dateTo} >= ${query.from})`);
  if (query.locationIds) {
    if (query.locationIds.length === 0) return [];
    conditions.push(inArray(event.locationId, [...query.locationIds]));
  }
  if (query.exceptId) conditions.push(sql`${event.id} <> ${query.exceptId}`);
  if (query.onlyPublic) conditions.push(publicEvent(treeId, sql`${event.id}`));
  const rows = await db
    .select({ id: event.id })
    .from(event)
    .where(and(...conditions))
    .orderBy(sql`${event.dateFrom} nulls first`, event.id)
    .limit(query.limit);
  return rows.map((row) => row.id);
}

export interface EventListFilter {
  type?: string;
  terms: string[];
  sort: 'type' | 'date';
  direction: 'asc' | 'desc';
  /**
   * A visitor's list: only events without a living participant (private events are left out, so
   * neither a search nor the date order tells of them); `person_public` must be current.
   */
  onlyPublic?: boolean;
  limit: number;
  offset: number;
}

function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of the tree's events. Search terms match a participant's names, the place's name, or the
 * event's description, cause or occupation and own type name (issue 19, item 16), accent-folded;
 * every term must match.
 */
export async function listEventIds(db: Db, treeId: string, filter: EventListFilter) {
  const conditions: SQL[] = [eq(event.treeId, treeId)];
  if (filter.type) conditions.push(eq(event.type, filter.type));
  for (const term of filter.terms) {
    const like = likeTerm(term);
    conditions.push(sql`(
      exists (select 1 from ${eventParticipant} ep join ${person} p on p.tree_id = ep.tree_id and p.id = ep.person_id
              where ep.tree_id = ${treeId} and ep.event_id = ${event.id} and p.search_text like ${like})
      or exists (select 1 from ${location} l where l.tree_id = ${treeId} and l.id = ${event.locationId} and l.name_key like ${like})
      or ${looseFold(sql`coalesce(${event.description}, '') || ' ' || coalesce(${event.causeOfEvent}, '') || ' ' || coalesce(${event.typeName}, '')`)} like ${like})`);
  }
  const matching = and(...conditions);
  if (filter.onlyPublic) conditions.push(publicEvent(treeId, sql`${event.id}`));
  const where = and(...conditions);
  const dir = filter.direction === 'desc' ? sql`desc` : sql`asc`;
  const order =
    filter.sort === 'type'
      ? [sql`${event.type} ${dir}`, sql`${sortDay} ${dir} nulls last`, sql`${event.id} ${dir}`]
      : [sql`${sortDay} ${dir} nulls last`, sql`${event.id} ${dir}`];
  const rows = await db
    .select({ id: event.id })
    .from(event)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
  const isWhole = !filter.type && filter.terms.length === 0;
  if (!filter.onlyPublic) {
    const [total] = isWhole
      ? await db.select({ value: tree.eventsCount }).from(tree).where(eq(tree.id, treeId))
      : await db.select({ value: sql<number>`count(*)::int` }).from(event).where(where);
    return { ids: rows.map((row) => row.id), total: total?.value ?? 0 };
  }
  // A visitor's total: the matching events less the private ones among them. Counting the public
  // ones directly asks every event of the tree about each participant (400,000 events: 0.4 s); the
  // private ones are found from the living persons, usually few, and none at all when every person
  // of the tree is public (the tree's and the privacy cache's counters say so).
  const [counts] = await queryRows<{ matching: number; living: number }>(
    db,
    sql`select ${isWhole ? sql`t.events_count` : sql`(select count(*)::int from ${event} where ${matching})`} as matching,
          t.persons_count - coalesce(p.public_count, 0) as living
        from ${tree} t left join tree_privacy p on p.tree_id = t.id where t.id = ${treeId}`,
  );
  if (!counts) return { ids: rows.map((row) => row.id), total: 0 };
  const [hidden] =
    counts.living > 0
      ? await queryRows<{ value: number }>(
          db,
          sql`select count(distinct ${event.id})::int as value
              from ${person} p
              join ${eventParticipant} pe on pe.tree_id = ${treeId} and pe.person_id = p.id
              join ${event} on ${event.treeId} = ${treeId} and ${event.id} = pe.event_id
              where p.tree_id = ${treeId} and ${matching}
                and not exists (select 1 from person_public pp where pp.tree_id = ${treeId} and pp.person_id = p.id)`,
        )
      : [];
  return { ids: rows.map((row) => row.id), total: counts.matching - (hidden?.value ?? 0) };
}

/**
 * The events that cannot stand without this person: those where nobody else takes part, and those
 * whose only primary participant the person is, for types that need one (a birth without its child).
 * A couple event keeps the other partner.
 */
export async function eventsDependingOn(db: Db, treeId: string, personId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    select e.id from ${eventParticipant} mine
    join ${event} e on e.tree_id = mine.tree_id and e.id = mine.event_id
    where mine.tree_id = ${treeId} and mine.person_id = ${personId}
      and (
        not exists (select 1 from ${eventParticipant} o
                    where o.tree_id = ${treeId} and o.event_id = e.id and o.person_id <> ${personId})
        or (mine.role = 'primary' and e.type <> 'residence'
            and not exists (select 1 from ${eventParticipant} o
                            where o.tree_id = ${treeId} and o.event_id = e.id and o.person_id <> ${personId}
                              and o.role = 'primary'))
      )`,
  );
  return rows.map((row) => row.id);
}

/** Events at these places move to another place (null: no place). */
export async function moveEventsToPlace(
  db: Db,
  treeId: string,
  fromIds: readonly string[],
  toId: string | null,
): Promise<void> {
  if (fromIds.length === 0) return;
  await db
    .update(event)
    .set({ locationId: toId, revision: sql`${event.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(event.treeId, treeId), inArray(event.locationId, [...fromIds])));
}

export async function analyzeTables(db: Db): Promise<void> {
  await db.execute(sql`analyze ${event}`);
  await db.execute(sql`analyze ${eventParticipant}`);
}
