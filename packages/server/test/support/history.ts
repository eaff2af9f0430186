import type { HistoryAnswer } from '@anor/core';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { recordedTables } from '../../src/modules/history/history.tables.ts';
import { createTree, signUp } from './client.ts';
import { FamilyBuilder } from './family.ts';
import type { TestApp } from './test-app.ts';

/** A new user with a tree of that name, and the tree's recent changes (`GET …/history`, asserted 200). */
export async function newHistoryOwner(t: TestApp, treeName: string) {
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, treeName);
  const family = new FamilyBuilder(a.client, tree.id);
  const api = `/api/${tree.id}`;
  const recent = async (query = '') => {
    const response = await a.client.get<HistoryAnswer>(`${api}/history${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  return { ...a, tree, family, api, recent };
}

/**
 * Everything a tree holds (issue 21's undo tests compare it before and after): each recorded table's
 * rows, sorted, and the tree row's name, root and counts.
 */
export async function treeContent(t: TestApp, treeId: string) {
  const names = recordedTables.map((entry) => entry.name);
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select ${sql.join(
      names.map(
        (name) =>
          sql`(select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::jsonb) from ${sql.raw(`"${name}"`)} x where x.tree_id = ${treeId}) as ${sql.raw(`"${name}"`)}`,
      ),
      sql`, `,
    )}, (select jsonb_build_object('name', name, 'root_id', root_id, 'persons', persons_count, 'locations', locations_count,
        'events', events_count, 'sources', sources_count) from tree where id = ${treeId}) as tree`,
  );
  const data = Object.fromEntries(names.map((name) => [name, row?.[name] as unknown[]]));
  const tree = row?.tree as {
    name: string;
    root_id: string | null;
    persons: number;
    locations: number;
    events: number;
    sources: number;
  };
  return {
    rows: Object.fromEntries(names.map((name) => [name, data[name]?.length ?? 0])),
    data,
    tree: { name: tree.name, rootId: tree.root_id },
    counts: { persons: tree.persons, locations: tree.locations, events: tree.events, sources: tree.sources },
  };
}

/** The newest change set of a tree (0: none) and whether any of the tree's change sets is automatic (no service named it). */
export async function historyState(t: TestApp, treeId: string) {
  const [row] = await queryRows<{ latest: string | number | null; automatic: string | number }>(
    t.database.db,
    sql`select max(id) as latest, count(*) filter (where kind = 'automatic') as automatic
      from history_change_set where tree_id = ${treeId}`,
  );
  return { latest: Number(row?.latest ?? 0), automatic: Number(row?.automatic ?? 0) };
}
