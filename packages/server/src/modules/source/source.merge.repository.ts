import type { MergeItem } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { LISTED } from '../note/node-merge.repository.ts';

/** The SQL of merging two source records or two repositories (issue 21). Every statement filters by tree_id. */

const citationLabel = sql`coalesce(nullif(c.where_within_source_text, ''), nullif(c.where_within_source_url, ''),
  nullif(left(regexp_replace(c.text_from_source, '<[^>]*>', ' ', 'g'), 80), ''), '')`;

/**
 * The other record's citations that say the same as one of the kept record's (every field of the
 * citation alike, none of them timestamps or keys): each with the kept citation it becomes, the
 * first of the kept record's by id.
 */
function identicalPairsSql(treeId: string, fromId: string, toId: string) {
  return sql`
    select distinct on (f.id) f.id as from_id, k.id as to_id
    from citation f join citation k on k.tree_id = ${treeId} and k.record_id = ${toId}
      and k.where_within_source_text is not distinct from f.where_within_source_text
      and k.where_within_source_url is not distinct from f.where_within_source_url
      and k.text_from_source = f.text_from_source
      and k.event_cited_from is not distinct from f.event_cited_from
      and k.event_cited_from_role is not distinct from f.event_cited_from_role
      and k.entry_recording_date is not distinct from f.entry_recording_date
      and k.certainty_assessment is not distinct from f.certainty_assessment
    where f.tree_id = ${treeId} and f.record_id = ${fromId}
    order by f.id, k.id`;
}

/** Every pair [the other record's citation, the kept record's identical one]. */
export async function identicalCitationPairs(
  db: Db,
  treeId: string,
  fromId: string,
  toId: string,
): Promise<[string, string][]> {
  const rows = await queryRows<{ from_id: string; to_id: string }>(db, identicalPairsSql(treeId, fromId, toId));
  return rows.map((row) => [row.from_id, row.to_id]);
}

export interface CitationsOfOther {
  moves: { items: MergeItem[]; total: number };
  joins: { items: MergeItem[]; total: number };
}

/** The other record's citations: those that move and those that become one with a kept citation (the first `LISTED` of each). */
export async function citationsOfOther(
  db: Db,
  treeId: string,
  fromId: string,
  toId: string,
): Promise<CitationsOfOther> {
  const rows = await queryRows<MergeItem & { joins: boolean; total: number }>(
    db,
    sql`
    with pairs as (${identicalPairsSql(treeId, fromId, toId)}),
    listed as (
      select c.id::text as id, ${citationLabel} as label, (p.from_id is not null) as joins,
        row_number() over (partition by p.from_id is not null order by c.where_within_source_text, c.id) as n,
        (count(*) over (partition by p.from_id is not null))::int as total
      from citation c left join pairs p on p.from_id = c.id
      where c.tree_id = ${treeId} and c.record_id = ${fromId}
    )
    select id, label, joins, total from listed where n <= ${LISTED} order by n`,
  );
  const part = (joins: boolean) => {
    const chosen = rows.filter((row) => row.joins === joins);
    return { items: chosen.map(({ id, label }) => ({ id, label })), total: chosen[0]?.total ?? 0 };
  };
  return { moves: part(false), joins: part(true) };
}

/** Where each citation of the pairs is cited, it is the kept one that is cited (no node cites one twice). */
export async function repointCitationLinks(db: Db, treeId: string, pairs: readonly [string, string][]) {
  if (pairs.length === 0) return;
  const json = JSON.stringify(pairs.map(([from, to]) => ({ from_id: from, to_id: to })));
  const p = sql`(select * from json_to_recordset(${json}::json) as r(from_id uuid, to_id uuid))`;
  await db.execute(sql`
    insert into citation_link (tree_id, citation_id, node_id, node_kind, position)
    select distinct on (f.node_id, p.to_id) ${treeId}::uuid, p.to_id, f.node_id, f.node_kind, f.position
    from ${p} p join citation_link f on f.tree_id = ${treeId} and f.citation_id = p.from_id
    where not exists (select 1 from citation_link k where k.tree_id = ${treeId} and k.node_id = f.node_id and k.citation_id = p.to_id)
    order by f.node_id, p.to_id, f.position`);
  await db.execute(sql`
    delete from citation_link f using ${p} p where f.tree_id = ${treeId} and f.citation_id = p.from_id`);
}

/** The citations of one record become the other's. */
export async function moveCitations(db: Db, treeId: string, fromId: string, toId: string) {
  await db.execute(sql`
    update citation set record_id = ${toId}, revision = revision + 1, updated_at = now()
    where tree_id = ${treeId} and record_id = ${fromId}`);
}

/** The records of one repository become the other's. */
export async function moveRecords(db: Db, treeId: string, fromId: string, toId: string) {
  await db.execute(sql`
    update source_record set repository_id = ${toId}, revision = revision + 1, updated_at = now()
    where tree_id = ${treeId} and repository_id = ${fromId}`);
}

/** The repository's records, by title (the first `LISTED`). */
export async function recordsOf(db: Db, treeId: string, repositoryId: string) {
  const rows = await queryRows<MergeItem & { total: number }>(
    db,
    sql`select id::text, title as label, (count(*) over ())::int as total
      from source_record where tree_id = ${treeId} and repository_id = ${repositoryId}
      order by left(title_key, 500), id limit ${LISTED}`,
  );
  return { items: rows.map(({ id, label }) => ({ id, label })), total: rows[0]?.total ?? 0 };
}
