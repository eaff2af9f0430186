import {
  type Change,
  type ChangeSet,
  type ChangeSetKind,
  type ErrorCode,
  type HistoryAnswer,
  type HistoryQuery,
  limitsFor,
  type ObjectHistoryAnswer,
  treeNameKey,
  type UndoAnswer,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { recomputeRootRelations } from '../person/person.repository.ts';
import { countMediaObjects } from '../source/source.repository.ts';
import { assertWithinLimits } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import * as trees from '../tree/tree.repository.ts';
import { currentChangeSet } from './change-set.ts';
import { idsOfChange, labelsOf } from './history.labels.ts';
import * as history from './history.repository.ts';
import { hiddenColumns, objectKindOfTable } from './history.tables.ts';

const ops = { I: 'create', U: 'update', D: 'delete' } as const;

/** A row's fields as the history shows them: without the columns derived from others. */
export function shown(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !hiddenColumns.has(key)));
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();
const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

function toChangeSet(row: history.ChangeSetRow): ChangeSet {
  return {
    id: Number(row.id),
    kind: row.kind as ChangeSetKind,
    createdAt: iso(row.createdAt),
    userId: row.userId,
    userName: row.userName,
    changes: Number(row.changes),
    objectKind: row.tbl ? objectKindOfTable(row.tbl) : null,
    objectId: row.nodeId,
    undoneBy: numberOrNull(row.undoneBy),
    undoes: numberOrNull(row.undoes),
  };
}

function toChange(row: history.ChangeRow): Change {
  return {
    seq: Number(row.seq),
    changeSetId: Number(row.changeSetId),
    op: ops[row.op],
    objectKind: objectKindOfTable(row.tbl),
    objectId: row.nodeId,
    relatedId: row.relatedId,
    before: shown(row.old),
    after: shown(row.new),
  };
}

/** Tables whose change can change who descends from or is an ancestor of the root. */
export const lineageTables: ReadonlySet<string> = new Set(['person', 'parent_child', 'tree']);

const countedKinds = ['persons', 'locations', 'events', 'sources'] as const;
export type Counts = Record<(typeof countedKinds)[number], number>;

export async function countsOf(tx: Db, treeId: string): Promise<Counts> {
  const tree = await trees.findTree(tx, treeId);
  if (!tree) throw new AppError('tree.error.notFound');
  return countsOfTree(tree);
}

const countsOfTree = (tree: trees.TreeRow): Counts => ({
  persons: tree.personsAmount,
  locations: tree.locationsAmount,
  events: tree.eventsAmount,
  sources: tree.sourcesAmount,
});

/**
 * What an undo put back (a delete's persons, places, events, sources) must fit the tree's limits,
 * as a new one would: a kind that grew is checked against the plan with the counts as they are now.
 */
export async function assertGrowthWithinLimits(tx: Db, treeId: string, before: Counts): Promise<void> {
  const tree = await trees.findTree(tx, treeId);
  if (!tree) throw new AppError('tree.error.notFound');
  const after = countsOfTree(tree);
  for (const kind of countedKinds) if (after[kind] > before[kind]) assertWithinLimits(tree, kind, 0);
}

/** A photo put back (a restored delete) must fit the free tier's images, as an upload would. */
async function assertImagesWithinLimit(tx: Db, tree: TreeAccessRow, before: number): Promise<void> {
  const subscription = { plan: tree.ownerPlan ?? 'free', validUntil: tree.ownerValidUntil?.toISOString() ?? null };
  const max = limitsFor(subscription).images;
  if (max === null) return;
  const after = await countMediaObjects(tx, tree.id);
  if (after > before && after > max) throw new AppError('limit.images', { limit: 'images', max });
}

/**
 * The undo of a change set inside the caller's write transaction (the tree's row locked, an `undo`
 * change set open), so that what the caller checked first still holds (the trash's restore). The
 * checks come first and refuse with nothing changed: the change set is there and not purged, no
 * later change depends on it, and what it puts back fits the tree's limits (checked after, in the
 * same transaction, which a refusal rolls back).
 */
export async function undoInside(tx: Db, tree: TreeAccessRow, changeSetId: number): Promise<UndoAnswer> {
  const treeId = tree.id;
  const target = await history.findChangeSet(tx, treeId, changeSetId);
  if (!target) throw new AppError('history.error.notFound');
  if (await history.isPurged(tx, treeId, changeSetId)) throw new AppError('history.error.purged');
  const dependent = await history.firstDependentChangeSet(tx, treeId, changeSetId);
  if (dependent !== null) {
    const later = await history.findChangeSet(tx, treeId, dependent);
    throw new AppError('history.error.dependentChange', {
      changeSet: dependent,
      kind: later?.kind ?? null,
      createdAt: later ? iso(later.createdAt) : null,
      userName: later?.userName ?? null,
    });
  }
  const touched = await history.tablesOfSet(tx, treeId, changeSetId);
  const treeBefore = touched.has('tree') ? await history.treeBefore(tx, treeId, changeSetId) : null;
  // The root once undone: as it was before the change set, when it set it.
  const root = treeBefore && 'root_id' in treeBefore ? (treeBefore.root_id ?? null) : tree.rootId;
  let rootGone = false;
  if (touched.has('person') && root) {
    const removed = await history.personsInsertedBy(tx, treeId, changeSetId);
    if (removed.includes(root)) {
      // An import's root goes with it; any other root stays (the tree needs one to open on).
      if (target.kind !== 'import') throw new AppError('person.error.rootCannotBeDeleted');
      rootGone = true;
    }
  }
  const counts = await countsOf(tx, treeId);
  const images = touched.has('media_object') ? await countMediaObjects(tx, treeId) : null;
  await history.applyInverse(tx, treeId, changeSetId, touched);
  await assertGrowthWithinLimits(tx, treeId, counts);
  if (images !== null) await assertImagesWithinLimit(tx, tree, images);
  if (treeBefore?.name !== undefined) {
    await trees.renameTree(tx, treeId, treeBefore.name, treeNameKey(treeBefore.name));
  }
  if (rootGone) await history.setRootId(tx, treeId, null);
  else if (root !== tree.rootId) await history.setRootId(tx, treeId, root);
  if ([...touched].some((name) => lineageTables.has(name))) await recomputeRootRelations(tx, treeId);
  const undoId = (await currentChangeSet(tx)) as number;
  await history.markUndone(tx, treeId, changeSetId, undoId);
  return { undone: changeSetId, changeSet: undoId };
}

/**
 * Change history (issue 21): the tree's recent changes, an object's history, and undo. Only the
 * tree's editors see any of it (a visitor is refused: who changed what is not theirs to see).
 */
export function createHistoryService({ db }: { db: Db }) {
  const { readAsEditor, write } = createTreeGate(db);

  return {
    async recent(treeId: string, viewer: Viewer, query: HistoryQuery): Promise<HistoryAnswer> {
      await readAsEditor(treeId, viewer);
      const rows = await history.listChangeSets(db, treeId, query);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const changeSets = page.map(toChangeSet);
      return {
        changeSets,
        labels: await labelsOf(
          db,
          treeId,
          changeSets.flatMap((changeSet) => (changeSet.objectId ? [changeSet.objectId] : [])),
        ),
        next: rows.length > query.limit && last ? Number(last.id) : null,
      };
    },

    async changes(treeId: string, viewer: Viewer, changeSetId: number, after: number, limit: number) {
      await readAsEditor(treeId, viewer);
      const rows = await history.changesOfSet(db, treeId, changeSetId, after, limit);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const changes = page.map(toChange);
      return {
        changes,
        labels: await labelsOf(db, treeId, changes.flatMap(idsOfChange)),
        next: rows.length > limit && last ? Number(last.seq) : null,
      };
    },

    /** An object's changes (its own row, its parts, its links; a person's: also their events'), newest first. */
    async ofObject(
      treeId: string,
      viewer: Viewer,
      object: { id: string; table: string; notFound: ErrorCode },
      isPerson: boolean,
      before: number | undefined,
      limit: number,
    ): Promise<ObjectHistoryAnswer> {
      await readAsEditor(treeId, viewer);
      const rows = await history.changesOfObject(db, treeId, object.id, isPerson, before, limit);
      // No history and not there: never an object of this tree (a deleted one keeps its history).
      if (rows.length === 0 && before === undefined && !(await history.exists(db, treeId, object.table, object.id))) {
        throw new AppError(object.notFound);
      }
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const changes = page.map((row) => {
        const { changes: _count, ...changeSet } = toChangeSet({ ...row, id: row.changeSetId, changes: 0 });
        return { ...toChange(row), changeSet: { ...changeSet, objectKind: objectKindOfTable(row.tbl) } };
      });
      return {
        changes,
        labels: await labelsOf(db, treeId, changes.flatMap(idsOfChange)),
        next: rows.length > limit && last ? Number(last.seq) : null,
      };
    },

    /**
     * Undoes a change set: refused (409 history.error.dependentChange, naming the later change
     * set, nothing changed) when a later one changed the same rows or used what it created;
     * otherwise its inverse in one transaction, itself a change set of kind `undo`.
     */
    async undo(treeId: string, viewer: Viewer, changeSetId: number): Promise<UndoAnswer> {
      return write(treeId, viewer, (tx, tree) => undoInside(tx, tree, changeSetId), 'undo');
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
