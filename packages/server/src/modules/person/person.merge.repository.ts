import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The SQL of a person merge (issue 21): reading both persons' events and relatives, and moving
 * what is the other's to the survivor set-wise (a few statements whatever their number). Every
 * statement filters by tree_id. A link's key includes the person, so a link is moved by inserting
 * it for the survivor (not if it has it already) and deleting the other's: the history records an
 * insert and a delete, which undo reverses.
 */

/** An event one of the two persons takes part in, with what a join compares. */
export interface MergeEventRow {
  id: string;
  person_id: string;
  role: string;
  type: string;
  subtype: string | null;
  type_name: string | null;
  start_date: string | null;
  start_date_type: string | null;
  end_date: string | null;
  end_date_type: string | null;
  date_text: string | null;
  location_id: string | null;
  place: string | null;
  description: string | null;
  cause_of_event: string | null;
  /** The event's other primary participants (neither of the two), sorted. */
  others: string[];
}

export function eventsOfBoth(db: Db, treeId: string, ids: readonly [string, string]): Promise<MergeEventRow[]> {
  const [a, b] = ids;
  return queryRows<MergeEventRow>(
    db,
    sql`
    select e.id::text, p.person_id::text, p.role, e.type, e.subtype, e.type_name, e.start_date, e.start_date_type,
      e.end_date, e.end_date_type, e.date_text, e.location_id::text, l.name as place, e.description, e.cause_of_event,
      coalesce((select array_agg(o.person_id::text order by o.person_id) from event_participant o
        where o.tree_id = ${treeId} and o.event_id = e.id and o.role = 'primary' and o.person_id not in (${a}, ${b})),
        '{}') as others
    from event_participant p
    join event e on e.tree_id = ${treeId} and e.id = p.event_id
    left join location l on l.tree_id = ${treeId} and l.id = e.location_id
    where p.tree_id = ${treeId} and p.person_id in (${a}, ${b})
    order by coalesce(e.date_from, e.date_to), e.id`,
  );
}

export interface MergeRelativeRow {
  person_id: string;
  relation: 'parent' | 'child' | 'partner' | 'sibling';
  relative_id: string;
  f_name: string | null;
  p_name: string | null;
  l_name: string | null;
}

/** Both persons' parents, children, partners and explicitly linked siblings. */
export function relativesOfBoth(db: Db, treeId: string, ids: readonly [string, string]): Promise<MergeRelativeRow[]> {
  const [a, b] = ids;
  return queryRows<MergeRelativeRow>(
    db,
    sql`
    with links as (
      select child_id as person_id, 'parent' as relation, parent_id as relative_id
        from parent_child where tree_id = ${treeId} and child_id in (${a}, ${b})
      union all select parent_id, 'child', child_id
        from parent_child where tree_id = ${treeId} and parent_id in (${a}, ${b})
      union all select person_a, 'partner', person_b from partner where tree_id = ${treeId} and person_a in (${a}, ${b})
      union all select person_b, 'partner', person_a from partner where tree_id = ${treeId} and person_b in (${a}, ${b})
      union all select person_a, 'sibling', person_b from sibling_link where tree_id = ${treeId} and person_a in (${a}, ${b})
      union all select person_b, 'sibling', person_a from sibling_link where tree_id = ${treeId} and person_b in (${a}, ${b})
    )
    select l.person_id::text, l.relation, l.relative_id::text, r.f_name, r.p_name, r.l_name
    from links l join person r on r.tree_id = ${treeId} and r.id = l.relative_id
    order by l.relation, r.sort_key collate "C", r.id`,
  );
}

/** The pairs `from` → `to` as a relation `pairs(from_id, to_id)`. */
function pairsOf(pairs: readonly (readonly [string, string])[]) {
  const json = JSON.stringify(pairs.map(([from, to]) => ({ from_id: from, to_id: to })));
  return sql`(select * from json_to_recordset(${json}::json) as r(from_id uuid, to_id uuid))`;
}

/**
 * Joins each `from` event into its `to` event: a field the kept event leaves empty takes the
 * other's value, the other's participants (but `otherId`, who becomes the survivor) join it, and
 * the `from` events are deleted. Their notes, citations and media move with moveAttachments.
 */
export async function joinEvents(
  db: Db,
  treeId: string,
  pairs: readonly (readonly [string, string])[],
  otherId: string,
): Promise<void> {
  if (pairs.length === 0) return;
  const p = pairsOf(pairs);
  await db.execute(sql`
    update event k set
      start_date = coalesce(k.start_date, f.start_date), start_date_type = coalesce(k.start_date_type, f.start_date_type),
      end_date = coalesce(k.end_date, f.end_date), end_date_type = coalesce(k.end_date_type, f.end_date_type),
      date_from = case when k.start_date is null and k.end_date is null then f.date_from else k.date_from end,
      date_to = case when k.start_date is null and k.end_date is null then f.date_to else k.date_to end,
      date_text = coalesce(k.date_text, f.date_text), location_id = coalesce(k.location_id, f.location_id),
      description = coalesce(k.description, f.description), cause_of_event = coalesce(k.cause_of_event, f.cause_of_event),
      revision = k.revision + 1, updated_at = now()
    from ${p} p join event f on f.tree_id = ${treeId} and f.id = p.from_id
    where k.tree_id = ${treeId} and k.id = p.to_id`);
  await db.execute(sql`
    insert into event_participant (tree_id, event_id, person_id, role, description, start_date, start_date_type,
      end_date, end_date_type, position)
    select ${treeId}::uuid, p.to_id, f.person_id, f.role, f.description, f.start_date, f.start_date_type,
      f.end_date, f.end_date_type,
      (select coalesce(max(k.position) + 1, 0) from event_participant k where k.tree_id = ${treeId} and k.event_id = p.to_id) + f.position
    from ${p} p join event_participant f on f.tree_id = ${treeId} and f.event_id = p.from_id
    where f.person_id <> ${otherId}
      and not exists (select 1 from event_participant k where k.tree_id = ${treeId} and k.event_id = p.to_id and k.person_id = f.person_id)`);
}

/** Marks events as a person's alternative births or deaths. */
export async function markAlternative(db: Db, treeId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update event set subtype = case type when 'birth' then 'alternativeBirth' else 'alternativeDeath' end,
      revision = revision + 1, updated_at = now()
    where tree_id = ${treeId} and id in (${list}) and type in ('birth', 'death')`);
}

/**
 * The other person's part in events becomes the survivor's (inserted for the survivor, then the
 * other's deleted: the key holds the person); where both take part in one event, the survivor's
 * part stays.
 */
export async function moveParticipation(db: Db, treeId: string, otherId: string, keptId: string): Promise<void> {
  await db.execute(sql`
    insert into event_participant (tree_id, event_id, person_id, role, description, start_date, start_date_type,
      end_date, end_date_type, position)
    select tree_id, event_id, ${keptId}::uuid, role, description, start_date, start_date_type, end_date, end_date_type, position
    from event_participant o where o.tree_id = ${treeId} and o.person_id = ${otherId}
    on conflict do nothing`);
  await db.execute(sql`delete from event_participant where tree_id = ${treeId} and person_id = ${otherId}`);
}

/**
 * The other person's parents, children, partners and linked siblings become the survivor's (none
 * doubled, none to the survivor itself); then the other's links go.
 */
export async function moveRelations(db: Db, treeId: string, otherId: string, keptId: string): Promise<void> {
  await db.execute(sql`
    insert into parent_child (tree_id, parent_id, child_id)
    select ${treeId}::uuid, parent_id, ${keptId}::uuid from parent_child
    where tree_id = ${treeId} and child_id = ${otherId} and parent_id <> ${keptId}
    union
    select ${treeId}::uuid, ${keptId}::uuid, child_id from parent_child
    where tree_id = ${treeId} and parent_id = ${otherId} and child_id <> ${keptId}
    on conflict do nothing`);
  await db.execute(sql`
    delete from parent_child where tree_id = ${treeId} and (parent_id = ${otherId} or child_id = ${otherId})`);
  // The two parents of a child are a couple (as linkParent makes them): one parent from each side become one.
  await db.execute(sql`
    insert into partner (tree_id, person_a, person_b)
    select ${treeId}::uuid, min(parent_id::text)::uuid, max(parent_id::text)::uuid from parent_child
    where tree_id = ${treeId} and child_id = ${keptId}
    having count(*) = 2
    on conflict do nothing`);
  for (const table of ['partner', 'sibling_link'] as const) await movePairs(db, table, treeId, otherId, keptId);
}

/** The other's links of an ordered pair table (person_a < person_b) become the survivor's; then the other's go. */
async function movePairs(
  db: Db,
  table: 'partner' | 'sibling_link' | 'person_not_duplicate',
  treeId: string,
  otherId: string,
  keptId: string,
): Promise<void> {
  const t = sql.raw(table);
  await db.execute(sql`
    insert into ${t} (tree_id, person_a, person_b)
    select ${treeId}::uuid, least(x.id, ${keptId}::uuid), greatest(x.id, ${keptId}::uuid) from (
      select case when person_a = ${otherId} then person_b else person_a end as id from ${t}
      where tree_id = ${treeId} and (person_a = ${otherId} or person_b = ${otherId})) x
    where x.id <> ${keptId}
    on conflict do nothing`);
  await db.execute(sql`
    delete from ${t} where tree_id = ${treeId} and (person_a = ${otherId} or person_b = ${otherId})`);
}

/**
 * The other's "not a duplicate" marks become the survivor's (one person is not the other's
 * namesake, so neither is the one it was merged into); a mark between the two goes. Recorded (migration
 * 0027), so undoing the merge puts them back as they were.
 */
export async function moveNotDuplicateMarks(db: Db, treeId: string, otherId: string, keptId: string): Promise<void> {
  await movePairs(db, 'person_not_duplicate', treeId, otherId, keptId);
}

/**
 * The other's other names (by id) become the survivor's, after its own, under new ids (`ids`, in
 * the same order: a row's key stays one person's); the rest of the other's go.
 */
export async function moveNames(
  db: Db,
  treeId: string,
  otherId: string,
  keptId: string,
  moved: readonly (readonly [string, string])[],
): Promise<void> {
  if (moved.length > 0) {
    await db.execute(sql`
      insert into person_name (tree_id, id, person_id, type, type_text, f_name, p_name, l_name, from_date, to_date, position)
      select ${treeId}::uuid, p.to_id, ${keptId}::uuid, n.type, n.type_text, n.f_name, n.p_name, n.l_name, n.from_date, n.to_date,
        (select coalesce(max(k.position) + 1, 0) from person_name k where k.tree_id = ${treeId} and k.person_id = ${keptId}) + n.position
      from ${pairsOf(moved)} p join person_name n on n.tree_id = ${treeId} and n.id = p.from_id and n.person_id = ${otherId}`);
  }
  await db.execute(sql`delete from person_name where tree_id = ${treeId} and person_id = ${otherId}`);
}

/** The next position after the person's other names. */
export async function nextNamePosition(db: Db, treeId: string, personId: string): Promise<number> {
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(position) + 1, 0)::int as next from person_name where tree_id = ${treeId} and person_id = ${personId}`,
  );
  return row?.next ?? 0;
}

/** Kept GEDCOM family rows that name the other person among their members name the survivor. */
export async function renameInFamilyAnchors(db: Db, treeId: string, otherId: string, keptId: string): Promise<void> {
  await db.execute(sql`
    update gedcom_extra set anchor = array_replace(anchor, ${otherId}::text, ${keptId}::text)
    where tree_id = ${treeId} and ${otherId}::text = any(anchor)`);
}
