import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { objectTables } from './change-set.ts';
import { recordedTables, referenceColumns, rowDefaults, updateSetClause } from './history.tables.ts';

/** All SQL of the change history (issue 21): reading it, and undoing a change set. */

export interface ChangeSetRow {
  id: string | number;
  kind: string;
  createdAt: string | Date;
  userId: string | null;
  userName: string | null;
  undoneBy: string | number | null;
  undoes: string | number | null;
  changes: string | number;
  tbl: string | null;
  nodeId: string | null;
}

export interface ChangeRow {
  seq: string | number;
  changeSetId: string | number;
  tbl: string;
  op: 'I' | 'U' | 'D';
  nodeId: string;
  relatedId: string | null;
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
}

const objectList = sql.raw(`array[${objectTables.map((name) => `'${name}'`).join(', ')}]`);

const changeSetColumns = sql`s.id, s.kind, s.created_at as "createdAt", s.user_id as "userId", u.name as "userName",
  s.undone_by as "undoneBy", s.undoes`;

export interface ChangeSetFilter {
  personId?: string | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/** The ids a person's history covers: the person and the events they take part in. */
function personObjects(treeId: string, personId: string): SQL {
  return sql`(select ${personId}::uuid union all
    select event_id from event_participant where tree_id = ${treeId} and person_id = ${personId})`;
}

/** The tree's change sets, newest first, `limit + 1` of them (the extra says there is a next page). */
export async function listChangeSets(db: Db, treeId: string, filter: ChangeSetFilter): Promise<ChangeSetRow[]> {
  const conditions: SQL[] = [sql`s.tree_id = ${treeId}`];
  if (filter.kind) conditions.push(sql`s.kind = ${filter.kind}`);
  if (filter.from) conditions.push(sql`s.created_at >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`s.created_at < ${filter.to}::date + 1`);
  if (filter.before !== undefined) conditions.push(sql`s.id < ${filter.before}`);
  if (filter.personId) {
    conditions.push(sql`s.id in (select c.change_set_id from history_change c
      where c.tree_id = ${treeId} and (c.node_id in ${personObjects(treeId, filter.personId)} or c.related_id = ${filter.personId}))`);
  }
  return queryRows<ChangeSetRow>(
    db,
    sql`select ${changeSetColumns},
        (select count(*) from history_change c where c.tree_id = s.tree_id and c.change_set_id = s.id) as changes,
        f.tbl, f.node_id as "nodeId"
      from history_change_set s
      left join "user" u on u.id = s.user_id
      left join lateral (
        (select c.tbl, c.node_id from history_change c
          where c.tree_id = s.tree_id and c.change_set_id = s.id and c.tbl = any(${objectList}) order by c.seq limit 1)
        union all
        (select c.tbl, c.node_id from history_change c
          where c.tree_id = s.tree_id and c.change_set_id = s.id order by c.seq limit 1)
        limit 1
      ) f on true
      where ${sql.join(conditions, sql` and `)}
      order by s.id desc
      limit ${filter.limit + 1}`,
  );
}

export async function findChangeSet(db: Db, treeId: string, id: number): Promise<ChangeSetRow | undefined> {
  const [row] = await queryRows<ChangeSetRow>(
    db,
    sql`select ${changeSetColumns}, 0 as changes, null as tbl, null as "nodeId"
      from history_change_set s left join "user" u on u.id = s.user_id
      where s.tree_id = ${treeId} and s.id = ${id}`,
  );
  return row;
}

const changeColumns = sql`c.seq, c.change_set_id as "changeSetId", c.tbl, c.op, c.node_id as "nodeId",
  c.related_id as "relatedId", c.old, c.new`;

/** The changes of one change set in the order they were made, from after `after`, `limit + 1` of them. */
export async function changesOfSet(
  db: Db,
  treeId: string,
  changeSetId: number,
  after: number,
  limit: number,
): Promise<ChangeRow[]> {
  return queryRows<ChangeRow>(
    db,
    sql`select ${changeColumns} from history_change c
      where c.tree_id = ${treeId} and c.change_set_id = ${changeSetId} and c.seq > ${after}
      order by c.seq limit ${limit + 1}`,
  );
}

/**
 * The changes of one object, newest first: its own row, its parts and its links (a person: also
 * the events they take part in), before the change `before`, `limit + 1` of them.
 */
export async function changesOfObject(
  db: Db,
  treeId: string,
  objectId: string,
  isPerson: boolean,
  before: number | undefined,
  limit: number,
): Promise<(ChangeRow & ChangeSetRow)[]> {
  const objects = isPerson ? personObjects(treeId, objectId) : sql`(select ${objectId}::uuid)`;
  return queryRows<ChangeRow & ChangeSetRow>(
    db,
    sql`select ${changeColumns}, ${changeSetColumns}
      from history_change c
      join history_change_set s on s.tree_id = c.tree_id and s.id = c.change_set_id
      left join "user" u on u.id = s.user_id
      where c.tree_id = ${treeId} and (c.node_id in ${objects} or c.related_id = ${objectId})
        ${before === undefined ? sql`` : sql`and c.seq < ${before}`}
      order by c.seq desc limit ${limit + 1}`,
  );
}

/** Whether the trash sweep purged what the change set deleted (modules/trash/): it can no longer be undone. */
export async function isPurged(db: Db, treeId: string, changeSetId: number): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from history_change_set s
      where s.tree_id = ${treeId} and s.id = ${changeSetId} and s.swept_at is not null
        and exists (select 1 from history_change c where c.tree_id = s.tree_id and c.change_set_id = s.id and c.op = 'D')`,
  );
  return rows.length > 0;
}

/**
 * The first later change set that depends on `changeSetId`: one that changed a row this one
 * changed, or linked to or pointed at an object this one created or deleted. A later change set
 * that was undone (and its undo) cancel out and do not count, so undo after undo walks back.
 * Null: none.
 */
export async function firstDependentChangeSet(db: Db, treeId: string, changeSetId: number): Promise<number | null> {
  const references = referenceColumns.map((column) => sql`c.new->>${column}`);
  const [row] = await queryRows<{ id: string | number | null }>(
    db,
    sql`with mine as (
        select distinct tbl, node_id, related_id from history_change
        where tree_id = ${treeId} and change_set_id = ${changeSetId}
      ), objects as (
        select distinct node_id as id from history_change
        where tree_id = ${treeId} and change_set_id = ${changeSetId} and op in ('I', 'D') and tbl = any(${objectList})
      ), later as (
        select c.change_set_id from mine m join history_change c
          on c.tree_id = ${treeId} and c.node_id = m.node_id and c.tbl = m.tbl
          and c.related_id is not distinct from m.related_id and c.change_set_id > ${changeSetId}
        union all
        select c.change_set_id from objects o join history_change c
          on c.tree_id = ${treeId} and c.node_id = o.id and c.change_set_id > ${changeSetId}
        union all
        select c.change_set_id from objects o join history_change c
          on c.tree_id = ${treeId} and c.related_id = o.id and c.change_set_id > ${changeSetId}
        union all
        select c.change_set_id from history_change c
          where c.tree_id = ${treeId} and c.change_set_id > ${changeSetId} and c.new is not null
          and exists (select 1 from objects o where o.id::text in (${sql.join(references, sql`, `)}))
      )
      -- A later change set undone by an undo still in force, and such an undo, cancel out: they do not count.
      select min(l.change_set_id) as id from later l
      join history_change_set x on x.tree_id = ${treeId} and x.id = l.change_set_id
      left join history_change_set by_undo on by_undo.tree_id = ${treeId} and by_undo.id = x.undone_by
      where not ((x.undone_by is not null and by_undo.undone_by is null)
        or (x.undoes is not null and x.undoes > ${changeSetId} and x.undone_by is null))`,
  );
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** What a change set did to each row it changed: whether the row was there before and is there now. */
function planOf(treeId: string, changeSetId: number, table: string): SQL {
  return sql`with c as (
      select * from history_change where tree_id = ${treeId} and change_set_id = ${changeSetId} and tbl = ${table}
    ), k as (
      select node_id, related_id,
        (array_agg(op order by seq))[1] as first_op,
        (array_agg(op order by seq desc))[1] as last_op,
        (array_agg(old order by seq) filter (where op = 'D'))[1] as base,
        min(seq) filter (where op = 'D') as first_d
      from c group by node_id, related_id
    ), o as (
      select distinct on (c.node_id, c.related_id, f.key) c.node_id, c.related_id, f.key, f.value
      from c join k on k.node_id = c.node_id and k.related_id is not distinct from c.related_id
      cross join jsonb_each(c.old) f
      where c.op = 'U' and (k.first_d is null or c.seq < k.first_d)
      order by c.node_id, c.related_id, f.key, c.seq
    ), plan as (
      select k.node_id, k.related_id, k.first_op, k.last_op, k.base,
        coalesce((select jsonb_object_agg(o.key, o.value) from o
          where o.node_id = k.node_id and o.related_id is not distinct from k.related_id), '{}'::jsonb) as overlay
      from k
    )`;
}

const quote = (name: string) => sql.raw(`"${name}"`);

/** Which recorded tables a change set touched, and how. */
export async function tablesOfSet(db: Db, treeId: string, changeSetId: number): Promise<Set<string>> {
  const rows = await queryRows<{ tbl: string }>(
    db,
    sql`select distinct tbl from history_change where tree_id = ${treeId} and change_set_id = ${changeSetId}`,
  );
  return new Set(rows.map((row) => row.tbl));
}

/**
 * Puts every row a change set changed back as it was before it, in one transaction (the caller's):
 * rows it deleted are inserted again (a table after those it refers to), rows it updated get
 * their earlier values, rows it inserted are deleted (links first). Each step is one statement per
 * table. The tree's own row (name, root) is the caller's.
 */
export async function applyInverse(db: Db, treeId: string, changeSetId: number, touched: Set<string>): Promise<void> {
  const tables = recordedTables.filter((entry) => touched.has(entry.name));
  const keyMatch = (entry: (typeof tables)[number], row: string) =>
    sql.join(
      [
        sql`${sql.raw(row)}.tree_id = ${treeId}`,
        sql`${sql.raw(row)}.${quote(entry.node)} = p.node_id`,
        ...(entry.related ? [sql`${sql.raw(row)}.${quote(entry.related)} = p.related_id`] : []),
      ],
      sql` and `,
    );
  for (const entry of tables) {
    await db.execute(sql`${planOf(treeId, changeSetId, entry.name)}
      insert into ${quote(entry.name)}
      select (jsonb_populate_record(null::${quote(entry.name)},
        ${rowDefaults(entry)} || p.base || p.overlay || jsonb_build_object('tree_id', ${treeId}::uuid))).*
      from plan p where p.first_op in ('U', 'D') and p.last_op = 'D'`);
  }
  for (const entry of tables) {
    const set = updateSetClause(entry, sql`to_jsonb(x) || coalesce(p.base, '{}'::jsonb) || p.overlay`);
    if (!set) continue;
    await db.execute(sql`${planOf(treeId, changeSetId, entry.name)}
      update ${quote(entry.name)} x ${set}
      from plan p
      where ${keyMatch(entry, 'x')} and p.first_op in ('U', 'D') and p.last_op in ('I', 'U')`);
  }
  for (const entry of [...tables].reverse()) {
    await db.execute(sql`${planOf(treeId, changeSetId, entry.name)}
      delete from ${quote(entry.name)} x using plan p
      where ${keyMatch(entry, 'x')} and p.first_op = 'I' and p.last_op in ('I', 'U')`);
  }
}

/** The persons a change set's undo would delete (rows it inserted and that are there now). */
export async function personsInsertedBy(db: Db, treeId: string, changeSetId: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`${planOf(treeId, changeSetId, 'person')} select node_id as id from plan where first_op = 'I' and last_op in ('I', 'U')`,
  );
  return rows.map((row) => row.id);
}

/** The tree row's name and root before a change set changed them (null: it did not). */
export async function treeBefore(
  db: Db,
  treeId: string,
  changeSetId: number,
): Promise<{ name?: string; root_id?: string | null } | null> {
  const [row] = await queryRows<{ before: Record<string, unknown> | null }>(
    db,
    sql`select (select jsonb_object_agg(f.key, f.value) from (
        select distinct on (f.key) f.key, f.value from history_change c cross join jsonb_each(c.old) f
        where c.tree_id = ${treeId} and c.change_set_id = ${changeSetId} and c.tbl = 'tree'
        order by f.key, c.seq) f) as before`,
  );
  return (row?.before as { name?: string; root_id?: string | null } | null) ?? null;
}

export async function markUndone(db: Db, treeId: string, changeSetId: number, undoId: number): Promise<void> {
  await db.execute(sql`update history_change_set set undone_by = case when id = ${changeSetId} then ${undoId} else undone_by end,
      undoes = case when id = ${undoId} then ${changeSetId} else undoes end
    where tree_id = ${treeId} and id in (${changeSetId}, ${undoId})`);
}

/** Sets the tree's root person (undo: back to what it was, or none when an import's root goes). */
export async function setRootId(db: Db, treeId: string, rootId: string | null): Promise<void> {
  await db.execute(sql`update tree set root_id = ${rootId}, updated_at = now() where id = ${treeId}`);
}

/** Whether an object of one of the recorded tables is in the tree (`table` is the service's, never the caller's). */
export async function exists(db: Db, treeId: string, table: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from ${sql.raw(`"${table}"`)} where tree_id = ${treeId} and id = ${id}`,
  );
  return rows.length > 0;
}
