import {
  type DeletedTree,
  limitsFor,
  type TrashAnswer,
  type TrashQuery,
  type TrashRestoreAnswer,
  type TreeInfo,
  trashDays,
  treeNameKey,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { asViewer, type SessionUser, type Viewer } from '../../http/session.ts';
import { undoInside } from '../history/history.service.ts';
import { objectKindOfTable } from '../history/history.tables.ts';
import { assertWithinLimits } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import * as trees from '../tree/tree.repository.ts';
import { toTreeInfo } from '../tree/tree.service.ts';
import * as trash from './trash.repository.ts';

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();
const dayMs = 24 * 60 * 60 * 1000;

export interface TrashServiceDeps {
  db: Db;
  /** How many days the trash keeps what was deleted (`trashDays`; tests move time instead). */
  days?: number;
}

/**
 * The trash (issue 21): a tree's deleted objects, restored by undoing their delete's change set
 * (the history's undo, refused with its dependentChange when a later change depends on it), and an
 * owner's deleted trees, restored within the limits of the owner's plan. Only the owner sees it.
 */
export function createTrashService({ db, days = trashDays }: TrashServiceDeps) {
  const { readAsEditor, write } = createTreeGate(db);

  return {
    async list(treeId: string, viewer: Viewer, query: TrashQuery): Promise<TrashAnswer> {
      await readAsEditor(treeId, viewer);
      const rows = await trash.listTrash(db, treeId, days, query.before, query.limit);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          changeSetId: Number(row.changeSetId),
          kind: trash.trashTables[row.tbl],
          id: row.nodeId,
          label: row.label,
          eventType: row.eventType,
          deletedAt: iso(row.deletedAt),
          purgeAt: new Date(new Date(row.deletedAt).getTime() + days * dayMs).toISOString(),
          userName: row.userName,
          links: (typeof row.links === 'string' ? JSON.parse(row.links) : row.links).map(
            (link: { kind: string; count: number }) => ({
              kind: objectKindOfTable(link.kind),
              count: Number(link.count),
            }),
          ),
          objectsInDelete: Number(row.objectsInDelete),
        })),
        next: rows.length > query.limit && last ? Number(last.seq) : null,
      };
    },

    /**
     * Restores everything one delete removed, with its links: the undo of its change set. Whether
     * it is still in the trash is asked in the undo's transaction, under the tree's lock, so that of
     * two restores of one delete the second finds it restored (`trash.error.notFound`).
     */
    async restore(treeId: string, viewer: Viewer, changeSetId: number): Promise<TrashRestoreAnswer> {
      const undone = await write(
        treeId,
        viewer,
        async (tx, tree) => {
          if (!(await trash.isInTrash(tx, treeId, changeSetId, days))) throw new AppError('trash.error.notFound');
          return undoInside(tx, tree, changeSetId);
        },
        'undo',
      );
      return { restored: undone.undone, changeSet: undone.changeSet };
    },

    /** The owner's deleted trees still in the trash, newest first. */
    async deletedTrees(viewer: SessionUser): Promise<DeletedTree[]> {
      const rows = await trees.listDeletedTreesOfOwner(db, viewer.id, new Date(Date.now() - days * dayMs));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        deletedAt: row.deletedAt.toISOString(),
        purgeAt: new Date(row.deletedAt.getTime() + days * dayMs).toISOString(),
        personsAmount: row.personsAmount,
        total: row.personsAmount + row.locationsAmount + row.eventsAmount + row.sourcesAmount,
      }));
    },

    /**
     * Takes a deleted tree out of the trash, as its owner's plan allows now (SPEC §1): refused with
     * `limit.trees` when the owner already has as many trees as the plan allows, with the tree's own
     * limits (`limit.persons`, `limit.nodesFree`, …) when it holds more than the plan allows, and when
     * another tree has taken its name meanwhile. A refusal changes nothing.
     */
    async restoreTree(viewer: SessionUser, treeId: string): Promise<TreeInfo> {
      await db.transaction(async (tx) => {
        await trees.lockOwner(tx, viewer.id);
        const row = await trees.findDeletedTreeOfOwner(tx, viewer.id, treeId, new Date(Date.now() - days * dayMs));
        if (!row) throw new AppError('trash.error.notFound');
        const subscription = { plan: row.ownerPlan ?? 'free', validUntil: row.ownerValidUntil?.toISOString() ?? null };
        const max = limitsFor(subscription).trees;
        if ((await trees.countTreesOfOwner(tx, viewer.id)) >= max) {
          throw new AppError('limit.trees', { limit: 'trees', max });
        }
        for (const kind of ['persons', 'locations', 'events', 'sources'] as const) assertWithinLimits(row, kind, 0);
        if (await trees.isTreeNameTaken(tx, viewer.id, treeNameKey(row.name), treeId)) {
          throw new AppError('tree.validation.treeNameAlreadyTaken');
        }
        await trees.markTreeRestored(tx, treeId);
      });
      const restored = await trees.findTree(db, treeId);
      if (!restored) throw new AppError('trash.error.notFound');
      return toTreeInfo(restored, asViewer(viewer));
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
