/** Jobs (issue 20) and the change history (issue 21). See ../schema.ts. */
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { timestamps } from './common.ts';

// ---- Jobs (issue 20): long work such as a GEDCOM import, run outside the request ----

/**
 * A long job of one user, run by whichever instance claims it (`FOR UPDATE SKIP LOCKED`,
 * modules/job). `tree_id` is the tree it concerns: for an import, the tree it creates (no foreign
 * key: that tree exists only once the job commits). The running instance writes `heartbeat`
 * (with phase and progress) every few seconds; a running job whose heartbeat stopped is failed by
 * the next instance to look, and its work, written in one transaction, was never committed.
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey(),
    treeId: uuid('tree_id').notNull(),
    kind: text('kind').notNull(),
    /** queued, running, waiting (for the user's confirmation), done, failed, cancelled. */
    state: text('state').notNull(),
    /** reading, checking, waiting, writing: what a running job is doing. */
    phase: text('phase'),
    /** 0 to 100, over the whole job. */
    progress: doublePrecision('progress').notNull().default(0),
    /** The job's input (for an import: the spool file, the tree's name, the language, the chosen encoding). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** What a finished job answers (an import: its report). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why a job failed: `{ code, details }` of the error catalogue. */
    error: jsonb('error').$type<{ code: string; details?: unknown }>(),
    /** The instance that claimed the job. */
    claimedBy: text('claimed_by'),
    heartbeat: timestamp('heartbeat', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('job_created_by_idx').on(table.createdBy, table.createdAt),
    index('job_active_idx')
      .on(table.state, table.heartbeat)
      .where(sql`${table.state} in ('queued', 'running', 'waiting')`),
  ],
);

// ---- Change history (issue 21): written by the triggers of migration 0018, see modules/history ----

/**
 * One user action on a tree (a save, a delete, an import, an undo): who and when. `kind` is what
 * the action did (create, update, delete, relate, unrelate, import, merge, undo, or automatic for
 * a write no service named). Ids come from a sequence, so a later change set has a larger id.
 */
export const historyChangeSet = pgTable(
  'history_change_set',
  {
    treeId: uuid('tree_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    userId: text('user_id'),
    kind: text('kind').notNull(),
    /** For an undo: the change set it undid. */
    undoes: bigint('undoes', { mode: 'number' }),
    /** The undo that undid this change set, if any. */
    undoneBy: bigint('undone_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the trash sweep passed it (older than the trash keeps): what it deleted is purged, no undo. */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('history_change_set_kind_idx').on(table.treeId, table.kind, table.id),
    index('history_change_set_sweep_idx').on(table.createdAt).where(sql`${table.sweptAt} is null`),
  ],
);

/**
 * One row of a tree-owned table inserted (I), updated (U) or deleted (D) by a change set: the
 * table, the row's object (`node_id`) and for a link its other end (`related_id`), and the values:
 * an insert's new row, a delete's whole old row, an update's changed fields before and after.
 */
export const historyChange = pgTable(
  'history_change',
  {
    treeId: uuid('tree_id').notNull(),
    changeSetId: bigint('change_set_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('history_change_seq')`),
    tbl: text('tbl').notNull(),
    op: text('op').notNull(),
    nodeId: uuid('node_id').notNull(),
    relatedId: uuid('related_id'),
    old: jsonb('old').$type<Record<string, unknown>>(),
    new: jsonb('new').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.changeSetId, table.seq] }),
    index('history_change_node_idx').on(table.treeId, table.nodeId, table.changeSetId),
    index('history_change_related_idx')
      .on(table.treeId, table.relatedId, table.changeSetId)
      .where(sql`${table.relatedId} is not null`),
    index('history_change_deleted_idx').on(table.treeId, table.seq).where(sql`${table.op} = 'D'`),
    // The media files' collection reads only the changes of media objects (media.gc.ts).
    index('history_change_media_idx').on(table.treeId, table.seq).where(sql`${table.tbl} = 'media_object'`),
  ],
);
