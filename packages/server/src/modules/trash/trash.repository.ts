import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * All SQL of the trash (issue 21). The trash is read from the change history: a deleted object is a
 * deleted row (`op = 'D'`) of an object table in a change set that deleted (kind `delete`, or
 * `automatic`), that nothing undid, that the sweep has not passed and that is younger than the
 * trash keeps. Restoring it is the history's undo of that change set.
 */

/** The object tables the trash lists, and the kind each is called. */
export const trashTables = {
  person: 'person',
  event: 'event',
  location: 'place',
  note: 'note',
  citation: 'citation',
  source_record: 'record',
  repository: 'repository',
  // A photo or scan (issue 22): its links and the portraits made of it come back with it.
  media_object: 'media',
} as const;
export type TrashTable = keyof typeof trashTables;

const tableList = sql.raw(
  `array[${Object.keys(trashTables)
    .map((name) => `'${name}'`)
    .join(', ')}]`,
);

/** The change sets whose deletions the trash holds. */
const inTrash = (alias: string, days: number): SQL => {
  const s = sql.raw(alias);
  return sql`${s}.kind in ('delete', 'automatic') and ${s}.undone_by is null and ${s}.swept_at is null
    and ${s}.created_at > now() - make_interval(days => ${days})`;
};

export interface TrashRow {
  seq: string | number;
  changeSetId: string | number;
  tbl: TrashTable;
  nodeId: string;
  label: string | null;
  eventType: string | null;
  deletedAt: string | Date;
  userName: string | null;
  links: { kind: string; count: number }[] | string;
  objectsInDelete: string | number;
}

/**
 * The tree's deleted objects still in the trash, newest first, `limit + 1` of them from before the
 * deleted row `before`; each with its label as it was, who deleted it, the links that went with it
 * (by table) and how many objects its delete removed.
 */
export async function listTrash(
  db: Db,
  treeId: string,
  days: number,
  before: number | undefined,
  limit: number,
): Promise<TrashRow[]> {
  return queryRows<TrashRow>(
    db,
    sql`with d as (
        select c.seq, c.change_set_id, c.tbl, c.node_id, c.old, s.created_at, s.user_id
        from history_change c
        join history_change_set s on s.tree_id = c.tree_id and s.id = c.change_set_id
        where c.tree_id = ${treeId} and c.op = 'D' and c.tbl = any(${tableList}) and ${inTrash('s', days)}
          ${before === undefined ? sql`` : sql`and c.seq < ${before}`}
        order by c.seq desc
        limit ${limit + 1}
      )
      select d.seq, d.change_set_id as "changeSetId", d.tbl, d.node_id as "nodeId",
        case d.tbl
          when 'person' then nullif(concat_ws(' ', nullif(d.old->>'f_name', ''), nullif(d.old->>'l_name', '')), '')
          when 'event' then nullif(d.old->>'type_name', '')
          when 'location' then d.old->>'name'
          when 'note' then coalesce(nullif(d.old->>'title', ''),
            nullif(left(btrim(regexp_replace(d.old->>'text', '<[^>]*>', ' ', 'g')), 80), ''))
          when 'citation' then coalesce(nullif(d.old->>'where_within_source_text', ''),
            nullif(left(d.old->>'text_from_source', 80), ''))
          when 'media_object' then coalesce(nullif(d.old->>'title', ''), nullif(d.old->>'file_name', ''),
            nullif(d.old->>'file_reference', ''))
          else d.old->>'title'
        end as label,
        case when d.tbl = 'event' then d.old->>'type' end as "eventType",
        d.created_at as "deletedAt", u.name as "userName",
        (select coalesce(jsonb_agg(jsonb_build_object('kind', l.tbl, 'count', l.n) order by l.tbl), '[]'::jsonb)
          from (select x.tbl, count(*)::int as n from history_change x
            where x.tree_id = ${treeId} and x.change_set_id = d.change_set_id and x.op = 'D'
              and x.tbl <> all(${tableList}) and (x.node_id = d.node_id or x.related_id = d.node_id)
            group by x.tbl) l) as links,
        (select count(*) from history_change x
          where x.tree_id = ${treeId} and x.change_set_id = d.change_set_id and x.op = 'D'
            and x.tbl = any(${tableList})) as "objectsInDelete"
      from d left join "user" u on u.id = d.user_id
      order by d.seq desc`,
  );
}

/** Whether the change set is a delete still in the tree's trash (restorable from it). */
export async function isInTrash(db: Db, treeId: string, changeSetId: number, days: number): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from history_change_set s
      where s.tree_id = ${treeId} and s.id = ${changeSetId} and ${inTrash('s', days)}
        and exists (select 1 from history_change c where c.tree_id = s.tree_id and c.change_set_id = s.id
          and c.op = 'D' and c.tbl = any(${tableList}))`,
  );
  return rows.length > 0;
}

/**
 * The purge (issue 21), a batch of at most `batch` change sets older than `days` days that the
 * sweep has not passed yet, across trees; change sets another instance is sweeping are skipped
 * (`FOR UPDATE SKIP LOCKED`). Each is marked swept (so it can no longer be undone when it deleted
 * rows). For the rows its deletes removed (unless an undo put them back): every stored image of
 * those rows up to the delete (the delete's old row, the insert's and the updates' values) is
 * dropped, keeping only each change's key (table, object, link end), so that what was deleted is
 * gone and the history still says what happened. Answers how many change sets were passed.
 */
export async function sweepChangeSets(db: Db, days: number, batch: number): Promise<number> {
  const [row] = await queryRows<{ marked: string | number }>(
    db,
    sql`with due as (
        select tree_id, id from history_change_set
        where swept_at is null and created_at < now() - make_interval(days => ${days})
        order by created_at limit ${batch}
        for update skip locked
      ), marked as (
        update history_change_set s set swept_at = now() from due
        where s.tree_id = due.tree_id and s.id = due.id
        returning s.tree_id, s.id, s.undone_by
      ), gone as (
        select d.tree_id, d.tbl, d.node_id, d.related_id, max(d.seq) as seq
        from marked m join history_change d on d.tree_id = m.tree_id and d.change_set_id = m.id and d.op = 'D'
        where m.undone_by is null
        group by d.tree_id, d.tbl, d.node_id, d.related_id
      ), scrubbed as (
        update history_change c set old = null, new = null from gone g
        where c.tree_id = g.tree_id and c.node_id = g.node_id and c.tbl = g.tbl
          and c.related_id is not distinct from g.related_id and c.seq <= g.seq
          and (c.old is not null or c.new is not null)
        returning 1
      )
      select (select count(*) from marked) as marked, (select count(*) from scrubbed) as scrubbed`,
  );
  return Number(row?.marked ?? 0);
}
