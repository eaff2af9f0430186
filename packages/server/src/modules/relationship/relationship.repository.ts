import { type Gender, toKinSex } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { KinGraph } from './relationship.search.ts';

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The part of the tree a relationship search between these persons needs, in two set-wise
 * queries whatever the tree's size: the persons, their partners and all their ancestors (one
 * recursive query, each with their parents and sex), then the partner and sibling links among
 * them. Answers null when a person is not in the tree.
 */
export async function loadKinGraph(
  db: Db,
  treeId: string,
  personIds: readonly string[],
): Promise<{ graph: KinGraph; sexes: Map<string, ReturnType<typeof toKinSex>> } | null> {
  const ids = uuidArray(personIds);
  const rows = await queryRows<{ id: string; gender: Gender; parents: string[] | null; isSeed: boolean }>(
    db,
    sql`with recursive seeds(id) as (
          select unnest(${ids}::uuid[])
          union
          select case when pa.person_a = any(${ids}::uuid[]) then pa.person_b else pa.person_a end
          from partner pa
          where pa.tree_id = ${treeId} and (pa.person_a = any(${ids}::uuid[]) or pa.person_b = any(${ids}::uuid[]))
        ), closure(id) as (
          select id from seeds
          union
          select pc.parent_id from parent_child pc join closure c on pc.child_id = c.id where pc.tree_id = ${treeId}
        )
        select p.id::text as id, p.gender,
          p.id = any(${ids}::uuid[]) as "isSeed",
          (select array_agg(pc.parent_id::text order by pc.parent_id) from parent_child pc
            where pc.tree_id = ${treeId} and pc.child_id = p.id) as parents
        from closure c join person p on p.tree_id = ${treeId} and p.id = c.id`,
  );
  if (rows.filter((row) => row.isSeed).length !== new Set(personIds.map((id) => id.toLowerCase())).size) return null;
  const graph: KinGraph = { parents: new Map(), partners: new Map(), siblings: new Map() };
  const sexes = new Map<string, ReturnType<typeof toKinSex>>();
  for (const row of rows) {
    graph.parents.set(row.id, row.parents ?? []);
    sexes.set(row.id, toKinSex(row.gender));
  }
  const all = uuidArray(rows.map((row) => row.id));
  const links = await queryRows<{ kind: 'partner' | 'sibling'; a: string; b: string }>(
    db,
    sql`select 'partner' as kind, person_a::text as a, person_b::text as b from partner
          where tree_id = ${treeId} and person_a = any(${all}::uuid[]) and person_b = any(${all}::uuid[])
        union all
        select 'sibling', person_a::text, person_b::text from sibling_link
          where tree_id = ${treeId} and person_a = any(${all}::uuid[]) and person_b = any(${all}::uuid[])`,
  );
  for (const link of links) {
    const map = link.kind === 'partner' ? graph.partners : graph.siblings;
    for (const [from, to] of [
      [link.a, link.b],
      [link.b, link.a],
    ] as const) {
      const set = map.get(from);
      if (set) set.add(to);
      else map.set(from, new Set([to]));
    }
  }
  return { graph, sexes };
}

/** The names of the persons a relationship answer shows. */
export function personNames(db: Db, treeId: string, ids: readonly string[]) {
  return queryRows<{ id: string; fName: string | null; pName: string | null; lName: string | null; gender: Gender }>(
    db,
    sql`select id::text as id, f_name as "fName", p_name as "pName", l_name as "lName", gender from person
        where tree_id = ${treeId} and id = any(${uuidArray(ids)}::uuid[])`,
  );
}
