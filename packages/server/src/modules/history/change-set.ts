import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Change history (issue 21), the one place a write names its change set. Migration 0018's
 * statement-level triggers record every row a transaction inserts, updates or deletes in the
 * tree-owned tables under the change set named by transaction-local settings (`anor.change_set`,
 * its tree, user and kind); the first recorded rows make the change set's own row, so a write that
 * changed nothing leaves none. The tree gate (modules/tree/tree.gate.ts) opens one for every write
 * of every service, so a new write route records its changes without a line of its own; a tree's
 * creation and rename, an import and an undo open their own. A write that opened none is still
 * recorded, under an automatic change set without a user (nothing is lost); the generated test
 * history.generated.test.ts proves that no write route leaves one.
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

/** Kinds the service names itself; `edit`: named by what the change set did (delete, create, relate, unrelate, update). */
type OpenKind = Exclude<ChangeSetKind, 'automatic'> | 'edit';

/** The tables of objects (the rest are links between objects, or parts of an object). */
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

let recording = true;

/**
 * Only for the bench's baseline (bench/history.ts, which also disables the history triggers): writes
 * open no change set, as before issue 21. The app never turns it off.
 */
export function setRecordingForBench(on: boolean): void {
  recording = on;
}

const settings = (id: SqlValue, treeId: string, userId: string | null, kind: OpenKind) =>
  sql`set_config('anor.change_set', ${id}::text, true), set_config('anor.change_tree', ${treeId}, true),
    set_config('anor.change_user', ${userId ?? ''}, true), set_config('anor.change_kind', ${kind === 'edit' ? '' : kind}, true),
    set_config('anor.change_did', '', true)`;
type SqlValue = ReturnType<typeof sql>;

/**
 * Opens the change set of this transaction's writes to `treeId` by `userId`: numbers it and names it
 * in the settings the triggers read. With `lock`, in the same statement, locks the tree's row (the
 * tree gate's lock, so that the change sets of one tree are numbered in the order they commit).
 * Answers its id (0 when the bench turned recording off).
 */
export async function openChangeSet(
  tx: Db,
  treeId: string,
  userId: string | null,
  kind: OpenKind = 'edit',
  lock = false,
): Promise<number> {
  if (!recording) {
    if (lock) await tx.execute(sql`select id from tree where id = ${treeId} for update`);
    return 0;
  }
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    lock
      ? sql`select s.id, ${settings(sql`s.id`, treeId, userId, kind)}
          from (select id from tree where id = ${treeId} for update) locked,
          lateral (select nextval('history_change_set_id_seq') as id) s`
      : sql`select s.id, ${settings(sql`s.id`, treeId, userId, kind)}
          from (select nextval('history_change_set_id_seq') as id) s`,
  );
  return Number(row?.id ?? 0);
}

/**
 * Names another user as the author of this transaction's change set, before it records a row: an
 * accepted proposal (issue 26) is recorded as its contributor's change.
 */
export async function attributeChangeSet(tx: Db, userId: string | null): Promise<void> {
  await tx.execute(sql`select set_config('anor.change_user', ${userId ?? ''}, true)`);
}

/** Records nothing for the rest of this transaction (a backup's restore, which brings its own history). */
export async function recordNothing(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('anor.change_set', 'off', true)`);
}

/** Runs `work` recorded as one change set of `kind` (a tree's creation, a rename) inside the caller's transaction. */
export async function inChangeSet<T>(
  tx: Db,
  treeId: string,
  userId: string | null,
  kind: OpenKind,
  work: () => Promise<T>,
): Promise<T> {
  await openChangeSet(tx, treeId, userId, kind);
  return work();
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
      else if (opened !== 0) await tx.execute(sql`select ${settings(sql`${opened}`, treeId, userId, kind)}`);
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

/** The change set this transaction recorded rows under (null: it changed nothing, or recorded nothing). */
export async function recordedChangeSet(tx: Db): Promise<number | null> {
  const [row] = await queryRows<{ id: string | null }>(
    tx,
    sql`select case when nullif(current_setting('anor.change_did', true), '') is not null
      then nullif(current_setting('anor.change_set', true), '') end as id`,
  );
  return row?.id && row.id !== 'off' ? Number(row.id) : null;
}

/** After a restore: the next change set and change are numbered after the restored ones. */
export async function continueHistorySequences(tx: Db): Promise<void> {
  await tx.execute(sql`
    select setval('history_change_set_id_seq', greatest(
        (select coalesce(max(id), 0) from history_change_set), (select last_value from history_change_set_id_seq)) + 1, false),
      setval('history_change_seq', greatest(
        (select coalesce(max(seq), 0) from history_change), (select last_value from history_change_seq)) + 1, false)`);
}
