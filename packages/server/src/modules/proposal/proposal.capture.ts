import { uuidv7 } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { openChangeSet } from '../history/change-set.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import * as proposals from './proposal.repository.ts';
import { captureRows } from './proposal.rows.ts';
import type { ProposalScope } from './proposal.scope.ts';

/** Thrown inside the savepoint to roll the write back once its rows are read. */
class Captured<T> extends Error {
  constructor(
    readonly result: T,
    readonly rows: Awaited<ReturnType<typeof captureRows>>,
  ) {
    super('captured');
  }
}

/**
 * A contributor's write (or a reviewer's change to a proposal), inside the gate's transaction with
 * the tree's row locked: the service's own work runs in a savepoint exactly as an editor's would,
 * every rule checked, its rows read from the change history and the savepoint rolled back, so
 * nothing of the tree changes. The rows are kept as a pending proposal (a new one, or the one the
 * reviewer changes) and the request answers 202 with it (proposal.scope.ts). A write that changed
 * nothing makes no proposal; one that would change the tree's own row (its name or root) is refused.
 */
export async function proposeInside<T>(
  tx: Db,
  tree: TreeAccessRow,
  viewer: Viewer,
  scope: ProposalScope,
  work: (tx: Db, tree: TreeAccessRow) => Promise<T>,
): Promise<T> {
  const userId = viewer.user?.id ?? null;
  let captured: Captured<T> | null = null;
  try {
    await tx.transaction(async (savepoint) => {
      const changeSet = await openChangeSet(savepoint, tree.id, userId, 'edit');
      const result = await work(savepoint, tree);
      throw new Captured(result, await captureRows(savepoint, tree.id, changeSet));
    });
  } catch (error) {
    if (!(error instanceof Captured)) throw error;
    captured = error as Captured<T>;
  }
  if (!captured) throw new Error('The proposal was not captured');
  if (captured.rows === null) throw new AppError('proposal.error.notProposable');
  if (captured.rows.length === 0) return captured.result;
  if (scope.revise) {
    await proposals.reviseProposal(tx, tree.id, scope.revise, {
      body: scope.body,
      path: scope.path,
      changes: captured.rows,
    });
    scope.made = { id: scope.revise, status: 'pending' };
  } else {
    const id = uuidv7();
    await proposals.insertProposal(tx, {
      treeId: tree.id,
      id,
      userId,
      method: scope.method,
      route: scope.route,
      path: scope.path,
      body: scope.body,
      changes: captured.rows,
    });
    scope.made = { id, status: 'pending' };
    scope.proposer = { id: userId, name: viewer.user?.name ?? '' };
  }
  return captured.result;
}

/**
 * A reviewer's changed request for a proposal (the `Anor-Proposal` header): the proposal must be
 * this tree's, pending, and of the same route and method; it is locked until the transaction ends.
 */
export async function assertRevisable(tx: Db, treeId: string, scope: ProposalScope): Promise<void> {
  const proposal = scope.revise ? await proposals.findProposal(tx, treeId, scope.revise, true) : undefined;
  if (!proposal) throw new AppError('proposal.error.notFound');
  if (proposal.status !== 'pending') throw new AppError('proposal.error.notPending', { status: proposal.status });
  if (proposal.method !== scope.method || proposal.route !== scope.route) {
    throw new AppError('proposal.error.otherRequest');
  }
}
