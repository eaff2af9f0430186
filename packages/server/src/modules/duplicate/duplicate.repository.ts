import { personMatchKeys } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { event, eventParticipant, parentChild, person, personName, personNotDuplicate } from '../../db/schema.ts';
import { weights } from './duplicate.scoring.ts';

/**
 * The duplicate finder's SQL (issue 21). Candidates are only pairs that share a name key
 * (`person.match_keys`, see @anor/core personMatchKeys) and, when both birth years are known, a
 * ten-year bucket of one of two grids offset by five years (so that births up to four years apart
 * always meet in one of them), and births more than five years apart are not paired (they could only
 * lose points); a person without a known birth meets everyone of their keys. Each
 * pair is then scored in the same statement, set-based, with the points of duplicate.scoring.ts.
 */

const BATCH = 2000;

/**
 * The caps of a crowded key (issue 21: never all pairs). A key of up to WHOLE_KEY persons is compared
 * whole (every two born at most "close" years apart, or one of them of unknown birth). A larger one
 * (Johan Andersson in a parish over two centuries) is compared in sorted neighbourhoods: each person
 * with the next NEIGHBOURS in birth order, the next NEIGHBOURS in order of parents among those with the
 * same parent, and in order of birth place among those born at the same place (a duplicate is
 * usually near in one of them), an unknown birth with the NEIGHBOURS nearest by name on either side.
 * So a key's pairs grow with its persons, never with their square.
 */
export const WHOLE_KEY = 12;
export const NEIGHBOURS = 3;

const upTo = Array.from({ length: NEIGHBOURS }, (_, index) => index + 1);
/** The window columns of the neighbours: n1, b1 … (next by birth: id, birth), m1 … (next by name), l1 … (before by name). */
const neighbourColumns = sql.raw(
  upTo
    .map(
      (i) =>
        `lead(k.id, ${i}) over by_birth as n${i}, lead(f.born, ${i}) over by_birth as b${i}, ` +
        `lead(k.id, ${i}) over by_name as m${i}, lag(k.id, ${i}) over by_name as l${i}`,
    )
    .join(', '),
);
const nextByBirth = sql.raw(upTo.map((i) => `(a.n${i}, a.b${i})`).join(', '));
const nearByName = sql.raw(upTo.flatMap((i) => [`(a.m${i})`, `(a.l${i})`]).join(', '));

/**
 * Computes the keys of the tree's persons that have none yet (written before migration 0019, or
 * by a path that changed names without them), in batches. Not part of the tree's history: the keys
 * are derived from names that are recorded, so the transaction says `anor.change_set` = off.
 */
export async function computePendingKeys(db: Db, treeId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await queryRows<{
      id: string;
      names: { fName: string | null; pName: string | null; lName: string | null }[];
    }>(
      db,
      sql`
      select p.id,
        jsonb_build_array(jsonb_build_object('fName', p.f_name, 'pName', p.p_name, 'lName', p.l_name))
          || coalesce((select jsonb_agg(jsonb_build_object('fName', n.f_name, 'pName', n.p_name, 'lName', n.l_name) order by n.position)
                       from ${personName} n where n.tree_id = p.tree_id and n.person_id = p.id), '[]'::jsonb) as names
      from ${person} p
      where p.tree_id = ${treeId} and p.match_keys is null
      limit ${BATCH}`,
    );
    if (rows.length === 0) return done;
    const ids = rows.map((row) => row.id);
    const keys = rows.map((row) => personMatchKeys(row.names).join('\n'));
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('anor.change_set', 'off', true)`);
      await tx.execute(sql`
        update ${person} set match_keys = case when v.keys = '' then '{}'::text[] else string_to_array(v.keys, chr(10)) end
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(keys)}::text[]) as v(id, keys)
        where ${person.treeId} = ${treeId} and ${person.id} = v.id and ${person.matchKeys} is null`);
    });
    done += rows.length;
    if (rows.length < BATCH) return done;
  }
}

/**
 * Birth (else baptism) and death (else burial) years and places of the tree's persons, as the primary
 * participant. An event's year is that of its date range's first day (else its last), taken once per
 * row with date_part (a float; extract answers numeric, several times slower over 300,000 events).
 */
function lifeQuery(treeId: string, only: ReturnType<typeof sql> | null) {
  return sql`
    select x.id,
      coalesce(min(x.y) filter (where x.type = 'birth'), min(x.y) filter (where x.type = 'baptism')) as born,
      coalesce(max(x.y) filter (where x.type = 'death'), max(x.y) filter (where x.type = 'burial')) as died,
      min(x.place) filter (where x.type = 'birth') as birth_place,
      min(x.place) filter (where x.type = 'death') as death_place
    from (
      select ep.person_id as id, e.type, date_part('year', coalesce(e.date_from, e.date_to))::int as y,
        e.location_id::text collate "C" as place
      from ${eventParticipant} ep
      join ${event} e on e.tree_id = ep.tree_id and e.id = ep.event_id
      where ep.tree_id = ${treeId} and ep.role = 'primary'
        and e.type in ('birth', 'baptism', 'death', 'burial')
        and coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath')
        ${only ? sql`and ep.person_id in (${only})` : sql``}
    ) x
    group by x.id`;
}

export interface ScoredPairRow {
  x: string;
  y: string;
  score: number;
  total: number;
  name_pts: number;
  birth_pts: number;
  death_pts: number;
  birth_place_pts: number;
  death_place_pts: number;
  parent_pts: number;
  shared_parents: number;
  father_pts: number;
  mother_pts: number;
  gender_pts: number;
}

/**
 * The points of one pair's evidence, as SQL over the features of both sides (`a`, `b`: rows of the
 * `feat` CTE below: name, gender, years, places, parents and the parents' keys).
 */
const w = weights;
const birthDiff = sql`abs(a.born - b.born)`;
const deathDiff = sql`abs(a.died - b.died)`;
const pointsSql = sql`
  case when a.name = b.name then ${w.sameName}::int else ${w.nameVariant}::int end as name_pts,
  case when a.born is null or b.born is null then 0
       when ${birthDiff} = 0 then ${w.birthSame}::int when ${birthDiff} <= ${w.nearYears}::int then ${w.birthNear}::int
       when ${birthDiff} <= ${w.closeYears}::int then ${w.birthClose}::int else ${w.birthFar}::int end as birth_pts,
  case when a.died is null or b.died is null then 0
       when ${deathDiff} = 0 then ${w.deathSame}::int when ${deathDiff} <= ${w.nearYears}::int then ${w.deathNear}::int
       when ${deathDiff} <= ${w.closeYears}::int then ${w.deathClose}::int else ${w.deathFar}::int end as death_pts,
  case when a.birth_place is not null and a.birth_place = b.birth_place then ${w.samePlace}::int else 0 end as birth_place_pts,
  case when a.death_place is not null and a.death_place = b.death_place then ${w.samePlace}::int else 0 end as death_place_pts,
  (case when a.p1 is not null and (a.p1 = b.p1 or a.p1 = b.p2) then 1 else 0 end)
    + (case when a.p2 is not null and a.p2 <> a.p1 and (a.p2 = b.p1 or a.p2 = b.p2) then 1 else 0 end) as shared_parents,
  case when a.father is null or b.father is null or a.father = b.father then 0
       when a.father_keys && b.father_keys then ${w.parentNamesMatch}::int else ${w.differentParent}::int end as father_pts,
  case when a.mother is null or b.mother is null or a.mother = b.mother then 0
       when a.mother_keys && b.mother_keys then ${w.parentNamesMatch}::int else ${w.differentParent}::int end as mother_pts,
  case when a.gender in ('male', 'female') and b.gender in ('male', 'female') and a.gender <> b.gender
       then ${w.differentGender}::int else 0 end as gender_pts`;

/**
 * One page of the tree's likely duplicates, best first, and how many there are: pairs sharing a
 * name key (and a birth bucket), not marked "not a duplicate", scoring at least `minScore`. Each
 * keyed person's features (life, parents, the parents' keys) are gathered once, set-wise, so the
 * pairs are scored by hash joins, not by look-ups per pair.
 */
export async function findDuplicatePairs(
  db: Db,
  treeId: string,
  options: { minScore: number; limit: number; offset: number },
): Promise<ScoredPairRow[]> {
  // The CTEs below are materialized and have no indexes: a nested loop over one of them (the
  // planner's guess when it underestimates their rows) reads it whole for every pair. Hash joins only.
  // No JIT: the costs that nestloop = off gives the plan made PostgreSQL compile it, 3 s of a 4.3 s
  // statement on 15,000 persons (EXPLAIN ANALYZE); the statement itself ran 1.2 s.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`set local jit = off`);
    // The features of 100,000 persons (about 35 MB) in memory: with the default 4 MB the hash joins of
    // the scoring spilled to disk in batches, 8 of 18 s on the 100,000-person bench tree.
    await tx.execute(sql`set local work_mem = '48MB'`);
    // Joins in the order written: the planner cannot estimate the CTEs' rows (it took 340,000 pairs for
    // 40 billion and 96,000 persons' features for 1,339) and once joined the features of every two
    // persons first, 9 billion rows, before the pairs.
    await tx.execute(sql`set local join_collapse_limit = 1`);
    return queryRows<ScoredPairRow>(tx, pairsSql(treeId, options));
  });
}

export function pairsSql(treeId: string, options: { minScore: number; limit: number; offset: number }) {
  return sql`
    with keyed as materialized (
      select p.id, k.key
      from ${person} p cross join lateral unnest(p.match_keys) as k(key)
      where p.tree_id = ${treeId}
    ),
    blocked as materialized (
      select * from keyed where key in (select key from keyed group by key having count(*) > 1)
    ),
    ids as materialized (select distinct id from blocked),
    life as materialized (${lifeQuery(treeId, sql`select id from ids`)}),
    par as materialized (
      select x.id, min(x.parent) as p1, max(x.parent) as p2,
        min(x.parent) filter (where x.gender = 'male') as father,
        min(x.parent) filter (where x.gender = 'female') as mother
      from (
        select pc.child_id as id, pc.parent_id::text collate "C" as parent, pp.gender
        from ${parentChild} pc
        join ${person} pp on pp.tree_id = pc.tree_id and pp.id = pc.parent_id
        where pc.tree_id = ${treeId} and pc.child_id in (select id from ids)
      ) x
      group by x.id
    ),
    feat as materialized (
      select p.id, p.gender, lower(concat_ws(' ', p.f_name, p.l_name)) as name,
        l.born, l.died, l.birth_place, l.death_place,
        par.p1, par.p2, par.father, par.mother, f.match_keys as father_keys, m.match_keys as mother_keys
      from ids
      join ${person} p on p.tree_id = ${treeId} and p.id = ids.id
      left join life l on l.id = ids.id
      left join par on par.id = ids.id
      left join ${person} f on f.tree_id = ${treeId} and f.id = par.father::uuid
      left join ${person} m on m.tree_id = ${treeId} and m.id = par.mother::uuid
    ),
    -- Each key's persons with, in birth order (unknown births last), the next NEIGHBOURS and their
    -- births, and in name order the NEIGHBOURS on either side (texts compared byte-wise: a locale's
    -- collation costs more and means nothing here). Window functions, no join: one sort each.
    ranked as materialized (
      select k.key collate "C" as key, k.id, f.born, f.p1, f.birth_place,
        count(*) over (partition by k.key collate "C") as size,
        ${neighbourColumns}
      from blocked k join feat f on f.id = k.id
      window by_birth as (partition by k.key collate "C" order by f.born, f.name collate "C", k.id),
        by_name as (partition by k.key collate "C" order by f.name collate "C", k.id)
    ),
    -- Persons of a crowded key sharing a parent or a birth place with more than WHOLE_KEY others of it.
    crowded_parent as materialized (
      select key, p1 from ranked where p1 is not null and born is not null
      group by key, p1 having count(*) > ${WHOLE_KEY}::int
    ),
    crowded_place as materialized (
      select key, birth_place from ranked where birth_place is not null and born is not null
      group by key, birth_place having count(*) > ${WHOLE_KEY}::int
    ),
    pairs as materialized (
      -- A key of up to WHOLE_KEY persons whole: every two born at most "close" years apart (further
      -- apart they could only lose points), or one of them of unknown birth.
      select least(a.id, b.id) as x, greatest(a.id, b.id) as y
      from ranked a join ranked b on b.key = a.key and b.id > a.id
      where a.size <= ${WHOLE_KEY}::int and b.size <= ${WHOLE_KEY}::int
        and (a.born is null or b.born is null or abs(b.born - a.born) <= ${w.closeYears}::int)
      union
      -- A larger key: each person with the next NEIGHBOURS in birth order born at most "close" years later,
      select least(a.id, v.id), greatest(a.id, v.id)
      from ranked a cross join lateral (values ${nextByBirth}) as v(id, born)
      where a.size > ${WHOLE_KEY}::int and a.born is not null and v.born - a.born <= ${w.closeYears}::int
      union
      -- every two with a parent in common or born at the same place, unless that block too is crowded,
      select least(a.id, b.id), greatest(a.id, b.id)
      from ranked a join ranked b on b.key = a.key and b.p1 = a.p1 and b.id > a.id
      where a.size > ${WHOLE_KEY}::int and abs(b.born - a.born) <= ${w.closeYears}::int
        and not exists (select 1 from crowded_parent c where c.key = a.key and c.p1 = a.p1)
      union
      select least(a.id, b.id), greatest(a.id, b.id)
      from ranked a join ranked b on b.key = a.key and b.birth_place = a.birth_place and b.id > a.id
      where a.size > ${WHOLE_KEY}::int and abs(b.born - a.born) <= ${w.closeYears}::int
        and not exists (select 1 from crowded_place c where c.key = a.key and c.birth_place = a.birth_place)
      union
      -- and an unknown birth with the NEIGHBOURS nearest in name order on either side.
      select least(a.id, v.id), greatest(a.id, v.id)
      from ranked a cross join lateral (values ${nearByName}) as v(id)
      where a.size > ${WHOLE_KEY}::int and a.born is null and v.id is not null
    ),
    fresh as materialized (
      select pr.x, pr.y from pairs pr
      where not exists (
        select 1 from ${personNotDuplicate} nd
        where nd.tree_id = ${treeId} and nd.person_a = pr.x and nd.person_b = pr.y
      )
    ),
    scored as (
      select f.x, f.y, ${pointsSql}
      from fresh f
      join feat a on a.id = f.x
      join feat b on b.id = f.y
    ),
    totalled as (
      select s.*,
        case when s.shared_parents = 0 then 0
             when s.birth_pts < ${w.birthNear}::int and s.birth_pts <> 0 then ${w.siblingsLikely}::int
             else s.shared_parents * ${w.sharedParent}::int end as parent_pts
      from scored s
    ),
    final as (
      select t.*, greatest(0, least(100,
        t.name_pts + t.birth_pts + t.death_pts + t.birth_place_pts + t.death_place_pts + t.parent_pts
        + t.father_pts + t.mother_pts + t.gender_pts)) as score
      from totalled t
    )
    select f.*, count(*) over ()::int as total
    from final f
    where f.score >= ${options.minScore}::int
    order by f.score desc, f.x, f.y
    limit ${options.limit}::int offset ${options.offset}::int`;
}

export interface DuplicatePersonRow {
  id: string;
  f_name: string | null;
  p_name: string | null;
  l_name: string | null;
  gender: string;
  born: number | null;
  died: number | null;
  birth_place: string | null;
}

/** The persons of a page, with birth and death years and the birth place's id. */
export async function personsWithLife(db: Db, treeId: string, ids: readonly string[]): Promise<DuplicatePersonRow[]> {
  if (ids.length === 0) return [];
  const list = sql`select unnest(${sql.param([...ids])}::uuid[])`;
  return queryRows<DuplicatePersonRow>(
    db,
    sql`
    with life as (${lifeQuery(treeId, list)})
    select p.id, p.f_name, p.p_name, p.l_name, p.gender, l.born, l.died, l.birth_place
    from ${person} p left join life l on l.id = p.id
    where p.tree_id = ${treeId} and p.id in (${list})`,
  );
}

/** Up to `limit` persons of the tree stored under any of these keys, with their life years. */
export async function personsUnderKeys(
  db: Db,
  treeId: string,
  keys: readonly string[],
  limit: number,
): Promise<DuplicatePersonRow[]> {
  if (keys.length === 0) return [];
  const matching = sql`select id from ${person} where tree_id = ${treeId} and match_keys && ${sql.param([...keys])}::text[]`;
  return queryRows<DuplicatePersonRow>(
    db,
    sql`
    with found as materialized (${matching} limit ${limit}::int),
    life as (${lifeQuery(treeId, sql`select id from found`)})
    select p.id, p.f_name, p.p_name, p.l_name, p.gender, l.born, l.died, l.birth_place
    from found f join ${person} p on p.tree_id = ${treeId} and p.id = f.id
    left join life l on l.id = p.id`,
  );
}

/** Which of these ids are persons of the tree. */
export async function existingPersons(db: Db, treeId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ${person} where tree_id = ${treeId} and id = any(${sql.param([...ids])}::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Remembers "not a duplicate" for the pair (stored once, ordered). */
export async function insertNotDuplicate(db: Db, treeId: string, personA: string, personB: string) {
  const [low, high] = [personA, personB].sort() as [string, string];
  await db.insert(personNotDuplicate).values({ treeId, personA: low, personB: high }).onConflictDoNothing();
}
