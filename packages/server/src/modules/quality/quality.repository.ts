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

/** An event part as the rules get it: the event's days read from the stored range (see `ruleEvents`). */
export interface RuleEvent extends SanityEvent {
  range: DayRange | null;
}

interface RuleEventRow {
  eventId: string;
  personId: string;
  type: string;
  role: string;
  from: number | null;
  to: number | null;
  /** The dates as written, only where the stored range may be clamped at year 1 or 9999. */
  edge: [string | null, string | null, string | null, string | null] | null;
}

/** Day 0 of `toDayNumber` (1970-01-01): a stored date minus it is the rules' day number. */
const epoch = sql.raw(`date '1970-01-01'`);
/** Not an alternative birth or death (issue 20): those are no life events for the rules. */
const notAlternative = sql.raw(`coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath')`);

/**
 * The event parts the rules can fire on, one row per person and event (issue 24's speed target:
 * the tree's 913,422 parts took 1.9 s to read and most of the rules' time to group and date). They
 * are every part as the main person in a birth, death or burial (each person's life, as the rules
 * pick it), and of the other parts only those that SQL finds may fire a rule on the event's own
 * days, with a day of slack each way: after a death or burial (`sanity.afterDeath`,
 * `…afterBurial`), more than `sanityLimits.maxAge` years after a birth (`sanity.ageOver110`), a
 * marriage as the main person less than `qualityLimits.minMarriageAge` + 1 years after a birth
 * (`quality.marriedYoung`). The rules test each exactly, as over every part. Dates are the
 * event's stored `date_from`/`date_to` (written from the same `eventDateRange`) as day numbers;
 * where those are clamped to year 1 or 9999 the dates as written come along to be read again.
 * An alternative birth or death (issue 20) is no life event for the rules (as notAlternative of
 * the event module). In no order, as before: the rules take a person's first birth, death and
 * burial as they come (an API-written tree has one of each at most).
 */
export async function ruleEvents(db: Db, treeId: string): Promise<RuleEvent[]> {
  const overAgeDays = (sanityLimits.maxAge + 1) * 365;
  const youngDays = (qualityLimits.minMarriageAge + 1) * 366;
  const rows = await queryRows<RuleEventRow>(
    db,
    sql`with life as (
      select ep.person_id,
        min(e.date_to) filter (where e.type in ('death', 'burial')) as end_to,
        min(e.date_to) filter (where e.type = 'birth') as birth_to,
        max(e.date_from) filter (where e.type = 'birth') as birth_from
      from ${event} e join ${eventParticipant} ep on ep.tree_id = e.tree_id and ep.event_id = e.id
      where e.tree_id = ${treeId} and e.type in ('birth', 'death', 'burial') and ep.role = 'primary'
        and ${notAlternative} and e.start_date is not null
      group by ep.person_id
    )
    select ep.event_id as "eventId", ep.person_id as "personId",
      case when ${notAlternative} then e.type else 'other' end as type, ep.role,
      case when e.start_date is not null then e.date_from - ${epoch} end as "from",
      case when e.start_date is not null then e.date_to - ${epoch} end as "to",
      case when e.start_date is not null and (e.date_from >= date '9999-12-31' or e.date_to <= date '0001-01-01')
        then json_build_array(e.start_date, e.start_date_type, e.end_date, e.end_date_type) end as edge
    from ${eventParticipant} ep
    join ${event} e on e.tree_id = ep.tree_id and e.id = ep.event_id
    left join life on life.person_id = ep.person_id
    where ep.tree_id = ${treeId} and (
      (ep.role = 'primary' and e.type in ('birth', 'death', 'burial'))
      or (e.start_date is not null and (
        life.end_to < e.date_from + 2
        or e.date_from - life.birth_to >= ${overAgeDays - 2}
        or (e.type = 'marriage' and ep.role = 'primary' and e.date_to - life.birth_from < ${youngDays + 2}))))`,
  );
  return rows.map((row) => {
    let range: DayRange | null = row.from === null && row.to === null ? null : { from: row.from, to: row.to };
    if (row.edge) {
      const [startDate, startDateType, endDate, endDateType] = row.edge;
      range = eventDateRange({ startDate, startDateType, endDate, endDateType });
    }
    return { eventId: row.eventId, personId: row.personId, type: row.type, role: row.role, range };
  });
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
