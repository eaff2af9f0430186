import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { person, personMatch, personNotDuplicate } from '../../db/schema.ts';
import { weights } from './duplicate.scoring.ts';

/**
 * The duplicate finder's SQL (issue 21), over the stored matching features (duplicate.features.ts:
 * `person.match_keys` and `person_match`, kept with every write). Candidates are only pairs that
 * share a name key, found by equi-joins (hash joins, no neighbour counting): when both birth years
 * are known, on (key, birth year + 0…5), so a key's pairs grow with its persons per year, never with
 * the square of the key. Where the name was common in those years (more than CROWDED others of the
 * key born within two years), name and birth alone cannot reach the listed score, so such persons
 * meet only those that also share a parent, a birth or death place, or a death within five years.
 * A person of unknown birth meets every person of a small key (up to WHOLE_KEY), and in a larger
 * one only through the same evidence. Each pair is then scored in the same statement, set-based,
 * with the points of duplicate.scoring.ts.
 */

/** Keys of up to this many persons: a person of unknown birth is compared with all of them. */
export const WHOLE_KEY = 12;

/**
 * Other namesakes born within two years from which a pair needs more than its name and birth years
 * to be compared: with 5 × 5 points taken for them, 45 (written alike) + 25 (the same year) - 25 = 45
 * stays below the listed 50 (duplicate.scoring.ts commonName).
 */
export const CROWDED = 5;
export interface ScoredPairRow {
  x: string;
  y: string;
  score: number;
  total: number;
  name_pts: number;
  common_pts: number;
  namesakes: number;
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
 * name key (and a birth-year window), not marked "not a duplicate", scoring at least `minScore`.
 * The caller completes the stored features first (duplicate.features.ts completeFeatures).
 */
export async function findDuplicatePairs(
  db: Db,
  treeId: string,
  options: { minScore: number; limit: number; offset: number },
): Promise<ScoredPairRow[]> {
  // The CTEs below are materialized and have no indexes: a nested loop over one of them (the
  // planner's guess when it underestimates their rows) reads it whole for every pair. Hash joins only.
  // No JIT: the costs that nestloop = off gives the plan made PostgreSQL compile it (3 s of a 4.3 s
  // statement on 15,000 persons, EXPLAIN ANALYZE).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`set local jit = off`);
    // The features of 100,000 persons and the candidates' sorts in memory: with the default 4 MB the
    // joins spilled to disk in batches, and at 48 MB the sorts of the candidates still did.
    await tx.execute(sql`set local work_mem = '128MB'`);
    // Joins in the order written: the planner cannot estimate the CTEs' rows and once joined the
    // features of every two persons first, 9 billion rows, before the pairs.
    await tx.execute(sql`set local join_collapse_limit = 1`);
    return queryRows<ScoredPairRow>(tx, pairsSql(treeId, options));
  });
}

export function pairsSql(treeId: string, options: { minScore: number; limit: number; offset: number }) {
  const pair = sql`select least(a.id, b.id) as x, greatest(a.id, b.id) as y`;
  return sql`
    with keyed as materialized (
      select k.key collate "C" as key, p.id, m.born, m.died, m.birth_place, m.death_place, m.parent_a, m.parent_b
      from ${person} p cross join lateral unnest(p.match_keys) as k(key)
      left join ${personMatch} m on m.tree_id = p.tree_id and m.person_id = p.id
      where p.tree_id = ${treeId}
    ),
    -- The keys shared by two persons or more, each person with how many of the key (itself included)
    -- were born within two years of it: how common the name was then.
    blocked as materialized (
      select k.*, s.size,
        case when k.born is not null then count(*) over (
          partition by k.key order by k.born range between ${w.nearYears}::int preceding and ${w.nearYears}::int following)
        end as near
      from keyed k
      join (select key, count(*) as size from keyed group by key having count(*) > 1) s on s.key = k.key
    ),
    -- Each person once per known parent.
    parented as materialized (
      select b.key, b.id, b.born, b.near, b.size, v.parent
      from blocked b cross join lateral (values (b.parent_a), (b.parent_b)) as v(parent)
      where v.parent is not null
    ),
    pairs as materialized (
      select x, y, min(near) as near from (
      -- Both births known, at most CROWDED other namesakes born near one of them: the same key, born
      -- at most five years apart (further apart could only lose points). Each such person's row is
      -- repeated for the eleven years it meets (a set-returning select, not a join), then hash-joined.
      ${pair}, least(a.near, b.near) as near
      from (
        select key, id, near, generate_series(born - ${w.closeYears}::int, born + ${w.closeYears}::int) as born
        from blocked where near - 2 < ${CROWDED}::int
      ) a
      join blocked b on b.key = a.key and b.born = a.born and b.id <> a.id
      union all
      -- Both births known in a crowded year of the name (name and birth alone cannot reach the listed
      -- score), or one unknown in a key larger than WHOLE_KEY: only with more in common. A parent,
      ${pair}, least(a.near, b.near)
      from parented a join parented b on b.key = a.key and b.parent = a.parent and b.id > a.id
      where (a.born is null or b.born is null or abs(b.born - a.born) <= ${w.closeYears}::int)
        and (a.near - 2 >= ${CROWDED}::int or b.near - 2 >= ${CROWDED}::int
             or ((a.born is null or b.born is null) and a.size > ${WHOLE_KEY}::int))
      union all
      -- the birth place or the place of death (born within five years),
      ${pair}, least(a.near, b.near)
      from (
        select key, id, near, birth_place, death_place, born as own,
          generate_series(born, born + ${w.closeYears}::int) as born
        from blocked where near - 2 >= ${CROWDED}::int and (birth_place is not null or death_place is not null)
      ) a
      join blocked b on b.key = a.key and b.born = a.born
        and (b.birth_place = a.birth_place or b.death_place = a.death_place)
      where b.near - 2 >= ${CROWDED}::int and (a.born > a.own or b.id > a.id)
      union all
      -- the year of death (born within five years),
      ${pair}, least(a.near, b.near)
      from blocked a join blocked b on b.key = a.key and b.died = a.died and b.id > a.id
      where a.near - 2 >= ${CROWDED}::int and b.near - 2 >= ${CROWDED}::int
        and abs(b.born - a.born) <= ${w.closeYears}::int
      union all
      -- and for one of unknown birth, the birth place, the place of death, or a death at most two years apart.
      ${pair}, null
      from blocked a join blocked b on b.key = a.key and b.birth_place = a.birth_place and b.id <> a.id
      where a.born is null and a.size > ${WHOLE_KEY}::int
      union all
      ${pair}, null
      from blocked a join blocked b on b.key = a.key and b.death_place = a.death_place and b.id <> a.id
      where a.born is null and a.size > ${WHOLE_KEY}::int
      union all
      ${pair}, null
      from (
        select key, id, generate_series(died - ${w.nearYears}::int, died + ${w.nearYears}::int) as died
        from blocked where born is null and size > ${WHOLE_KEY}::int
      ) a
      join blocked b on b.key = a.key and b.died = a.died and b.id <> a.id
      union all
      -- An unknown birth in a small key: every other person of it.
      ${pair}, null
      from blocked a join blocked b on b.key = a.key and b.id <> a.id
      where a.born is null and a.size <= ${WHOLE_KEY}::int
      ) u
      group by x, y
    ),
    fresh as materialized (
      select pr.x, pr.y, pr.near from pairs pr
      where not exists (
        select 1 from ${personNotDuplicate} nd
        where nd.tree_id = ${treeId} and nd.person_a = pr.x and nd.person_b = pr.y
      )
    ),
    ids as materialized (select x as id from fresh union select y from fresh),
    -- The scored persons' features; a parent's gender says father or mother, and their keys
    -- whether two different fathers (mothers) may be one person entered twice.
    feat as materialized (
      select p.id, p.gender, lower(concat_ws(' ', p.f_name, p.l_name)) as name,
        m.born, m.died, m.birth_place, m.death_place, m.parent_a as p1, m.parent_b as p2,
        case when pa.gender = 'male' then pa.id when pb.gender = 'male' then pb.id end as father,
        case when pa.gender = 'female' then pa.id when pb.gender = 'female' then pb.id end as mother,
        case when pa.gender = 'male' then pa.match_keys when pb.gender = 'male' then pb.match_keys end as father_keys,
        case when pa.gender = 'female' then pa.match_keys when pb.gender = 'female' then pb.match_keys end as mother_keys
      from ids
      join ${person} p on p.tree_id = ${treeId} and p.id = ids.id
      left join ${personMatch} m on m.tree_id = ${treeId} and m.person_id = ids.id
      left join ${person} pa on pa.tree_id = ${treeId} and pa.id = m.parent_a
      left join ${person} pb on pb.tree_id = ${treeId} and pb.id = m.parent_b
    ),
    scored as (
      select f.x, f.y, ${pointsSql},
        greatest(0, f.near - 2)::int as namesakes,
        -least(${w.commonNameCap}::int, ${w.commonName}::int * greatest(0, f.near - 2))::int as common_pts
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
        t.name_pts + t.common_pts + t.birth_pts + t.death_pts + t.birth_place_pts + t.death_place_pts + t.parent_pts
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

const personColumns = sql`p.id, p.f_name, p.p_name, p.l_name, p.gender, m.born, m.died, m.birth_place`;

/** The persons of a page, with birth and death years and the birth place's id. */
export async function personsWithLife(db: Db, treeId: string, ids: readonly string[]): Promise<DuplicatePersonRow[]> {
  if (ids.length === 0) return [];
  return queryRows<DuplicatePersonRow>(
    db,
    sql`
    select ${personColumns}
    from ${person} p left join ${personMatch} m on m.tree_id = p.tree_id and m.person_id = p.id
    where p.tree_id = ${treeId} and p.id = any(${sql.param([...ids])}::uuid[])`,
  );
}

/**
 * Up to `limit` persons of the tree stored under any of these keys (the finder's keys), with their
 * life years: those born nearest the given year first, those of unknown birth after them.
 */
export async function personsUnderKeys(
  db: Db,
  treeId: string,
  keys: readonly string[],
  birthYear: number | null,
  limit: number,
): Promise<DuplicatePersonRow[]> {
  if (keys.length === 0) return [];
  return queryRows<DuplicatePersonRow>(
    db,
    sql`
    select ${personColumns}
    from ${person} p left join ${personMatch} m on m.tree_id = p.tree_id and m.person_id = p.id
    where p.tree_id = ${treeId} and p.match_keys && ${sql.param([...keys])}::text[]
    order by abs(m.born - ${birthYear}::int) nulls last, p.id
    limit ${limit}::int`,
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
