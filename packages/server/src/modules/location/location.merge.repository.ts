import type { MergeItem } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { LISTED } from '../note/node-merge.repository.ts';

/** The SQL of a place merge's preview (the merge itself moves rows with the place and event repositories). */

interface Listed {
  items: MergeItem[];
  total: number;
}

function listed(rows: (MergeItem & { total: number })[]): Listed {
  return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? 0 };
}

/** The events at the place: their type (or own name) and start date, the first `LISTED` by date. */
export async function eventsAt(db: Db, treeId: string, locationId: string): Promise<Listed> {
  const rows = await queryRows<MergeItem & { total: number }>(
    db,
    sql`select id::text, coalesce(nullif(type_name, ''), type) as label, type as "eventType", start_date as date,
        (count(*) over ())::int as total
      from event where tree_id = ${treeId} and location_id = ${locationId}
      order by coalesce(date_from, date_to) nulls last, id
      limit ${LISTED}`,
  );
  return listed(rows);
}

/** The places directly within the place, in Swedish order. */
export async function childrenOf(db: Db, treeId: string, locationId: string): Promise<Listed> {
  const rows = await queryRows<MergeItem & { total: number }>(
    db,
    sql`select id::text, name as label, (count(*) over ())::int as total
      from location where tree_id = ${treeId} and parent_id = ${locationId}
      order by sort_key collate "C", id
      limit ${LISTED}`,
  );
  return listed(rows);
}

/**
 * The other place's children that have a child of the kept place of the same folded name: after
 * the merge both lie within the kept place and stay two places (the user may merge them then).
 */
export async function sameNamedChildren(db: Db, treeId: string, fromId: string, toId: string): Promise<MergeItem[]> {
  return queryRows<MergeItem>(
    db,
    sql`select f.id::text, f.name as label
      from location f
      where f.tree_id = ${treeId} and f.parent_id = ${fromId}
        and exists (select 1 from location k where k.tree_id = ${treeId} and k.parent_id = ${toId} and k.name_key = f.name_key)
      order by f.sort_key collate "C", f.id
      limit ${LISTED}`,
  );
}

/** Whether `id` lies (at any depth) within `ancestorId`: one walk up from `id`. */
export async function liesWithin(db: Db, treeId: string, id: string, ancestorId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`
    with recursive up(id, depth) as (
      select parent_id, 1 from location where tree_id = ${treeId} and id = ${id} and parent_id is not null
      union all
      select l.parent_id, up.depth + 1 from location l join up on l.tree_id = ${treeId} and l.id = up.id
      where l.parent_id is not null and up.depth < 100
    )
    select exists (select 1 from up where id = ${ancestorId}) as found`,
  );
  return row?.found ?? false;
}
