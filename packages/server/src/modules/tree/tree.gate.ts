import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { assertAccess } from './tree.access.ts';
import * as trees from './tree.repository.ts';

/**
 * How every service of a tree-owned resource reads and writes: access checked first, writes in
 * one transaction with the tree row locked, so that limit checks hold under concurrency.
 */
export function createTreeGate(db: Db) {
  return {
    async read(treeId: string, viewer: Viewer) {
      const tree = await trees.findTreeAccess(db, treeId);
      assertAccess(tree, viewer, 'read');
      return tree;
    },

    write<T>(treeId: string, viewer: Viewer, work: (tx: Db, tree: trees.TreeAccessRow) => Promise<T>) {
      return db.transaction(async (tx) => {
        const tree = await trees.findTreeAccess(tx, treeId);
        assertAccess(tree, viewer, 'edit');
        await trees.lockTree(tx, treeId);
        return work(tx, tree);
      });
    },

    /** The tree with its counts, read under the write lock, for the limit checks. */
    async counted(tx: Db, treeId: string) {
      const tree = await trees.findTree(tx, treeId);
      if (!tree) throw new AppError('tree.error.notFound');
      return tree;
    },
  };
}
