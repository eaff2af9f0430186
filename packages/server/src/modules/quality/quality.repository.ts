import {
  type DayRange,
  eventDateRange,
  type QualityEventFact,
  type QualityPerson,
  type QualityPlace,
  type QualityRule,
  qualityLimits,
  type SanityEvent,
  type SanityParentLink,
  sanityLimits,
  uuidv7,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  citationLink,
  event,
  eventParticipant,
  location,
  parentChild,
  person,
  qualityDismissal,
  tree,
} from '../../db/schema.ts';

/**
 * The data-quality report's SQL (issue 24): the whole tree read set-wise, one statement per table
 * (no query per person), for the rules of @anor/core to run over in one pass in memory. Every
 * statement filters by tree_id.
 */

export async function persons(db: Db, treeId: string): Promise<QualityPerson[]> {
  return queryRows<QualityPerson>(
    db,
    sql`select id, gender, f_name as "fName", l_name as "lName" from ${person} where tree_id = ${treeId}`,
  );
}

/** An event part as the rules get it: the event's days read from the stored range (see `ruleParts`). */
export interface RuleEvent extends SanityEvent {
  range: DayRange | null;
}

/** A part found after its person's death (or burial, for one with no dated death): `ruleParts`. */
export interface AfterEndPart {
  personId: string;
  eventId: string;
  /** The death or burial it is after. */
  endId: string;
  death: boolean;
}

interface RulePartRow {
  eventId: string;
  personId: string;
  type: string;
  role: string;
  from: number | null;
  to: number | null;
  /** The dates as written, only where the stored range may be clamped at year 1 or 9999. */
  edge: [string | null, string | null, string | null, string | null] | null;
  /** One of the person's life events (their first birth, death or burial). */
  life: boolean;
  /** For the rules in memory: a life event, or a part that may fire a rule. */
  rules: boolean;
  /** After the person's death or burial (`endId`); `afterEdge`: perhaps, to be read again. */
  after: boolean;
  afterEdge: boolean;
  endId: string | null;
  endIsDeath: boolean | null;
}

/** Day 0 of `toDayNumber` (1970-01-01): a stored date minus it is the rules' day number. */
const epoch = sql.raw(`date '1970-01-01'`);
/** Not an alternative birth or death (issue 20): those are no life events for the rules. */
const notAlternative = sql.raw(`coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath')`);
/** The days a date column holds an earlier or later date as (`eventDateIsoRange` keeps years 1–9999). */
const firstDay = sql.raw(`date '0001-01-01'`);
const lastDay = sql.raw(`date '9999-12-31'`);

const rangeOfRow = (row: RulePartRow): DayRange | null => {
  if (row.edge) {
    const [startDate, startDateType, endDate, endDateType] = row.edge;
    return eventDateRange({ startDate, startDateType, endDate, endDateType });
  }
  return row.from === null && row.to === null ? null : { from: row.from, to: row.to };
};

/**
 * The event parts the rules need, in one statement over the tree's 913,422 parts (issue 24's
 * speed target). Each person's life is their first birth, death and burial as the main person (by
 * event id, the order they were written in; an alternative birth or death of issue 20 is none).
 *
 * - `events`, for the rules in memory: those life events, and of the other parts those that SQL
 *   finds may fire a rule on the event's own days, with a day of slack each way: more than
 *   `sanityLimits.maxAge` years after a birth (`sanity.ageOver110`), a marriage as the main person
 *   less than `qualityLimits.minMarriageAge` + 1 years after a birth (`quality.marriedYoung`). The
 *   rules test each exactly. Life events come first, so the rules take the same ones.
 * - `afterEnd`: the parts surely after the person's dated death, or burial when no death is dated
 *   (`sanity.afterDeath`, `…afterBurial`), found here exactly as `sanityWarnings` finds them (it
 *   skips them): they are most of a large tree's findings (96,592 of 163,000 on the bench's tree),
 *   and only their ids leave the database.
 *
 * Dates are the event's stored `date_from`/`date_to` (written from the same `eventDateRange`) as
 * day numbers. Where those are clamped to year 1 or 9999 the dates as written come along to be read
 * again; a part on the very day of its person's end at such a clamp is read again here too.
 */
export async function ruleParts(db: Db, treeId: string): Promise<{ events: RuleEvent[]; afterEnd: AfterEndPart[] }> {
  const rows = await queryRows<RulePartRow>(db, rulePartsQuery(treeId));
  const events: RuleEvent[] = [];
  const later: RuleEvent[] = [];
  const rangeById = new Map<string, DayRange | null>();
  for (const row of rows) {
    if (!row.rules) continue;
    const range = rangeOfRow(row);
    rangeById.set(row.eventId, range);
    const part = { eventId: row.eventId, personId: row.personId, type: row.type, role: row.role, range };
    // Life events first: the rules take a person's first birth, death and burial as they come.
    if (row.life) events.push(part);
    else later.push(part);
  }
  const afterEnd: AfterEndPart[] = [];
  for (const row of rows) {
    if (!row.endId || !(row.after || row.afterEdge)) continue;
    if (row.afterEdge) {
      const end = rangeById.get(row.endId);
      const range = rangeOfRow(row);
      if (end?.to == null || range?.from == null || !(end.to < range.from)) continue;
    }
    afterEnd.push({ personId: row.personId, eventId: row.eventId, endId: row.endId, death: row.endIsDeath === true });
  }
  return { events: events.concat(later), afterEnd };
}

/** The statement of `ruleParts` (apart, for EXPLAIN). */
export function rulePartsQuery(treeId: string) {
  const overAgeDays = (sanityLimits.maxAge + 1) * 365;
  const youngDays = (qualityLimits.minMarriageAge + 1) * 366;
  return sql`with own as (
      select distinct on (ep.person_id, e.type) ep.person_id, e.type, e.id, e.date_from, e.date_to,
        e.start_date is not null and (e.date_from is not null or e.date_to is not null) as dated
      from ${event} e join ${eventParticipant} ep on ep.tree_id = e.tree_id and ep.event_id = e.id
      where e.tree_id = ${treeId} and e.type in ('birth', 'death', 'burial') and ep.role = 'primary'
        and ${notAlternative}
      order by ep.person_id, e.type, e.id
    ), life as (
      select p.id as person_id, b.id as birth_id, d.id as death_id, u.id as burial_id,
        case when b.dated then b.id end as dated_birth_id,
        case when b.dated then b.date_to end as birth_to,
        case when b.dated then b.date_from end as birth_from,
        coalesce(d.dated, false) as end_is_death,
        case when d.dated then d.id when u.dated then u.id end as end_id,
        case when d.dated then d.date_to when u.dated then u.date_to end as end_to
      from ${person} p
      left join own b on b.person_id = p.id and b.type = 'birth'
      left join own d on d.person_id = p.id and d.type = 'death'
      left join own u on u.person_id = p.id and u.type = 'burial'
      where p.tree_id = ${treeId}
    ), part as (
      select ep.event_id, ep.person_id, ep.role, l.end_id, l.end_is_death,
        case when ${notAlternative} then e.type else 'other' end as type,
        e.start_date, e.start_date_type, e.end_date, e.end_date_type,
        case when e.start_date is not null then e.date_from end as date_from,
        case when e.start_date is not null then e.date_to end as date_to,
        ep.role = 'primary' and ep.event_id in (l.birth_id, l.death_id, l.burial_id) as is_life,
        e.start_date is not null and (
          e.date_from - l.birth_to >= ${overAgeDays - 2}
          or (e.type = 'marriage' and ep.role = 'primary' and e.date_to - l.birth_from < ${youngDays + 2})) as candidate,
        e.start_date is not null and l.end_id is not null and ep.role <> 'parent' and ep.event_id <> l.end_id
          and ep.event_id is distinct from l.dated_birth_id
          and not (ep.role = 'primary' and ${notAlternative} and e.type in ('death', 'burial', 'inventory', 'will'))
          as may_be_after,
        l.end_to
      from ${eventParticipant} ep
      join ${event} e on e.tree_id = ep.tree_id and e.id = ep.event_id
      left join life l on l.person_id = ep.person_id
      where ep.tree_id = ${treeId}
    )
    select event_id as "eventId", person_id as "personId", type, role,
      date_from - ${epoch} as "from", date_to - ${epoch} as "to",
      case when date_from >= ${lastDay} or date_to <= ${firstDay}
        then json_build_array(start_date, start_date_type, end_date, end_date_type) end as edge,
      is_life as life, is_life or candidate as rules,
      may_be_after and end_to < date_from as after,
      may_be_after and end_to = date_from and date_from in (${firstDay}, ${lastDay}) as "afterEdge",
      end_id as "endId", end_is_death as "endIsDeath"
    from part
    where is_life or candidate or (may_be_after and end_to <= date_from)`;
}

/** The persons with no part in any event. */
export async function eventlessPersonIds(db: Db, treeId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from ${person} p where p.tree_id = ${treeId}
      and not exists (select 1 from ${eventParticipant} ep where ep.tree_id = ${treeId} and ep.person_id = p.id)
      order by p.id`,
  );
  return rows.map((row) => row.id);
}

/** The events with a place but neither a date (nor a date as written) nor a citation: found in SQL. */
export async function placedUndatedUnsourced(db: Db, treeId: string): Promise<QualityEventFact[]> {
  const rows = await queryRows<{ eventId: string; type: string; locationId: string }>(
    db,
    sql`select e.id as "eventId", e.type, e.location_id as "locationId" from ${event} e
    where e.tree_id = ${treeId} and e.location_id is not null and e.start_date is null and e.date_text is null
      and not exists (select 1 from ${citationLink} cl where cl.tree_id = ${treeId} and cl.node_id = e.id)`,
  );
  return rows.map((row) => ({ ...row, hasDate: false, hasSource: false }));
}

export async function parentLinks(db: Db, treeId: string): Promise<SanityParentLink[]> {
  return queryRows<SanityParentLink>(
    db,
    sql`select parent_id as "parentId", child_id as "childId" from ${parentChild} where tree_id = ${treeId}`,
  );
}

/** The places with coordinates (the only ones a distance can be measured for). */
export async function placesWithCoordinates(db: Db, treeId: string): Promise<QualityPlace[]> {
  return queryRows<QualityPlace>(
    db,
    sql`select id, parent_id as "parentId", lat, lng from ${location} where tree_id = ${treeId} and lat is not null`,
  );
}

/** The tree's content revision (migration 0036): raised by every change the report could see. */
export async function contentRevision(db: Db, treeId: string): Promise<number> {
  const rows = await queryRows<{ revision: string | number }>(
    db,
    sql`select content_revision as revision from ${tree} where id = ${treeId}`,
  );
  return Number(rows[0]?.revision ?? 0);
}

export interface DismissalRow {
  rule: string;
  objectId: string;
  relatedId: string | null;
}

export async function dismissals(db: Db, treeId: string): Promise<DismissalRow[]> {
  return queryRows<DismissalRow>(
    db,
    sql`select rule, object_id as "objectId", related_id as "relatedId" from ${qualityDismissal} where tree_id = ${treeId}`,
  );
}

/** Names of these places. */
export async function placeNames(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from ${location} where tree_id = ${treeId} and id = any(${sql.param([...ids])}::uuid[])`,
  );
}

/** Type and date of these events. */
export async function eventLabels(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; type: string; startDate: string | null; startDateType: string | null }>(
    db,
    sql`select id, type, start_date as "startDate", start_date_type as "startDateType" from ${event}
    where tree_id = ${treeId} and id = any(${sql.param([...ids])}::uuid[])`,
  );
}

/** Whether the object exists in the tree (a person, an event or a place). */
export async function objectExists(db: Db, treeId: string, kind: 'person' | 'event' | 'place', id: string) {
  const table = kind === 'person' ? person : kind === 'event' ? event : location;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from ${table} where tree_id = ${treeId} and id = ${id}`,
  );
  return rows.length > 0;
}

export async function insertDismissal(
  db: Db,
  treeId: string,
  item: { rule: QualityRule; objectId: string; relatedId: string | null },
): Promise<void> {
  await db
    .insert(qualityDismissal)
    .values({ treeId, id: uuidv7(), rule: item.rule, objectId: item.objectId, relatedId: item.relatedId })
    .onConflictDoNothing();
}

export async function deleteDismissal(
  db: Db,
  treeId: string,
  item: { rule: QualityRule; objectId: string; relatedId: string | null },
): Promise<void> {
  await db.execute(
    sql`delete from ${qualityDismissal} where tree_id = ${treeId} and rule = ${item.rule}
      and object_id = ${item.objectId} and related_id is not distinct from ${item.relatedId}::uuid`,
  );
}
