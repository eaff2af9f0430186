import type { MemberRole } from '@anor/core';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tree, treeInvitation, treeMember, user } from '../../db/schema.ts';

/** All SQL of members and invitations (issue 26). Every statement names the tree. */

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  createdAt: Date;
}

/** A tree's members with their names and addresses. */
function selectMembers(db: Db) {
  return db
    .select({
      userId: treeMember.userId,
      name: user.name,
      email: user.email,
      role: treeMember.role,
      createdAt: treeMember.createdAt,
    })
    .from(treeMember)
    .innerJoin(user, eq(user.id, treeMember.userId));
}

export function listMembers(db: Db, treeId: string): Promise<MemberRow[]> {
  return selectMembers(db).where(eq(treeMember.treeId, treeId)).orderBy(treeMember.createdAt, treeMember.userId);
}

export async function findMember(db: Db, treeId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db).where(and(eq(treeMember.treeId, treeId), eq(treeMember.userId, userId)));
  return row;
}

/** Whether the user with this e-mail (lower-case) owns the tree or is a member of it. */
export async function hasAccessByEmail(db: Db, treeId: string, email: string): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from ${tree} t join ${user} u on u.id = t.owner_id
      where t.id = ${treeId} and lower(u.email) = ${email}
    union all
    select 1 from ${treeMember} m join ${user} u on u.id = m.user_id
      where m.tree_id = ${treeId} and lower(u.email) = ${email}
    limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Adds the member, or gives an existing one the new role. */
export async function upsertMember(
  db: Db,
  row: { treeId: string; userId: string; role: MemberRole; invitedBy: string | null },
): Promise<void> {
  await db
    .insert(treeMember)
    .values(row)
    .onConflictDoUpdate({
      target: [treeMember.treeId, treeMember.userId],
      set: { role: row.role, updatedAt: new Date() },
    });
}

export async function setMemberRole(db: Db, treeId: string, userId: string, role: MemberRole): Promise<boolean> {
  const rows = await db
    .update(treeMember)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(treeMember.treeId, treeId), eq(treeMember.userId, userId)))
    .returning({ userId: treeMember.userId });
  return rows.length > 0;
}

export async function deleteMember(db: Db, treeId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(treeMember)
    .where(and(eq(treeMember.treeId, treeId), eq(treeMember.userId, userId)))
    .returning({ userId: treeMember.userId });
  return rows.length > 0;
}

/** Invitations that may still be accepted: not accepted, not withdrawn, not expired. */
const open = (now: Date) =>
  and(isNull(treeInvitation.acceptedAt), isNull(treeInvitation.revokedAt), gt(treeInvitation.expiresAt, now));

export type InvitationRow = typeof treeInvitation.$inferSelect;

export function listOpenInvitations(db: Db, treeId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(treeInvitation)
    .where(and(eq(treeInvitation.treeId, treeId), open(now)))
    .orderBy(treeInvitation.createdAt, treeInvitation.id);
}

/** Members and open invitations: what a free owner's allowance counts. */
export async function countSeats(db: Db, treeId: string, now: Date): Promise<{ members: number; invitations: number }> {
  const [members] = await db.select({ value: count() }).from(treeMember).where(eq(treeMember.treeId, treeId));
  const [invitations] = await db
    .select({ value: count() })
    .from(treeInvitation)
    .where(and(eq(treeInvitation.treeId, treeId), open(now)));
  return { members: members?.value ?? 0, invitations: invitations?.value ?? 0 };
}

export async function insertInvitation(db: Db, row: typeof treeInvitation.$inferInsert): Promise<InvitationRow> {
  const [inserted] = await db.insert(treeInvitation).values(row).returning();
  if (!inserted) throw new Error('insertInvitation: nothing inserted');
  return inserted;
}

/** Withdraws the other open invitations to the same address, so that only the newest link works. */
export async function revokeOpenInvitationsTo(db: Db, treeId: string, email: string, now: Date): Promise<void> {
  await db
    .update(treeInvitation)
    .set({ revokedAt: now })
    .where(and(eq(treeInvitation.treeId, treeId), eq(treeInvitation.email, email), open(now)));
}

export async function revokeInvitation(
  db: Db,
  treeId: string,
  id: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(treeInvitation)
    .set({ revokedAt: now })
    .where(and(eq(treeInvitation.treeId, treeId), eq(treeInvitation.id, id), open(now)))
    .returning();
  return row;
}

/** The invitation of a link, with its tree's name and the inviter's name; locked when `forUpdate`. */
export async function findInvitationByToken(db: Db, treeId: string, tokenHash: string, forUpdate = false) {
  const query = db
    .select({ invitation: treeInvitation, treeName: tree.name, ownerId: tree.ownerId, inviterName: user.name })
    .from(treeInvitation)
    .innerJoin(tree, and(eq(tree.id, treeInvitation.treeId), isNull(tree.deletedAt), isNull(tree.importJob)))
    .leftJoin(user, eq(user.id, treeInvitation.invitedBy))
    .where(and(eq(treeInvitation.treeId, treeId), eq(treeInvitation.tokenHash, tokenHash)));
  const [row] = forUpdate ? await query.for('update', { of: treeInvitation }) : await query;
  return row;
}

export async function markInvitationAccepted(db: Db, treeId: string, id: string, userId: string, now: Date) {
  await db
    .update(treeInvitation)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(treeInvitation.treeId, treeId), eq(treeInvitation.id, id)));
}

/** The tree's owner, for the members list. */
export async function findOwner(db: Db, treeId: string) {
  const [row] = await db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(tree)
    .innerJoin(user, eq(user.id, tree.ownerId))
    .where(eq(tree.id, treeId));
  return row;
}
