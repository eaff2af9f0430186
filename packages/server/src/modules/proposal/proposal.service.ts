import {
  type Change,
  may,
  type Proposal,
  type ProposalAnswer,
  type ProposalListAnswer,
  type ProposalStatus,
  type ProposalSummary,
  type RejectProposalBody,
  type TreeRole,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { attributeChangeSet, objectTables, recordedChangeSet } from '../history/change-set.ts';
import { idsOfChange, labelsOf } from '../history/history.labels.ts';
import { assertGrowthWithinLimits, countsOf, lineageTables, shown } from '../history/history.service.ts';
import { objectKindOfTable } from '../history/history.tables.ts';
import { recomputeRootRelations } from '../person/person.repository.ts';
import { roleInTree } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import * as proposals from './proposal.repository.ts';
import { applyRows, conflictsOf, type ProposedRow, tablesOf } from './proposal.rows.ts';

const ops = { insert: 'create', update: 'update', delete: 'delete' } as const;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A proposal's rows as the history shows changes (numbered in order, no change set yet). */
function changesOf(rows: readonly ProposedRow[]): Change[] {
  return rows.map((row, index) => ({
    seq: index + 1,
    changeSetId: 0,
    op: ops[row.op],
    objectKind: objectKindOfTable(row.tbl),
    objectId: row.node,
    relatedId: row.related,
    before: shown(row.before),
    after: shown(row.after),
  }));
}

/** The first object a proposal changes: an object's own row before a link or a part. */
function firstObject(rows: readonly ProposedRow[]): ProposedRow | undefined {
  const own = new Set<string>(objectTables);
  return rows.find((row) => own.has(row.tbl)) ?? rows[0];
}

function toSummary(row: proposals.ProposalRow): ProposalSummary {
  const first = firstObject(row.changes);
  return {
    id: row.id,
    status: row.status,
    userId: row.userId,
    userName: row.userName,
    method: row.method,
    route: row.route,
    path: row.path,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    reviewedBy: row.reviewedBy,
    reviewerName: row.reviewerName,
    reviewedAt: isoOrNull(row.reviewedAt),
    comment: row.comment,
    changeSetId: row.changeSetId === null ? null : Number(row.changeSetId),
    changeCount: row.changes.length,
    objectKind: first ? objectKindOfTable(first.tbl) : null,
    objectId: first?.node ?? null,
  };
}

/**
 * Contributors' proposals (issue 26): the review queue, a proposal's rows, and the decisions on
 * it. Editors, co-owners and the owner see every proposal of the tree and decide; a contributor
 * sees their own and may withdraw a pending one; a viewer or visitor sees none. How a proposal
 * is made: proposal.capture.ts, from the tree gate.
 */
export function createProposalService({ db }: { db: Db }) {
  const { read, write } = createTreeGate(db);

  /** Who sees which proposals: a reviewer every one, a contributor their own; a viewer or visitor none (403). */
  async function visibility(treeId: string, viewer: Viewer): Promise<{ role: TreeRole; onlyOf?: string }> {
    const tree = await read(treeId, viewer);
    const role = roleInTree(tree, viewer);
    if (may(role, 'edit')) return { role };
    if (may(role, 'propose') && viewer.user) return { role, onlyOf: viewer.user.id };
    throw new AppError('auth.error.forbidden');
  }

  async function pendingOne(tx: Db, treeId: string, id: string): Promise<proposals.ProposalRow> {
    const row = await proposals.findProposal(tx, treeId, id, true);
    if (!row) throw new AppError('proposal.error.notFound');
    if (row.status !== 'pending') throw new AppError('proposal.error.notPending', { status: row.status });
    return row;
  }

  async function answer(treeId: string, row: proposals.ProposalRow): Promise<ProposalAnswer> {
    const changes = changesOf(row.changes);
    const proposal: Proposal = { ...toSummary(row), body: row.body, changes };
    return { proposal, labels: await labelsOf(db, treeId, changes.flatMap(idsOfChange)) };
  }

  return {
    async list(
      treeId: string,
      viewer: Viewer,
      query: { status?: ProposalStatus | undefined; limit: number },
    ): Promise<ProposalListAnswer> {
      const { onlyOf } = await visibility(treeId, viewer);
      const [rows, pending] = await Promise.all([
        proposals.listProposals(db, treeId, { ...query, userId: onlyOf }),
        proposals.countPending(db, treeId, onlyOf),
      ]);
      const summaries = rows.map(toSummary);
      const ids = summaries.flatMap((summary) => (summary.objectId ? [summary.objectId] : []));
      return { proposals: summaries, labels: await labelsOf(db, treeId, ids), pending };
    },

    async get(treeId: string, viewer: Viewer, id: string): Promise<ProposalAnswer> {
      const { onlyOf } = await visibility(treeId, viewer);
      const row = await proposals.findProposal(db, treeId, id);
      if (!row || (onlyOf !== undefined && row.userId !== onlyOf)) throw new AppError('proposal.error.notFound');
      return answer(treeId, row);
    },

    /**
     * Applies a pending proposal in one transaction, recorded as one change set in the contributor's
     * name: refused with 409 `proposal.error.conflict` (naming the rows, nothing applied) when a row
     * it changes changed since it was made, and checked against the tree's limits as a new object is.
     */
    async accept(treeId: string, viewer: Viewer, id: string): Promise<ProposalAnswer> {
      const row = await write(treeId, viewer, async (tx) => {
        const proposal = await pendingOne(tx, treeId, id);
        const conflicts = await conflictsOf(tx, treeId, proposal.changes);
        if (conflicts.length > 0) {
          throw new AppError('proposal.error.conflict', {
            rows: conflicts.map((conflict) => ({
              objectKind: objectKindOfTable(conflict.tbl),
              objectId: conflict.node,
              relatedId: conflict.related,
              op: ops[conflict.op],
            })),
          });
        }
        await attributeChangeSet(tx, proposal.userId);
        const counts = await countsOf(tx, treeId);
        await applyRows(tx, treeId, proposal.changes);
        await assertGrowthWithinLimits(tx, treeId, counts);
        if ([...tablesOf(proposal.changes)].some((name) => lineageTables.has(name))) {
          await recomputeRootRelations(tx, treeId);
        }
        const changeSetId = await recordedChangeSet(tx);
        await proposals.decide(tx, treeId, id, {
          status: 'accepted',
          by: viewer.user?.id ?? '',
          changeSetId,
        });
        return (await proposals.findProposal(tx, treeId, id)) as proposals.ProposalRow;
      });
      return answer(treeId, row);
    },

    /** Rejects a pending proposal, with the reviewer's comment for the contributor. Nothing of the tree changes. */
    async reject(treeId: string, viewer: Viewer, id: string, body: RejectProposalBody): Promise<ProposalAnswer> {
      const row = await write(treeId, viewer, async (tx) => {
        await pendingOne(tx, treeId, id);
        await proposals.decide(tx, treeId, id, {
          status: 'rejected',
          by: viewer.user?.id ?? '',
          comment: body.comment || null,
        });
        return (await proposals.findProposal(tx, treeId, id)) as proposals.ProposalRow;
      });
      return answer(treeId, row);
    },

    /** The contributor takes back their own pending proposal. */
    async withdraw(treeId: string, viewer: Viewer, id: string): Promise<ProposalAnswer> {
      const { onlyOf } = await visibility(treeId, viewer);
      const row = await db.transaction(async (tx) => {
        const proposal = await proposals.findProposal(tx, treeId, id, true);
        if (!proposal || (onlyOf !== undefined && proposal.userId !== onlyOf)) {
          throw new AppError('proposal.error.notFound');
        }
        if (proposal.userId !== viewer.user?.id) throw new AppError('proposal.error.notYours');
        if (proposal.status !== 'pending') throw new AppError('proposal.error.notPending', { status: proposal.status });
        await proposals.decide(tx, treeId, id, { status: 'withdrawn', by: proposal.userId ?? '' });
        return (await proposals.findProposal(tx, treeId, id)) as proposals.ProposalRow;
      });
      return answer(treeId, row);
    },
  };
}

export type ProposalService = ReturnType<typeof createProposalService>;
