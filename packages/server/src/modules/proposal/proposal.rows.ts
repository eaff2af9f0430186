import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { hiddenColumns, recordedTables, rowDefaults, updateSetClause } from '../history/history.tables.ts';

/**
 * The rows of a proposal (issue 26, reviewed changes): what a contributor's write would change,
 * read from the change history's rows of its change set before that write is rolled back, and
 * applied again when the proposal is accepted. Each row is a recorded table's row by its key, with
 * the net effect of the write on it:
 * - `insert`: `after` is the whole new row as the write left it (derived columns included);
 * - `update`: `before` and `after` hold only the fields the write changed;
 * - `delete`: `before` is the whole row as it was.
 * All SQL here is set-based: one statement per table touched, whatever the number of rows.
 */
export interface ProposedRow {
  tbl: string;
  node: string;
  related: string | null;
  op: 'insert' | 'update' | 'delete';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const tableByName = new Map(recordedTables.map((entry) => [entry.name, entry]));
const quote = (name: string) => sql.raw(`"${name}"`);
type Entry = (typeof recordedTables)[number];

interface KeyRow {
  tbl: string;
  node: string;
  related: string | null;
  firstOp: 'I' | 'U' | 'D';
  /** The row before the change set, as far as the history knows it (whole after a delete, else the changed fields). */
  original: Record<string, unknown> | null;
}

/** Every key the change set changed, in the order it first changed them, with the row as it was before. */
function keysOfChangeSet(db: Db, treeId: string, changeSetId: number): Promise<KeyRow[]> {
  return queryRows<KeyRow>(
    db,
    sql`with c as (
        select * from history_change where tree_id = ${treeId} and change_set_id = ${changeSetId}
      ), k as (
        select tbl, node_id, related_id, min(seq) as first_seq,
          (array_agg(op order by seq))[1] as first_op,
          (array_agg(old order by seq) filter (where op = 'D'))[1] as base,
          min(seq) filter (where op = 'D') as first_d
        from c group by tbl, node_id, related_id
      ), o as (
        select distinct on (c.tbl, c.node_id, c.related_id, f.key) c.tbl, c.node_id, c.related_id, f.key, f.value
        from c join k on k.tbl = c.tbl and k.node_id = c.node_id and k.related_id is not distinct from c.related_id
        cross join jsonb_each(c.old) f
        where c.op = 'U' and (k.first_d is null or c.seq < k.first_d)
        order by c.tbl, c.node_id, c.related_id, f.key, c.seq
      )
      select k.tbl, k.node_id as node, k.related_id as related, k.first_op as "firstOp",
        case when k.base is null and not exists (select 1 from o where o.tbl = k.tbl and o.node_id = k.node_id
            and o.related_id is not distinct from k.related_id) then null
          else coalesce(k.base, '{}'::jsonb) || coalesce((select jsonb_object_agg(o.key, o.value) from o
            where o.tbl = k.tbl and o.node_id = k.node_id and o.related_id is not distinct from k.related_id), '{}'::jsonb)
        end as original
      from k order by k.first_seq`,
  );
}

/** The rows of one table as they are now, by key (one statement). */
async function currentRows(
  db: Db,
  treeId: string,
  entry: Entry,
  keys: readonly { node: string; related: string | null }[],
): Promise<Map<string, Record<string, unknown>>> {
  if (keys.length === 0) return new Map();
  const relatedMatch = entry.related ? sql` and x.${quote(entry.related)} = k.related` : sql``;
  const rows = await queryRows<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(x) - 'tree_id' as row from ${quote(entry.name)} x
      join unnest(${sql.param(keys.map((key) => key.node))}::uuid[], ${sql.param(keys.map((key) => key.related))}::uuid[])
        as k(node, related) on x.${quote(entry.node)} = k.node${relatedMatch}
      where x.tree_id = ${treeId}`,
  );
  const found = new Map<string, Record<string, unknown>>();
  for (const { row } of rows) {
    found.set(keyOf(String(row[entry.node]), entry.related ? String(row[entry.related]) : null), row);
  }
  return found;
}

const keyOf = (node: string, related: string | null) => `${node}|${related ?? ''}`;
/** Columns a conflict check and an update leave alone: kept by the database or derived from others. */
const kept = new Set(['created_at', 'updated_at', 'revision']);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The tables a set of keys belongs to, each with its keys, in the order undo puts rows back. */
function byTable<T extends { tbl: string }>(rows: readonly T[]): { entry: Entry; rows: T[] }[] {
  return recordedTables
    .map((entry) => ({ entry, rows: rows.filter((row) => row.tbl === entry.name) }))
    .filter((group) => group.rows.length > 0);
}

/**
 * What the change set `changeSetId` of this transaction did, as proposal rows: to be read before
 * the transaction (or its savepoint) is rolled back. Null when it changed the tree's own row (its
 * name or root), which a proposal does not carry.
 */
export async function captureRows(db: Db, treeId: string, changeSetId: number): Promise<ProposedRow[] | null> {
  const keys = await keysOfChangeSet(db, treeId, changeSetId);
  if (keys.some((key) => !tableByName.has(key.tbl))) return null;
  const proposed: ProposedRow[] = [];
  const nowByTable = new Map<string, Map<string, Record<string, unknown>>>();
  for (const { entry, rows } of byTable(keys)) nowByTable.set(entry.name, await currentRows(db, treeId, entry, rows));
  for (const key of keys) {
    const now = nowByTable.get(key.tbl)?.get(keyOf(key.node, key.related)) ?? null;
    const base = { tbl: key.tbl, node: key.node, related: key.related };
    if (key.firstOp === 'I') {
      if (now) proposed.push({ ...base, op: 'insert', before: null, after: now });
      continue;
    }
    const original = key.original ?? {};
    if (!now) {
      proposed.push({ ...base, op: 'delete', before: original, after: null });
      continue;
    }
    // Updated (or deleted and put back): the fields that differ now from before.
    const fields = Object.keys(key.firstOp === 'D' ? { ...original, ...now } : original).filter(
      (field) => !kept.has(field) && field !== 'root_relation' && !same(original[field], now[field]),
    );
    if (fields.length === 0) continue;
    proposed.push({
      ...base,
      op: 'update',
      before: Object.fromEntries(fields.map((field) => [field, original[field] ?? null])),
      after: Object.fromEntries(fields.map((field) => [field, now[field] ?? null])),
    });
  }
  return proposed;
}

/** A row of the proposal that the tree no longer matches: what it expected and what is there. */
export interface RowConflict {
  tbl: string;
  node: string;
  related: string | null;
  op: ProposedRow['op'];
}

/**
 * The rows of a proposal that changed since it was made: a row it inserts that is there now, a row
 * it updates or deletes that is gone or whose fields differ from what it expected (only the fields
 * it changes for an update; every shown field for a delete).
 */
export async function conflictsOf(db: Db, treeId: string, rows: readonly ProposedRow[]): Promise<RowConflict[]> {
  const conflicts: RowConflict[] = [];
  for (const { entry, rows: ofTable } of byTable(rows)) {
    const now = await currentRows(db, treeId, entry, ofTable);
    for (const row of ofTable) {
      const current = now.get(keyOf(row.node, row.related));
      const expected = Object.entries(row.before ?? {}).filter(
        ([field]) => !kept.has(field) && !hiddenColumns.has(field),
      );
      const changed =
        row.op === 'insert'
          ? current !== undefined
          : !current || expected.some(([f, value]) => !same(current[f], value));
      if (changed) conflicts.push({ tbl: row.tbl, node: row.node, related: row.related, op: row.op });
    }
  }
  return conflicts;
}

/** The rows of one table as a JSON parameter, with their keys. */
const asJson = (rows: readonly ProposedRow[], values: 'after' | 'none') =>
  sql.param(
    JSON.stringify(
      rows.map((row) => ({
        node: row.node,
        related: row.related,
        ...(values === 'after' ? { after: row.after } : {}),
      })),
    ),
  );

function keyMatch(entry: Entry, treeId: string): SQL {
  return sql.join(
    [
      sql`x.tree_id = ${treeId}`,
      sql`x.${quote(entry.node)} = (p.value->>'node')::uuid`,
      ...(entry.related ? [sql`x.${quote(entry.related)} = (p.value->>'related')::uuid`] : []),
    ],
    sql` and `,
  );
}

/**
 * Applies a proposal's rows in the caller's transaction: inserts first (a table after those it
 * refers to), then updates (only the fields the proposal changes; the revision moves on), then
 * deletes (links first). The caller checked `conflictsOf` in the same transaction.
 */
export async function applyRows(db: Db, treeId: string, rows: readonly ProposedRow[]): Promise<void> {
  const groups = byTable(rows);
  for (const { entry, rows: ofTable } of groups) {
    const inserts = ofTable.filter((row) => row.op === 'insert');
    if (inserts.length === 0) continue;
    await db.execute(sql`insert into ${quote(entry.name)}
      select (jsonb_populate_record(null::${quote(entry.name)},
        ${rowDefaults(entry)} || (p.value->'after') || jsonb_build_object('tree_id', ${treeId}::uuid))).*
      from jsonb_array_elements(${asJson(inserts, 'after')}::jsonb) p`);
  }
  for (const { entry, rows: ofTable } of groups) {
    const updates = ofTable.filter((row) => row.op === 'update');
    if (updates.length === 0) continue;
    const set = updateSetClause(entry, sql`to_jsonb(x) || (p.value->'after')`);
    if (!set) continue;
    await db.execute(sql`update ${quote(entry.name)} x ${set}
      from jsonb_array_elements(${asJson(updates, 'after')}::jsonb) p
      where ${keyMatch(entry, treeId)}`);
  }
  for (const { entry, rows: ofTable } of [...groups].reverse()) {
    const deletes = ofTable.filter((row) => row.op === 'delete');
    if (deletes.length === 0) continue;
    await db.execute(sql`delete from ${quote(entry.name)} x
      using jsonb_array_elements(${asJson(deletes, 'none')}::jsonb) p
      where ${keyMatch(entry, treeId)}`);
  }
}

/** The recorded tables a proposal's rows touch. */
export function tablesOf(rows: readonly ProposedRow[]): Set<string> {
  return new Set(rows.map((row) => row.tbl));
}
