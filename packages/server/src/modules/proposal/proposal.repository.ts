import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { type ProposalStatus, treeProposal } from '../../db/schema.ts';
import type { ProposedRow } from './proposal.rows.ts';

/** All SQL of the proposals table (issue 26). Every statement filters by tree_id. */

export interface ProposalRow {
  treeId: string;
  id: string;
  userId: string | null;
  userName: string | null;
  status: ProposalStatus;
  method: string;
  route: string;
  path: string;
  body: unknown;
  changes: ProposedRow[];
  createdAt: Date | string;
  updatedAt: Date | string;
  reviewedBy: string | null;
  reviewerName: string | null;
  reviewedAt: Date | string | null;
  comment: string | null;
  changeSetId: number | string | null;
}

const columns = sql`p.tree_id as "treeId", p.id, p.user_id as "userId", u.name as "userName", p.status, p.method,
  p.route, p.path, p.body, p.changes, p.created_at as "createdAt", p.updated_at as "updatedAt",
  p.reviewed_by as "reviewedBy", r.name as "reviewerName", p.reviewed_at as "reviewedAt", p.comment,
  p.change_set_id as "changeSetId"`;
const joins = sql`left join "user" u on u.id = p.user_id left join "user" r on r.id = p.reviewed_by`;

export async function insertProposal(db: Db, row: typeof treeProposal.$inferInsert): Promise<void> {
  await db.insert(treeProposal).values(row);
}

/** A reviewer's changed request in place of the proposal's own (still pending). */
export async function reviseProposal(
  db: Db,
  treeId: string,
  id: string,
  values: { body: unknown; path: string; changes: ProposedRow[] },
): Promise<void> {
  await db
    .update(treeProposal)
    .set({ body: values.body, path: values.path, changes: values.changes, updatedAt: new Date() })
    .where(and(eq(treeProposal.treeId, treeId), eq(treeProposal.id, id)));
}

/** One proposal; with `forUpdate`, its row locked for a decision. */
export async function findProposal(
  db: Db,
  treeId: string,
  id: string,
  forUpdate = false,
): Promise<ProposalRow | undefined> {
  const [row] = await queryRows<ProposalRow>(
    db,
    sql`select ${columns} from tree_proposal p ${joins}
      where p.tree_id = ${treeId} and p.id = ${id}${forUpdate ? sql` for update of p` : sql``}`,
  );
  return row;
}

/** The tree's proposals, newest first, of one status and (for a contributor) one proposer. */
export async function listProposals(
  db: Db,
  treeId: string,
  filter: { status?: ProposalStatus | undefined; userId?: string | undefined; limit: number },
): Promise<ProposalRow[]> {
  return queryRows<ProposalRow>(
    db,
    sql`select ${columns} from tree_proposal p ${joins}
      where p.tree_id = ${treeId}
        ${filter.status ? sql`and p.status = ${filter.status}` : sql``}
        ${filter.userId ? sql`and p.user_id = ${filter.userId}` : sql``}
      order by p.created_at desc, p.id desc limit ${filter.limit}`,
  );
}

/** How many of the tree's proposals wait for review (of one proposer's, with `userId`). */
export async function countPending(db: Db, treeId: string, userId?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(treeProposal)
    .where(
      and(
        eq(treeProposal.treeId, treeId),
        eq(treeProposal.status, 'pending'),
        userId === undefined ? undefined : eq(treeProposal.userId, userId),
      ),
    );
  return row?.count ?? 0;
}

/** A decision on a pending proposal: accepted (with the change set that applied it), rejected or withdrawn. */
export async function decide(
  db: Db,
  treeId: string,
  id: string,
  decision: {
    status: Exclude<ProposalStatus, 'pending'>;
    by: string;
    comment?: string | null;
    changeSetId?: number | null;
  },
): Promise<void> {
  const now = new Date();
  await db
    .update(treeProposal)
    .set({
      status: decision.status,
      reviewedBy: decision.by,
      reviewedAt: now,
      updatedAt: now,
      comment: decision.comment ?? null,
      changeSetId: decision.changeSetId ?? null,
    })
    .where(and(eq(treeProposal.treeId, treeId), eq(treeProposal.id, id), eq(treeProposal.status, 'pending')));
}

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  language: string | null;
}

/**
 * Who is told that a proposal waits (issue 26): the owner and the members who review (editors and
 * co-owners) who have not turned e-mails off, not the one who proposed it.
 */
export function reviewersToTell(db: Db, treeId: string, exceptUserId: string | null): Promise<Recipient[]> {
  return queryRows<Recipient>(
    db,
    sql`select u.id as "userId", u.email, u.name, u.language from tree t join "user" u on u.id = t.owner_id
        where t.id = ${treeId} and u.notify_by_email and u.id is distinct from ${exceptUserId}
      union all
      select u.id, u.email, u.name, u.language from tree_member m join "user" u on u.id = m.user_id
        where m.tree_id = ${treeId} and m.role in ('editor', 'co_owner') and u.notify_by_email
          and u.id is distinct from ${exceptUserId}`,
  );
}

/** The user to tell of a decision, unless they turned e-mails off. */
export async function userToTell(db: Db, userId: string): Promise<Recipient | undefined> {
  const [row] = await queryRows<Recipient>(
    db,
    sql`select u.id as "userId", u.email, u.name, u.language from "user" u where u.id = ${userId} and u.notify_by_email`,
  );
  return row;
}

export async function treeName(db: Db, treeId: string): Promise<string> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from tree where id = ${treeId}`);
  return row?.name ?? '';
}
