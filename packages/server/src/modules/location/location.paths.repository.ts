import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { location } from '../../db/schema.ts';

/**
 * The SQL of places by their paths: a place's path is its name, then its parent's, and so on up
 * to the top ("Råshult, Stenbrohult, Kronobergs län, Sverige"). Typed text is matched on the
 * folded names (name_key), level by level; every statement filters by tree_id.
 */

/** Typed with one of these, a level matches only names that have it (Å and A are different letters). */
const NORDIC_LETTERS = /[åäöæøÅÄÖÆØ]/;

/**
 * The typed levels (0: the place itself, 1: its parent, …): folded key, lower-case name, whether
 * the name must match but for case (it has a Nordic letter), and whether the key is a beginning.
 */
function typedLevels(keys: readonly string[], names: readonly string[], prefixLast: boolean): SQL {
  const rows = keys.map((key, pos) => {
    const name = names[pos] ?? '';
    const isStrict = NORDIC_LETTERS.test(name);
    return sql`(${pos}::int, ${key}::text, ${name.toLowerCase()}::text, ${isStrict}::boolean, ${prefixLast && pos === keys.length - 1}::boolean)`;
  });
  return sql`values ${sql.join(rows, sql`, `)}`;
}

export interface PathMatchRow {
  /** The typed level the place has: 0 when it is the whole typed place, 1 when it is its parent, … */
  offset: number;
  id: string;
  /** Whether the typed levels reach the top of the place's hierarchy (the whole path was typed). */
  reachesTop: boolean;
  /** Whether every matched name is the typed one but for case: the same letters (Å is not A). */
  isExact: boolean;
}

/**
 * Places whose path, from the place itself upward, matches the typed levels from `offset` to the
 * last one, consecutively, on folded names; a level typed with å, ä, ö, æ or ø only matches names
 * with the same letters (but for case) ("Stenbrohult, Kronobergs län" matches Stenbrohult at offset 0 in
 * "Stenbrohult, Kronobergs län, Sverige"; "Ny gård, Stenbrohult" matches it at offset 1).
 * One recursive statement: it starts at the places named like a typed level (an index lookup
 * per level) and climbs one parent per typed level above it (primary-key lookups).
 */
export function matchTypedPath(db: Db, treeId: string, names: readonly string[], keys: readonly string[]) {
  const last = keys.length - 1;
  return queryRows<PathMatchRow>(
    db,
    sql`
    with recursive typed(pos, key, name, is_strict, is_prefix) as (${typedLevels(keys, names, false)}),
    walk(start_pos, start_id, id, parent_id, pos, is_exact) as (
      select t.pos, l.id, l.id, l.parent_id, t.pos, lower(l.name) = t.name
      from typed t join ${location} l on l.tree_id = ${treeId} and l.name_key = t.key
        and (not t.is_strict or lower(l.name) = t.name)
      union all
      select w.start_pos, w.start_id, p.id, p.parent_id, w.pos + 1, w.is_exact and lower(p.name) = t.name
      from walk w
      join typed t on t.pos = w.pos + 1
      join ${location} p on p.tree_id = ${treeId} and p.id = w.parent_id and p.name_key = t.key
        and (not t.is_strict or lower(p.name) = t.name)
    )
    select start_pos as "offset", start_id as id, (parent_id is null) as "reachesTop", is_exact as "isExact"
    from walk where pos = ${last}
    order by start_pos, (parent_id is null) desc, start_id`,
  );
}

/**
 * Suggestions for typed text with commas ("Råshult, Stenbr"): places named like the first level
 * whose parent, grandparent… match the next levels, the last one by its beginning (it may still
 * be being typed). At most `limit`, oldest first.
 */
export function suggestTypedPath(db: Db, treeId: string, keys: readonly string[], limit: number) {
  const last = keys.length - 1;
  const escaped = keys.map((key, pos) => (pos === last ? key.replace(/[\\%_]/g, (c) => `\\${c}`) : key));
  return queryRows<{ id: string }>(
    db,
    sql`
    with recursive typed(pos, key, name, is_strict, is_prefix) as (${typedLevels(escaped, [], true)}),
    walk(start_id, parent_id, pos) as (
      select l.id, l.parent_id, 0
      from ${location} l where l.tree_id = ${treeId} and l.name_key = ${keys[0] ?? ''}
      union all
      select w.start_id, p.parent_id, w.pos + 1
      from walk w
      join typed t on t.pos = w.pos + 1
      join ${location} p on p.tree_id = ${treeId} and p.id = w.parent_id
        and (case when t.is_prefix then p.name_key like t.key || '%' else p.name_key = t.key end)
    )
    select start_id as id from walk where pos = ${last}
    order by start_id
    limit ${limit}`,
  );
}

export interface PlacePathRow {
  id: string;
  name: string;
  /** The place and its ancestors, nearest first: "Sunne, Värmland, Sverige". */
  text: string;
  /** Only the ancestors, nearest first ("Värmland, Sverige"); empty for a top-level place. */
  within: string;
}

/**
 * The paths of some places, in one recursive statement (at most 100 levels up). The names ride
 * along the climb, so that every step is a primary-key lookup (a join after the climb made the
 * planner scan the whole table: 227 ms for 200 places of a 100,000-place tree, 9 ms this way).
 */
export async function pathsOf(db: Db, treeId: string, ids: readonly string[]): Promise<Map<string, PlacePathRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<PlacePathRow>(
    db,
    sql`
    with recursive up(start_id, parent_id, name, depth) as (
      select l.id, l.parent_id, l.name, 0 from ${location} l
      where l.tree_id = ${treeId} and l.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      union all
      select up.start_id, p.parent_id, p.name, up.depth + 1
      from up join ${location} p on p.tree_id = ${treeId} and p.id = up.parent_id
      where up.depth < 100
    )
    select start_id as id,
      min(case when depth = 0 then name end) as name,
      string_agg(name, ', ' order by depth) as text,
      coalesce(string_agg(name, ', ' order by depth) filter (where depth > 0), '') as within
    from up
    group by start_id`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many places lie directly within each of the places (an index range per place). */
export async function childrenCounts(db: Db, treeId: string, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; count: number }>(
    db,
    sql`
    select parent_id as id, count(*)::int as count from ${location}
    where tree_id = ${treeId} and parent_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by parent_id`,
  );
  return new Map(rows.map((row) => [row.id, row.count]));
}
