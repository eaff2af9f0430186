import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  citation,
  citationLink,
  event,
  eventParticipant,
  location,
  note,
  noteLink,
  parentChild,
  partner,
  person,
  personName,
  sourceRecord,
} from '../../db/schema.ts';

/**
 * The reads of the reports (issue 23). Each is one statement for the whole report, whatever its
 * size: the ancestors and descendants by a recursive query, then the persons, events, citations
 * and notes of every id at once.
 */

const uuidList = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export interface AncestorRow {
  id: string;
  sosa: number;
  generation: number;
}

/**
 * The person (Sosa number 1) and their ancestors to `generations` (the person's own is the first):
 * a father gets twice his child's number, a mother twice plus one. Parents are ranked man, woman,
 * other (then by id), so two fathers or an unknown gender still get the two numbers. A person met
 * along two lines (pedigree collapse) has a row for each number; the walk ends with the
 * generations, so a loop cannot hold it.
 */
export function ancestorsOf(db: Db, treeId: string, personId: string, generations: number) {
  const rank = (alias: string) => sql.raw(`case ${alias}.gender when 'male' then 0 when 'female' then 1 else 2 end`);
  return queryRows<AncestorRow>(
    db,
    sql`
    with recursive walk(id, sosa, generation) as (
      select p.id, 1::bigint, 1 from ${person} p where p.tree_id = ${treeId} and p.id = ${personId}
      union all
      select pc.parent_id,
        walk.sosa * 2 + (
          select count(*) from ${parentChild} o join ${person} op on op.tree_id = o.tree_id and op.id = o.parent_id
          where o.tree_id = ${treeId} and o.child_id = walk.id and o.parent_id <> pc.parent_id
            and (${rank('op')} < ${rank('pp')} or (${rank('op')} = ${rank('pp')} and o.parent_id < pc.parent_id))),
        walk.generation + 1
      from walk
      join ${parentChild} pc on pc.tree_id = ${treeId} and pc.child_id = walk.id
      join ${person} pp on pp.tree_id = pc.tree_id and pp.id = pc.parent_id
      where walk.generation < ${generations}
    )
    select id::text as id, sosa::int as sosa, generation from walk order by sosa`,
  );
}

export interface DescentRow {
  id: string;
  parentId: string | null;
  generation: number;
}

/**
 * The person and their descendants to `generations`, as child–parent pairs (a child of two
 * descendants has two). UNION drops repeats; the limit keeps a pathological tree's report finite.
 */
export function descendantsOf(db: Db, treeId: string, personId: string, generations: number, limit: number) {
  return queryRows<DescentRow>(
    db,
    sql`
    with recursive walk(id, parent_id, generation) as (
      select p.id, null::uuid, 1 from ${person} p where p.tree_id = ${treeId} and p.id = ${personId}
      union
      select pc.child_id, pc.parent_id, walk.generation + 1
      from walk join ${parentChild} pc on pc.tree_id = ${treeId} and pc.parent_id = walk.id
      where walk.generation < ${generations}
    )
    select id::text as id, parent_id::text as "parentId", generation from walk
    order by generation, parent_id nulls first, id
    limit ${limit}`,
  );
}

export interface ReportPersonRow {
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  gender: string;
  occupation: string | null;
  description: string | null;
}

export function personsOf(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<ReportPersonRow>(
    db,
    sql`select p.id::text as id, p.f_name as "fName", p.p_name as "pName", p.l_name as "lName", p.gender,
      p.occupation, p.description
    from ${person} p where p.tree_id = ${treeId} and p.id = any(${uuidList(ids)})`,
  );
}

export interface OtherNameRow {
  id: string;
  personId: string;
  type: string;
  fName: string | null;
  lName: string | null;
}

export function otherNamesOf(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<OtherNameRow>(
    db,
    sql`select n.id::text as id, n.person_id::text as "personId", n.type, n.f_name as "fName", n.l_name as "lName"
    from ${personName} n where n.tree_id = ${treeId} and n.person_id = any(${uuidList(ids)})
    order by n.person_id, n.position, n.id`,
  );
}

export interface ReportEventRow {
  personId: string;
  role: string;
  id: string;
  type: string;
  subtype: string | null;
  typeName: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
  dateText: string | null;
  description: string | null;
  causeOfEvent: string | null;
  /** The place with its parents, "Lysvik, Värmland, Sverige". */
  place: string | null;
}

/**
 * The events the persons take part in (`roles`: only in those roles), each with its place named
 * through its parents (farm, parish, county, country): one statement, the places' chains by a
 * recursive query over the places these events use.
 */
export function eventsOf(db: Db, treeId: string, ids: readonly string[], options: { types?: readonly string[] } = {}) {
  if (ids.length === 0) return Promise.resolve([]);
  const typeFilter = options.types ? sql`and e.type = any(${`{${options.types.join(',')}}`}::text[])` : sql``;
  return queryRows<ReportEventRow>(
    db,
    sql`
    with recursive chosen as (
      select ep.person_id, ep.role, e.* from ${eventParticipant} ep
      join ${event} e on e.tree_id = ep.tree_id and e.id = ep.event_id
      where ep.tree_id = ${treeId} and ep.person_id = any(${uuidList(ids)}) ${typeFilter}
    ), chain(origin, id, depth) as (
      select distinct location_id, location_id, 0 from chosen where location_id is not null
      union all
      select chain.origin, l.parent_id, chain.depth + 1 from chain
      join ${location} l on l.tree_id = ${treeId} and l.id = chain.id
      where l.parent_id is not null and chain.depth < 12
    ), places as (
      select chain.origin, string_agg(l.name, ', ' order by chain.depth) as name from chain
      join ${location} l on l.tree_id = ${treeId} and l.id = chain.id group by chain.origin
    )
    select c.person_id::text as "personId", c.role, c.id::text as id, c.type, c.subtype, c.type_name as "typeName",
      c.start_date as "startDate", c.start_date_type as "startDateType", c.end_date as "endDate",
      c.end_date_type as "endDateType", c.date_text as "dateText", c.description, c.cause_of_event as "causeOfEvent",
      places.name as place
    from chosen c left join places on places.origin = c.location_id
    order by coalesce(c.date_from, c.date_to) nulls last, c.id`,
  );
}

export interface CitationRow {
  nodeId: string;
  id: string;
  whereWithinSourceText: string | null;
  whereWithinSourceUrl: string | null;
  recordTitle: string | null;
  originator: string | null;
}

/** The citations of the items (events, persons), in each item's order. */
export function citationsOf(db: Db, treeId: string, nodeIds: readonly string[]) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return queryRows<CitationRow>(
    db,
    sql`select cl.node_id::text as "nodeId", c.id::text as id, c.where_within_source_text as "whereWithinSourceText",
      c.where_within_source_url as "whereWithinSourceUrl", r.title as "recordTitle", r.originator
    from ${citationLink} cl
    join ${citation} c on c.tree_id = cl.tree_id and c.id = cl.citation_id
    left join ${sourceRecord} r on r.tree_id = c.tree_id and r.id = c.record_id
    where cl.tree_id = ${treeId} and cl.node_id = any(${uuidList(nodeIds)})
    order by cl.node_id, cl.position, c.id`,
  );
}

export interface NoteRow {
  nodeId: string;
  id: string;
  title: string | null;
  text: string;
}

/** The notes of the items, in each item's order. */
export function notesOf(db: Db, treeId: string, nodeIds: readonly string[]) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return queryRows<NoteRow>(
    db,
    sql`select nl.node_id::text as "nodeId", n.id::text as id, n.title, n.text
    from ${noteLink} nl join ${note} n on n.tree_id = nl.tree_id and n.id = nl.note_id
    where nl.tree_id = ${treeId} and nl.node_id = any(${uuidList(nodeIds)})
    order by nl.node_id, nl.position, n.id`,
  );
}

export interface KinRow {
  personId: string;
  kinId: string;
  kind: 'parent' | 'child' | 'partner';
}

/** The parents, children and partners of the persons, in the order they were linked. */
export function kinOf(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const list = uuidList(ids);
  return queryRows<KinRow>(
    db,
    sql`
    select person_id as "personId", kin_id as "kinId", kind from (
      select child_id::text as person_id, parent_id::text as kin_id, 'parent' as kind, created_at from ${parentChild}
        where tree_id = ${treeId} and child_id = any(${list})
      union all
      select parent_id::text, child_id::text, 'child', created_at from ${parentChild}
        where tree_id = ${treeId} and parent_id = any(${list})
      union all
      select person_a::text, person_b::text, 'partner', created_at from ${partner}
        where tree_id = ${treeId} and person_a = any(${list})
      union all
      select person_b::text, person_a::text, 'partner', created_at from ${partner}
        where tree_id = ${treeId} and person_b = any(${list})
    ) k order by created_at, kin_id`,
  );
}
