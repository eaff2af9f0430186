import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { objectTables } from './change-set.ts';

/**
 * The SQL of the history's labels (issue 21): what the objects a page of history mentions are
 * called, read set-wise, one statement per kind of object whatever the page's length.
 */

export interface PersonLabelRow {
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
}

export interface EventLabelRow {
  id: string;
  type: string;
  subtype: string | null;
  typeName: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
  dateText: string | null;
}

export interface TitledLabelRow {
  id: string;
  tbl: string;
  title: string | null;
}

export interface DeletedObjectRow {
  id: string;
  tbl: string;
  row: Record<string, unknown> | string;
}

const idList = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

export async function personLabels(db: Db, treeId: string, ids: readonly string[]): Promise<PersonLabelRow[]> {
  return queryRows<PersonLabelRow>(
    db,
    sql`select id, f_name as "fName", p_name as "pName", l_name as "lName"
      from person where tree_id = ${treeId} and id = any(${idList(ids)})`,
  );
}

export async function eventLabels(db: Db, treeId: string, ids: readonly string[]): Promise<EventLabelRow[]> {
  return queryRows<EventLabelRow>(
    db,
    sql`select id, type, subtype, type_name as "typeName", start_date as "startDate",
        start_date_type as "startDateType", end_date as "endDate", end_date_type as "endDateType",
        date_text as "dateText"
      from event where tree_id = ${treeId} and id = any(${idList(ids)})`,
  );
}

/** A note without a title is called by the start of its text, without its tags. */
const noteText = (column: string) =>
  sql.raw(`nullif(left(btrim(regexp_replace(${column}, '<[^>]*>', ' ', 'g')), 80), '')`);

/** Places, repositories, records, citations (their record's title and the page), notes and media objects. */
export async function titledLabels(db: Db, treeId: string, ids: readonly string[]): Promise<TitledLabelRow[]> {
  const list = idList(ids);
  return queryRows<TitledLabelRow>(
    db,
    sql`select id, 'location' as tbl, name as title from location where tree_id = ${treeId} and id = any(${list})
      union all
      select id, 'repository', title from repository where tree_id = ${treeId} and id = any(${list})
      union all
      select id, 'source_record', title from source_record where tree_id = ${treeId} and id = any(${list})
      union all
      select c.id, 'citation', nullif(concat_ws(', ', r.title, nullif(c.where_within_source_text, '')), '')
        from citation c left join source_record r on r.tree_id = c.tree_id and r.id = c.record_id
        where c.tree_id = ${treeId} and c.id = any(${list})
      union all
      select id, 'note', coalesce(nullif(title, ''), ${noteText('text')}) from note
        where tree_id = ${treeId} and id = any(${list})
      union all
      select id, 'media_object', coalesce(nullif(title, ''), file_reference) from media_object
        where tree_id = ${treeId} and id = any(${list})`,
  );
}

const objectList = sql.raw(`array[${objectTables.map((name) => `'${name}'`).join(', ')}]`);

/**
 * The last whole row the history holds of each of these objects (no longer in the tree): the row
 * its delete removed, or the one that created it. None for an object the trash has purged.
 */
export async function deletedObjects(db: Db, treeId: string, ids: readonly string[]): Promise<DeletedObjectRow[]> {
  return queryRows<DeletedObjectRow>(
    db,
    sql`select distinct on (c.node_id) c.node_id as id, c.tbl, coalesce(c.old, c.new) as row
      from history_change c
      where c.tree_id = ${treeId} and c.node_id = any(${idList(ids)}) and c.tbl = any(${objectList})
        and c.op in ('I', 'D') and coalesce(c.old, c.new) is not null
      order by c.node_id, c.seq desc`,
  );
}
