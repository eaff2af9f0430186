import { type Gender, toKinSex } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { KinGraph } from './relationship.search.ts';

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export type KinPersonRow = {
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  gender: Gender;
};

interface KinRow {
  kind: 'person' | 'partner' | 'sibling';
  a: string;
  b: string | null;
  gender: Gender | null;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  parents: string[] | null;
}

/**
 * The part of the tree a relationship search between these persons needs, in one statement
 * whatever the tree's size: the persons, their partners and all their ancestors (a recursive
 * query), each with their names, sex and parents, and the partner and sibling links among them,
 * all read by key (an array of the ancestors' ids, so the planner looks each up in its index
 * rather than scanning the tree). Answers null when a person is not in the tree.
 */
export async function loadKinGraph(
  db: Db,
  treeId: string,
  personIds: readonly string[],
): Promise<{
  graph: KinGraph;
  sexes: Map<string, ReturnType<typeof toKinSex>>;
  persons: Map<string, KinPersonRow>;
} | null> {
  const ids = uuidArray(personIds);
  const rows = await queryRows<KinRow>(
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
        ), everyone(ids) as (select array_agg(id) from closure)
        select 'person' as kind, p.id::text as a, null as b, p.gender, p.f_name as "fName", p.p_name as "pName",
          p.l_name as "lName",
          (select array_agg(pc.parent_id::text order by pc.parent_id) from parent_child pc
            where pc.tree_id = ${treeId} and pc.child_id = p.id) as parents
        from person p where p.tree_id = ${treeId} and p.id = any((select ids from everyone)::uuid[])
        union all
        select 'partner', l.person_a::text, l.person_b::text, null, null, null, null, null from partner l
        where l.tree_id = ${treeId} and l.person_a = any((select ids from everyone)::uuid[])
          and l.person_b = any((select ids from everyone)::uuid[])
        union all
        select 'sibling', l.person_a::text, l.person_b::text, null, null, null, null, null from sibling_link l
        where l.tree_id = ${treeId} and l.person_a = any((select ids from everyone)::uuid[])
          and l.person_b = any((select ids from everyone)::uuid[])`,
  );
  const graph: KinGraph = { parents: new Map(), partners: new Map(), siblings: new Map() };
  const sexes = new Map<string, ReturnType<typeof toKinSex>>();
  const persons = new Map<string, KinPersonRow>();
  for (const row of rows) {
    if (row.kind === 'person') {
      graph.parents.set(row.a, row.parents ?? []);
      sexes.set(row.a, toKinSex(row.gender));
      persons.set(row.a, {
        id: row.a,
        fName: row.fName,
        pName: row.pName,
        lName: row.lName,
        gender: row.gender ?? 'unknown',
      });
      continue;
    }
    const map = row.kind === 'partner' ? graph.partners : graph.siblings;
    const b = row.b as string;
    for (const [from, to] of [
      [row.a, b],
      [b, row.a],
    ] as const) {
      const set = map.get(from);
      if (set) set.add(to);
      else map.set(from, new Set([to]));
    }
  }
  if (!personIds.every((id) => persons.has(id.toLowerCase()))) return null;
  return { graph, sexes, persons };
}
