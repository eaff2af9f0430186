import type { MergeGroup } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The SQL a merge of two places, records or repositories shares (issue 21): what is attached to the
 * one merged away (its notes, cited sources, media objects and kept GEDCOM lines) moves to the one
 * kept. A link's key includes its node, so a link is moved by deleting it and inserting it for the
 * kept node in one statement (the history records a delete and an insert, which undo reverses);
 * a link the kept node already has is not doubled. Every statement filters by tree_id.
 */

const linkTables = [
  { table: 'citation_link', other: 'citation_id', kind: 'source' },
  { table: 'note_link', other: 'note_id', kind: 'note' },
  { table: 'media_link', other: 'media_id', kind: 'media' },
] as const;

/** How many items we list of each kind; the rest are counted. */
export const LISTED = 50;

type Row = { kind: MergeGroup['kind']; id: string; label: string; shared: boolean; total: number };

/**
 * The other node's links, by kind: the first `LISTED` of each kind that moves (`shared`: false) and
 * of each the kept node already has (`shared`: true, they become one), with totals.
 */
export async function attachmentGroups(
  db: Db,
  treeId: string,
  fromId: string,
  toId: string,
): Promise<{ moves: MergeGroup[]; joins: MergeGroup[] }> {
  const rows = await queryRows<Row>(
    db,
    sql`
    with links as (
      select 'source' as kind, f.citation_id as id,
        exists (select 1 from citation_link k where k.tree_id = ${treeId} and k.node_id = ${toId} and k.citation_id = f.citation_id) as shared,
        f.position
      from citation_link f where f.tree_id = ${treeId} and f.node_id = ${fromId}
      union all
      select 'note', f.note_id,
        exists (select 1 from note_link k where k.tree_id = ${treeId} and k.node_id = ${toId} and k.note_id = f.note_id),
        f.position
      from note_link f where f.tree_id = ${treeId} and f.node_id = ${fromId}
      union all
      select 'media', f.media_id,
        exists (select 1 from media_link k where k.tree_id = ${treeId} and k.node_id = ${toId} and k.media_id = f.media_id),
        f.position
      from media_link f where f.tree_id = ${treeId} and f.node_id = ${fromId}
    ), numbered as (
      select links.*, row_number() over (partition by kind, shared order by position, id) as n,
        count(*) over (partition by kind, shared) as total
      from links
    )
    select n.kind, n.id::text, n.shared, n.total::int as total,
      coalesce(
        case n.kind
          when 'source' then (select coalesce(nullif(r.title, '') || coalesce(', ' || nullif(c.where_within_source_text, ''), ''),
              c.where_within_source_text, c.where_within_source_url)
            from citation c left join source_record r on r.tree_id = c.tree_id and r.id = c.record_id
            where c.tree_id = ${treeId} and c.id = n.id)
          when 'note' then (select coalesce(nullif(t.title, ''), left(regexp_replace(t.text, '<[^>]*>', ' ', 'g'), 80))
            from note t where t.tree_id = ${treeId} and t.id = n.id)
          else (select coalesce(nullif(m.title, ''), m.file_reference) from media_object m where m.tree_id = ${treeId} and m.id = n.id)
        end, '') as label
    from numbered n where n.n <= ${LISTED}
    order by n.kind, n.n`,
  );
  const gedcom = await queryRows<{ from_lines: number; to_lines: number | null }>(
    db,
    sql`select jsonb_array_length(f.lines)::int as from_lines,
        (select jsonb_array_length(k.lines)::int from gedcom_extra k where k.tree_id = ${treeId} and k.node_id = ${toId}) as to_lines
      from gedcom_extra f where f.tree_id = ${treeId} and f.node_id = ${fromId}`,
  );
  const group = (shared: boolean) => {
    const groups = new Map<MergeGroup['kind'], MergeGroup>();
    for (const row of rows.filter((each) => each.shared === shared)) {
      const existing = groups.get(row.kind) ?? { kind: row.kind, total: row.total, items: [] };
      existing.items.push({ id: row.id, label: row.label });
      groups.set(row.kind, existing);
    }
    return [...groups.values()];
  };
  const moves = group(false);
  const kept = gedcom[0];
  if (kept && kept.from_lines > 0) moves.push({ kind: 'gedcom', total: kept.from_lines, items: [] });
  return { moves, joins: group(true) };
}

/** Whether both nodes have lines kept from a GEDCOM import (the other's are added to the kept one's). */
export async function bothHaveKeptLines(db: Db, treeId: string, fromId: string, toId: string): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from gedcom_extra where tree_id = ${treeId} and node_id in (${fromId}, ${toId})`,
  );
  return (row?.count ?? 0) === 2;
}

/** How many distinct citations the kept node cites after the merge (a free tree's limit per place). */
export async function citedAfterMerge(db: Db, treeId: string, fromId: string, toId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(distinct citation_id)::int as count from citation_link
      where tree_id = ${treeId} and node_id in (${fromId}, ${toId})`,
  );
  return row?.count ?? 0;
}

/** The pairs of a merge (`from` merged into `to`) as a relation `pairs(from_id, to_id)`, one statement's worth. */
function pairsOf(pairs: readonly (readonly [string, string])[]) {
  const json = JSON.stringify(pairs.map(([from, to]) => ({ from_id: from, to_id: to })));
  return sql`(select * from json_to_recordset(${json}::json) as r(from_id uuid, to_id uuid))`;
}

/**
 * Moves every link of each `from` node (citations cited, notes, media objects) to its `to` node,
 * after the `to` node's own, and its kept GEDCOM lines (appended to the `to` node's); pointers to
 * the `from` node in any kept lines of the tree then name the `to` node (one pair). Set-based: a few statements
 * for any number of pairs.
 */
export async function moveAttachments(
  db: Db,
  treeId: string,
  pairs: readonly (readonly [string, string])[],
): Promise<void> {
  if (pairs.length === 0) return;
  const p = pairsOf(pairs);
  for (const { table, other } of linkTables) {
    const t = sql.raw(table);
    const o = sql.raw(other);
    await db.execute(sql`
      insert into ${t} (tree_id, ${o}, node_id, node_kind, position)
      select distinct on (p.to_id, f.${o}) ${treeId}::uuid, f.${o}, p.to_id, f.node_kind,
        (select coalesce(max(k.position) + 1, 0) from ${t} k where k.tree_id = ${treeId} and k.node_id = p.to_id) + f.position
      from ${p} p join ${t} f on f.tree_id = ${treeId} and f.node_id = p.from_id
      where not exists (select 1 from ${t} k where k.tree_id = ${treeId} and k.node_id = p.to_id and k.${o} = f.${o})
      order by p.to_id, f.${o}, f.position`);
    await db.execute(sql`
      delete from ${t} f using ${p} p where f.tree_id = ${treeId} and f.node_id = p.from_id`);
  }
  // Kept GEDCOM lines: appended to the kept node's row, or a row made for it; then the other's row goes.
  const gathered = sql`(
    select p.to_id, min(f.node_kind) as node_kind, (array_agg(f.tag order by f.node_id))[1] as tag,
      (select a.anchor from gedcom_extra a where a.tree_id = ${treeId} and a.node_id = (array_agg(f.node_id order by f.node_id))[1]) as anchor,
      jsonb_agg(x.line order by f.node_id, x.n) as lines
    from ${p} p join gedcom_extra f on f.tree_id = ${treeId} and f.node_id = p.from_id
    cross join lateral jsonb_array_elements(f.lines) with ordinality as x(line, n)
    group by p.to_id)`;
  await db.execute(sql`
    update gedcom_extra k set lines = k.lines || g.lines
    from ${gathered} g where k.tree_id = ${treeId} and k.node_id = g.to_id`);
  await db.execute(sql`
    insert into gedcom_extra (tree_id, node_id, node_kind, tag, anchor, lines)
    select ${treeId}::uuid, g.to_id, g.node_kind, g.tag, g.anchor, g.lines from ${gathered} g
    where not exists (select 1 from gedcom_extra k where k.tree_id = ${treeId} and k.node_id = g.to_id)`);
  await db.execute(sql`delete from gedcom_extra f using ${p} p where f.tree_id = ${treeId} and f.node_id = p.from_id`);
  // Pointers name records (a source, an archive, a note), never a citation, so only a single
  // merge of a place, record or repository has them to rewrite; a citation join has many pairs.
  const [single] = pairs;
  if (pairs.length === 1 && single) {
    await db.execute(sql`
      update gedcom_extra set lines = replace(lines::text, ${single[0]}, ${single[1]})::jsonb
      where tree_id = ${treeId} and strpos(lines::text, ${single[0]}) > 0`);
  }
}
