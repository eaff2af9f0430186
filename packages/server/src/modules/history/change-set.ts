import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Change history (issue 21), the one place a write names its change set. Migration 0018's
 * statement-level triggers record every row a transaction inserts, updates or deletes in the
 * tree-owned tables, under the change set named by the transaction-local setting
 * `anor.change_set`. The tree gate (modules/tree/tree.gate.ts) opens one for every write of every
 * service, so a new write route records its changes without a line of its own; an import, a tree's
 * creation and an undo open their own. A write that opened none is still recorded, under an
 * automatic change set without a user (nothing is lost; history.test.ts proves that no route
 * leaves one).
 */
export type ChangeSetKind =
  | 'create'
  | 'update'
  | 'delete'
  | 'relate'
  | 'unrelate'
  | 'import'
  | 'merge'
  | 'undo'
  | 'automatic';

/** Kinds the service names itself; every other write is named by what it did when it closes. */
type OpenKind = Exclude<ChangeSetKind, 'automatic'> | 'edit';

/** The tables of objects (the rest are links between objects, or parts of a person). */
export const objectTables = [
  'person',
  'location',
  'event',
  'repository',
  'source_record',
  'citation',
  'note',
  'media_object',
] as const;

/** The tables of links between objects. */
export const linkTables = [
  'parent_child',
  'partner',
  'sibling_link',
  'event_participant',
  'citation_link',
  'note_link',
  'media_link',
] as const;

const objectList = sql.raw(`array[${objectTables.map((name) => `'${name}'`).join(', ')}]`);
const linkList = sql.raw(`array[${linkTables.map((name) => `'${name}'`).join(', ')}]`);

/**
 * Opens the change set of this transaction's writes to `treeId` by `userId` and names it in the
 * transaction-local setting the triggers read. Call it inside the transaction, after the tree's
 * lock (tree.gate.ts), so that change sets of one tree are numbered in the order they commit.
 */
export async function openChangeSet(tx: Db, treeId: string, userId: string | null, kind: OpenKind = 'edit') {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`
      with made as (
        insert into history_change_set (tree_id, id, user_id, kind)
        values (${treeId}, nextval('history_change_set_id_seq'), ${userId}, ${kind})
        returning id
      )
      select id, set_config('anor.change_set', id::text, true) as named from made`,
  );
  return Number(row?.id);
}

/**
 * Closes a change set: forgets it when it changed nothing (a save of unchanged values), and names
 * one opened as `edit` by what it did (a deleted object: delete; a new object: create; a new link:
 * relate; a removed link: unrelate; else update). Named kinds are kept as they are.
 */
export async function closeChangeSet(tx: Db, treeId: string, changeSetId: number): Promise<void> {
  await tx.execute(sql`
    with did as (
      select count(*) as n,
        coalesce(bool_or(op = 'D' and tbl = any(${objectList})), false) as deleted,
        coalesce(bool_or(op = 'I' and tbl = any(${objectList})), false) as created,
        coalesce(bool_or(op = 'I' and tbl = any(${linkList})), false) as related,
        coalesce(bool_or(op = 'D' and tbl = any(${linkList})), false) as unrelated
      from history_change where tree_id = ${treeId} and change_set_id = ${changeSetId}
    ), forgotten as (
      delete from history_change_set s using did
      where s.tree_id = ${treeId} and s.id = ${changeSetId} and did.n = 0
      returning s.id
    )
    update history_change_set s set kind = case
        when did.deleted then 'delete' when did.created then 'create' when did.related then 'relate'
        when did.unrelated then 'unrelate' else 'update' end
    from did
    where s.tree_id = ${treeId} and s.id = ${changeSetId} and s.kind = 'edit' and did.n > 0`);
}

/** Records nothing for the rest of this transaction (a backup's restore, which brings its own history). */
export async function recordNothing(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('anor.change_set', 'off', true)`);
}

/** Runs `work` in one transaction recorded as one change set of `kind` (a tree's creation, a rename, an import). */
export async function inChangeSet<T>(
  tx: Db,
  treeId: string,
  userId: string | null,
  kind: OpenKind,
  work: () => Promise<T>,
): Promise<T> {
  const id = await openChangeSet(tx, treeId, userId, kind);
  const result = await work();
  await closeChangeSet(tx, treeId, id);
  return result;
}

/** After a restore: the next change set and change are numbered after the restored ones. */
export async function continueHistorySequences(tx: Db): Promise<void> {
  await tx.execute(sql`
    select setval('history_change_set_id_seq', greatest(
        (select coalesce(max(id), 0) from history_change_set), (select last_value from history_change_set_id_seq)) + 1, false),
      setval('history_change_seq', greatest(
        (select coalesce(max(seq), 0) from history_change), (select last_value from history_change_seq)) + 1, false)`);
}

/**
 * Wraps how a long job runs its transactions (an import that commits in chunks, or one transaction)
 * so that all of them are one change set: the first opens it, each later one names it again.
 */
export function inOneChangeSet(
  treeId: string,
  userId: string | null,
  kind: OpenKind,
  inTransaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>,
): <T>(work: (tx: Db) => Promise<T>) => Promise<T> {
  let opened: number | null = null;
  return (work) =>
    inTransaction(async (tx) => {
      if (opened === null) opened = await openChangeSet(tx, treeId, userId, kind);
      else await tx.execute(sql`select set_config('anor.change_set', ${String(opened)}, true)`);
      return work(tx);
    });
}

/** The change set this transaction writes under (null: none opened yet). */
export async function currentChangeSet(tx: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: string | null }>(
    tx,
    sql`select nullif(current_setting('anor.change_set', true), '') as id`,
  );
  return row?.id && row.id !== 'off' ? Number(row.id) : null;
}
