import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { openChangeSet, recordedChangeSet } from '../history/change-set.ts';
import { noteChangeSet, wantsChangeSet } from '../history/change-set-header.ts';
import { assertRevisable, proposeInside } from '../proposal/proposal.capture.ts';
import { proposalScope } from '../proposal/proposal.scope.ts';
import { assertAccess, roleInTree } from './tree.access.ts';
import * as trees from './tree.repository.ts';

/**
 * How every service of a tree-owned resource reads and writes: access checked first, writes in
 * one transaction with the tree row locked, so that limit checks hold under concurrency, and
 * recorded as one change set of the tree's history (modules/history/change-set.ts).
 */
export function createTreeGate(db: Db) {
  return {
    async read(treeId: string, viewer: Viewer) {
      const tree = await trees.findTreeAccess(db, treeId, viewer.user?.id ?? null);
      assertAccess(tree, viewer, 'read');
      return tree;
    },

    /** A read only the tree's editors may make (its history): a visitor or viewer is refused with 403. */
    async readAsEditor(treeId: string, viewer: Viewer) {
      const tree = await trees.findTreeAccess(db, treeId, viewer.user?.id ?? null);
      assertAccess(tree, viewer, 'edit');
      return tree;
    },

    /** `kind`: what the change set is, when the write says so itself (an undo); else named by what it did. */
    write<T>(
      treeId: string,
      viewer: Viewer,
      work: (tx: Db, tree: trees.TreeAccessRow) => Promise<T>,
      kind?: 'undo' | 'merge',
    ) {
      let recorded: number | null = null;
      return db
        .transaction(async (tx) => {
          const tree = await trees.findTreeAccess(tx, treeId, viewer.user?.id ?? null);
          // A contributor's write on a proposable route, or a reviewer's change to a proposal, is
          // kept for review instead (issue 26, modules/proposal/); undo and merge are never proposed.
          const proposal = kind === undefined ? proposalScope() : undefined;
          if (proposal && (proposal.revise || (tree && roleInTree(tree, viewer) === 'contributor'))) {
            assertAccess(tree, viewer, proposal.revise ? 'edit' : 'member');
            await trees.lockTree(tx, treeId);
            if (proposal.revise) await assertRevisable(tx, treeId, proposal);
            return proposeInside(tx, tree, viewer, proposal, work);
          }
          assertAccess(tree, viewer, 'edit');
          // The tree's row locked and the write's change set opened, in one statement.
          await openChangeSet(tx, treeId, viewer.user?.id ?? null, kind ?? 'edit', true);
          const result = await work(tx, tree);
          // For the answer's Anor-Change-Set header (history/change-set-header.ts), when a request asks.
          if (wantsChangeSet()) recorded = await recordedChangeSet(tx);
          return result;
        })
        .then((result) => {
          if (recorded !== null) noteChangeSet(recorded);
          return result;
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
