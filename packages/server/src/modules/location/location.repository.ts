import type { LocationSummary } from '@anor/core';
import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { location, tree } from '../../db/schema.ts';

/** All SQL about places. Every statement filters by tree_id. */

export interface LocationRow {
  treeId: string;
  id: string;
  parentId: string | null;
  name: string;
  nameKey: string;
  type: string | null;
  description: string | null;
  lat: number | null;
  lng: number | null;
  primaryLink: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface LocationWrite {
  parentId: string | null;
  name: string;
  nameKey: string;
  type: string | null;
  description: string | null;
  lat: number | null;
  lng: number | null;
  primaryLink: string | null;
  sortKey: string;
}

export function toSummary(
  row: Pick<LocationRow, 'id' | 'name' | 'type' | 'parentId' | 'lat' | 'lng'>,
): LocationSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    parentId: row.parentId,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  };
}

const summaryColumns = {
  id: location.id,
  name: location.name,
  type: location.type,
  parentId: location.parentId,
  lat: location.lat,
  lng: location.lng,
};

export async function findLocation(db: Db, treeId: string, id: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select({
      treeId: location.treeId,
      id: location.id,
      parentId: location.parentId,
      name: location.name,
      nameKey: location.nameKey,
      type: location.type,
      description: location.description,
      lat: location.lat,
      lng: location.lng,
      primaryLink: location.primaryLink,
      revision: location.revision,
      createdAt: location.createdAt,
      updatedAt: location.updatedAt,
    })
    .from(location)
    .where(and(eq(location.treeId, treeId), eq(location.id, id)));
  return row;
}

export async function insertLocation(db: Db, treeId: string, id: string, values: LocationWrite): Promise<void> {
  await db.insert(location).values({ treeId, id, ...values });
}

/**
 * Writes the place's fields (none: only a new revision, as when its sources changed) with a new
 * revision; with `revision`, only if that is still the stored one. Answers whether it wrote.
 */
export async function updateLocation(
  db: Db,
  treeId: string,
  id: string,
  values: Partial<LocationWrite>,
  revision?: number,
): Promise<boolean> {
  const written = await db
    .update(location)
    .set({ ...values, revision: sql`${location.revision} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(location.treeId, treeId),
        eq(location.id, id),
        revision === undefined ? undefined : eq(location.revision, revision),
      ),
    )
    .returning({ id: location.id });
  return written.length > 0;
}

/** Ancestors, root first, by a recursive walk up the parents. */
export function ancestorsOf(db: Db, treeId: string, id: string) {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`
    with recursive up(id, depth) as (
      select parent_id, 1 from ${location} where tree_id = ${treeId} and id = ${id} and parent_id is not null
      union all
      select l.parent_id, up.depth + 1 from ${location} l join up on l.tree_id = ${treeId} and l.id = up.id
      where l.parent_id is not null and up.depth < 100
    )
    select l.id, l.name from up join ${location} l on l.tree_id = ${treeId} and l.id = up.id
    order by up.depth desc`,
  );
}

export interface DescendantRow {
  id: string;
  name: string;
  type: string | null;
  parentId: string | null;
  lat: number | null;
  lng: number | null;
  depth: number;
}

/** Every place below this one, nearest first. */
export function descendantsOf(db: Db, treeId: string, id: string) {
  return queryRows<DescendantRow>(
    db,
    sql`
    with recursive down(id, depth) as (
      select id, 1 from ${location} where tree_id = ${treeId} and parent_id = ${id}
      union all
      select l.id, down.depth + 1 from ${location} l join down on l.tree_id = ${treeId} and l.parent_id = down.id
      where down.depth < 100
    )
    select l.id, l.name, l.type, l.parent_id as "parentId", l.lat, l.lng, down.depth
    from down join ${location} l on l.tree_id = ${treeId} and l.id = down.id
    order by down.depth, l.sort_key collate "C", l.id`,
  );
}

/** Children of the place move up to its parent (or become top-level). */
export async function reparentChildren(db: Db, treeId: string, id: string, newParentId: string | null) {
  await db
    .update(location)
    .set({ parentId: newParentId, revision: sql`${location.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(location.treeId, treeId), eq(location.parentId, id)));
}

export async function deleteLocations(db: Db, treeId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(location).where(and(eq(location.treeId, treeId), inArray(location.id, [...ids])));
}

export async function listLocations(
  db: Db,
  treeId: string,
  filter: { terms: string[]; parentId?: string | 'root'; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(location.treeId, treeId)];
  const likes = filter.terms.map((term) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  // Every term in the place's own name or in the name of a place it lies within (issue 19, item
  // 16: "stenbrohult kronoberg" finds Råshult, Stenbrohult, Kronobergs län): each place's path of
  // folded names, built once for the tree by one recursive statement.
  if (likes.length > 0) {
    conditions.push(sql`${location.id} in (
      with recursive paths(id, path) as (
        select l.id, l.name_key from ${location} l where l.tree_id = ${treeId} and l.parent_id is null
        union all
        select l.id, p.path || chr(10) || l.name_key from ${location} l join paths p on l.parent_id = p.id
          where l.tree_id = ${treeId}
      )
      select id from paths where ${sql.join(
        likes.map((like) => sql`path like ${like}`),
        sql` and `,
      )})`);
  }
  if (filter.parentId === 'root') conditions.push(isNull(location.parentId));
  else if (filter.parentId) conditions.push(eq(location.parentId, filter.parentId));
  const where = and(...conditions);
  const rows = await db
    .select(summaryColumns)
    .from(location)
    .where(where)
    .orderBy(
      // The places whose own name holds every term first, then those found by a place they lie within.
      ...(likes.length > 0
        ? [
            sql`case when ${sql.join(
              likes.map((like) => sql`${location.nameKey} like ${like}`),
              sql` and `,
            )} then 0 else 1 end`,
          ]
        : []),
      sql`${location.sortKey} collate "C"`,
      asc(location.id),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] =
    conditions.length === 1
      ? await db.select({ value: tree.locationsCount }).from(tree).where(eq(tree.id, treeId))
      : await db.select({ value: count() }).from(location).where(where);
  return { items: rows.map(toSummary), total: total?.value ?? 0 };
}

/** Every place of the tree that has coordinates, in Swedish order: the tree-wide map. */
export async function locationsWithCoordinates(db: Db, treeId: string) {
  const rows = await db
    .select(summaryColumns)
    .from(location)
    .where(and(eq(location.treeId, treeId), isNotNull(location.lat), isNotNull(location.lng)))
    .orderBy(sql`${location.sortKey} collate "C"`, asc(location.id));
  return rows.flatMap((row) =>
    row.lat !== null && row.lng !== null ? [{ ...toSummary(row), coordinates: { lat: row.lat, lng: row.lng } }] : [],
  );
}

/** The top of the hierarchy a place belongs to. */
export async function topOf(db: Db, treeId: string, id: string): Promise<string> {
  const [top] = await ancestorsOf(db, treeId, id);
  return top?.id ?? id;
}

/**
 * Up to `limit` places whose folded name contains the term (those starting with it first), each
 * with its path of names, nearest first, in one recursive statement.
 */
export function suggestLocations(db: Db, treeId: string, term: string, limit: number) {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return queryRows<{ id: string; name: string; text: string }>(
    db,
    sql`
    with recursive matches as (
      select id, name from ${location}
      where tree_id = ${treeId} and name_key like ${`%${escaped}%`}
      order by (name_key like ${`${escaped}%`}) desc, sort_key collate "C", id
      limit ${limit}
    ), up(match_id, id, depth) as (
      select id, id, 0 from matches
      union all
      select up.match_id, l.parent_id, up.depth + 1
      from up join ${location} l on l.tree_id = ${treeId} and l.id = up.id
      where l.parent_id is not null and up.depth < 100
    )
    select m.id, m.name, string_agg(l.name, ', ' order by up.depth) as text
    from matches m
    join up on up.match_id = m.id
    join ${location} l on l.tree_id = ${treeId} and l.id = up.id
    group by m.id, m.name
    order by min(m.name)`,
  );
}

/** Refreshes the planner's statistics after a bulk import. */
export async function analyzeTable(db: Db): Promise<void> {
  await db.execute(sql`analyze ${location}`);
}
