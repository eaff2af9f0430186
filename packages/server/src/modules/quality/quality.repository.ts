import {
  type DayRange,
  eventDateRange,
  type QualityEventFact,
  type QualityItem,
  type QualityPerson,
  type QualityPlace,
  type QualityRule,
  qualityLimits,
  type SanityEvent,
  type SanityLife,
  sanityLimits,
  uuidv7,
} from '@anor/core';
import { type SQL, sql } from 'drizzle-orm';
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

/** An event part as the rules get it: the event's days read from the stored range (see `ruleParts`). */
export interface RuleEvent extends SanityEvent {
  range: DayRange | null;
}

/** No numbers: the message of a finding after a death needs none (one object for all of them). */
const noValues: Record<string, number> = Object.freeze({}) as Record<string, number>;

/** Day 0 of `toDayNumber` (1970-01-01): a stored date minus it is the rules' day number. */
const epoch = sql.raw(`date '1970-01-01'`);
/** Not an alternative birth or death (issue 20): those are no life events for the rules. */
const notAlternative = sql.raw(`coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath')`);
/** The days a date column holds an earlier or later date as (`eventDateIsoRange` keeps years 1–9999). */
const firstDay = sql.raw(`date '0001-01-01'`);
const lastDay = sql.raw(`date '9999-12-31'`);

/**
 * A statement's rows with PostgreSQL's JIT compiler off. The planner's row estimates for the
 * life events (a common table it cannot see into) are far too high once joined, so it judged the
 * statements worth compiling: 2.4 s of compiling for 0.7 s of work on the bench's tree.
 */
async function withoutJit<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<T>(tx, query);
  });
}

/**
 * Each person's first birth, death and burial as the main person (by event id, the order they were
 * written in), as the common table `own`: the life the rules read (an alternative birth or death of
 * issue 20 is none). `dated`: it has days; `edge`: its dates as written, where the stored days may
 * be clamped at year 1 or 9999.
 */
function ownLifeEvents(treeId: string) {
  return sql`own as (
      select distinct on (ep.person_id, e.type) ep.person_id, e.type, e.id, e.date_from, e.date_to,
        e.start_date is not null and (e.date_from is not null or e.date_to is not null) as dated,
        case when e.date_from >= ${lastDay} or e.date_to <= ${firstDay}
          then json_build_array(e.start_date, e.start_date_type, e.end_date, e.end_date_type) end as edge
      from ${event} e join ${eventParticipant} ep on ep.tree_id = e.tree_id and ep.event_id = e.id
      where e.tree_id = ${treeId} and e.type in ('birth', 'death', 'burial') and ep.role = 'primary'
        and ${notAlternative}
      order by ep.person_id, e.type, e.id
    )`;
}

type Edge = [string | null, string | null, string | null, string | null];

const rangeOf = (from: number | null, to: number | null, edge: Edge | null): DayRange | null => {
  if (edge) {
    const [startDate, startDateType, endDate, endDateType] = edge;
    return eventDateRange({ startDate, startDateType, endDate, endDateType });
  }
  return from === null && to === null ? null : { from, to };
};

interface LifeRow extends QualityPerson {
  birthId: string | null;
  birthFrom: number | null;
  birthTo: number | null;
  birthEdge: Edge | null;
  deathId: string | null;
  deathFrom: number | null;
  deathTo: number | null;
  deathEdge: Edge | null;
  burialId: string | null;
  burialFrom: number | null;
  burialTo: number | null;
  burialEdge: Edge | null;
  /** The person's parents, as indexes of this answer. */
  parents: number[] | null;
}

/** The persons, each person's life and the parent links, indexed as the rules read them. */
export interface RuleLives {
  persons: QualityPerson[];
  lives: SanityLife[];
  linkParent: number[];
  linkChild: number[];
}

/**
 * Every person of the tree in one row each, ordered by id: their names and gender, their life
 * (`own`, each event with its days) and their parents as indexes of the same answer, so that the
 * rules in memory group nothing (`SanityIndex` of @anor/core).
 */
export async function ruleLives(db: Db, treeId: string): Promise<RuleLives> {
  const rows = await withoutJit<LifeRow>(db, ruleLivesQuery(treeId));
  const persons: QualityPerson[] = [];
  const lives: SanityLife[] = [];
  const linkParent: number[] = [];
  const linkChild: number[] = [];
  const dated = (id: string | null, from: number | null, to: number | null, edge: Edge | null) => {
    const range = id === null ? null : rangeOf(from, to, edge);
    return id !== null && range ? { eventId: id, range } : null;
  };
  rows.forEach((row, index) => {
    persons.push({ id: row.id, gender: row.gender, fName: row.fName, lName: row.lName });
    lives.push({
      birth: dated(row.birthId, row.birthFrom, row.birthTo, row.birthEdge),
      death: dated(row.deathId, row.deathFrom, row.deathTo, row.deathEdge),
      burial: dated(row.burialId, row.burialFrom, row.burialTo, row.burialEdge),
    });
    for (const parent of row.parents ?? []) {
      linkParent.push(parent);
      linkChild.push(index);
    }
  });
  return { persons, lives, linkParent, linkChild };
}

/** The statement of `ruleLives` (apart, for EXPLAIN). */
export function ruleLivesQuery(treeId: string) {
  const lifeColumns = (alias: string, name: string) =>
    sql.raw(`case when ${alias}.dated then ${alias}.id end as "${name}Id",
      case when ${alias}.dated then ${alias}.date_from - date '1970-01-01' end as "${name}From",
      case when ${alias}.dated then ${alias}.date_to - date '1970-01-01' end as "${name}To",
      case when ${alias}.dated then ${alias}.edge end as "${name}Edge"`);
  return sql`with n as (
      select id, gender, f_name, l_name, (row_number() over (order by id) - 1)::int as i
      from ${person} where tree_id = ${treeId}
    ), ${ownLifeEvents(treeId)}, pa as (
      select pc.child_id, array_agg(pn.i) as parents
      from ${parentChild} pc join n pn on pn.id = pc.parent_id
      where pc.tree_id = ${treeId} group by pc.child_id
    )
    select n.id, n.gender, n.f_name as "fName", n.l_name as "lName",
      ${lifeColumns('b', 'birth')}, ${lifeColumns('d', 'death')}, ${lifeColumns('u', 'burial')}, pa.parents
    from n
    left join own b on b.person_id = n.id and b.type = 'birth'
    left join own d on d.person_id = n.id and d.type = 'death'
    left join own u on u.person_id = n.id and u.type = 'burial'
    left join pa on pa.child_id = n.id
    order by n.i`;
}

interface RulePartRow {
  eventId: string;
  personId: string;
  type: string;
  role: string;
  from: number | null;
  to: number | null;
  /** The dates as written, only where the stored range may be clamped at year 1 or 9999. */
  edge: Edge | null;
  /** A part that may fire a rule in memory. */
  candidate: boolean;
  /** After the person's death or burial (`endId`); `afterEdge`: perhaps, to be read again with `endEdge`. */
  after: boolean;
  afterEdge: boolean;
  endId: string | null;
  endEdge: Edge | null;
  endIsDeath: boolean | null;
}

/**
 * The event parts the rules need, in one statement over the tree's 913,422 parts (issue 24's
 * speed target), each person's life (`own`) beside them:
 *
 * - `candidates`, for the rules in memory: the parts that SQL finds may fire a rule on the event's
 *   own days, with a day of slack each way: more than `sanityLimits.maxAge` years after the birth
 *   (`sanity.ageOver110`), a marriage as the main person less than
 *   `qualityLimits.minMarriageAge` + 1 years after it (`quality.marriedYoung`). The rules test
 *   each exactly.
 * - `afterEnd`: the findings of the parts surely after the person's dated death, or burial when
 *   no death is dated (`sanity.afterDeath`, `…afterBurial`), found here exactly as
 *   `sanityWarnings` finds them (it skips them): they are most of a large tree's findings
 *   (96,592 of 163,000 on the bench's tree), and only their ids leave the database.
 *
 * Dates are the event's stored `date_from`/`date_to` (written from the same `eventDateRange`) as
 * day numbers. Where those are clamped to year 1 or 9999 the dates as written come along to be read
 * again; a part on the very day of its person's end at such a clamp is read again here too.
 */
export async function ruleParts(db: Db, treeId: string): Promise<{ candidates: RuleEvent[]; afterEnd: QualityItem[] }> {
  const rows = await withoutJit<RulePartRow>(db, rulePartsQuery(treeId));
  const candidates: RuleEvent[] = [];
  const afterEnd: QualityItem[] = [];
  for (const row of rows) {
    if (row.candidate) {
      const range = rangeOf(row.from, row.to, row.edge);
      candidates.push({ eventId: row.eventId, personId: row.personId, type: row.type, role: row.role, range });
    }
    if (!row.endId || !(row.after || row.afterEdge)) continue;
    if (row.afterEdge) {
      const end = rangeOf(null, null, row.endEdge);
      const range = rangeOf(row.from, row.to, row.edge);
      if (end?.to == null || range?.from == null || !(end.to < range.from)) continue;
    }
    afterEnd.push({
      rule: row.endIsDeath ? 'sanity.afterDeath' : 'sanity.afterBurial',
      objectKind: 'person',
      objectId: row.personId,
      relatedKind: 'event',
      relatedId: row.eventId,
      eventIds: [row.endId, row.eventId],
      values: noValues,
    });
  }
  return { candidates, afterEnd };
}

/** The statement of `ruleParts` (apart, for EXPLAIN). */
export function rulePartsQuery(treeId: string) {
  const overAgeDays = (sanityLimits.maxAge + 1) * 365;
  const youngDays = (qualityLimits.minMarriageAge + 1) * 366;
  return sql`with ${ownLifeEvents(treeId)}, life as (
      select p.id as person_id,
        case when b.dated then b.id end as dated_birth_id,
        case when b.dated then b.date_to end as birth_to,
        case when b.dated then b.date_from end as birth_from,
        coalesce(d.dated, false) as end_is_death,
        case when d.dated then d.id when u.dated then u.id end as end_id,
        case when d.dated then d.date_to when u.dated then u.date_to end as end_to,
        case when d.dated then d.edge when u.dated then u.edge end as end_edge
      from ${person} p
      left join own b on b.person_id = p.id and b.type = 'birth'
      left join own d on d.person_id = p.id and d.type = 'death'
      left join own u on u.person_id = p.id and u.type = 'burial'
      where p.tree_id = ${treeId}
    ), part as (
      select ep.event_id, ep.person_id, ep.role, l.end_id, l.end_is_death, l.end_edge,
        case when ${notAlternative} then e.type else 'other' end as type,
        e.start_date, e.start_date_type, e.end_date, e.end_date_type,
        case when e.start_date is not null then e.date_from end as date_from,
        case when e.start_date is not null then e.date_to end as date_to,
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
      candidate,
      may_be_after and end_to < date_from as after,
      may_be_after and end_to = date_from and date_from in (${firstDay}, ${lastDay}) as "afterEdge",
      end_id as "endId", case when may_be_after and end_to = date_from then end_edge end as "endEdge",
      end_is_death as "endIsDeath"
    from part
    where candidate or (may_be_after and end_to <= date_from)`;
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
