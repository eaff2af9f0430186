import { createHash, randomBytes } from 'node:crypto';
import {
  type Access,
  INVITATION_DAYS,
  type InvitationPreview,
  type InviteAnswer,
  type InviteBody,
  type Language,
  type MemberRole,
  type MembersAnswer,
  subscriptionStatus,
  uuidv7,
} from '@anor/core';
import { translate } from '@anor/core/i18n';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser, Viewer } from '../../http/session.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { assertAccess } from '../tree/tree.access.ts';
import * as trees from '../tree/tree.repository.ts';
import * as members from './member.repository.ts';

export interface MemberServiceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const day = 86_400_000;

/** Only the SHA-256 of a link's secret is stored: a copy of the database opens no tree. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function isFree(tree: trees.TreeAccessRow, now: Date): boolean {
  const subscription = { plan: tree.ownerPlan ?? 'free', validUntil: tree.ownerValidUntil?.toISOString() ?? null };
  return subscriptionStatus(subscription, now) === 'free';
}

/** A free owner's tree admits one member, a viewer (issue 26); a paid owner's any number, in any role. */
const freeSeats = 1;

function toInvitation(row: members.InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Members and invitations (issue 26). The owner or a co-owner invites by e-mail with a role; the
 * invitation is a single-use link, valid for 14 days, for the account with that address. Who may
 * do what is the one table of @anor/core roles.ts, checked by the tree gate (tree.access.ts).
 */
export function createMemberService({ db, mailer, publicUrl }: MemberServiceDeps) {
  async function gate(tx: Db, treeId: string, viewer: Viewer, need: Access) {
    const tree = await trees.findTreeAccess(tx, treeId, viewer.user?.id ?? null);
    assertAccess(tree, viewer, need);
    return tree;
  }

  function assertFreeAllowance(tree: trees.TreeAccessRow, role: MemberRole, seatsTaken: number, now: Date) {
    if (!isFree(tree, now)) return;
    if (role !== 'viewer') throw new AppError('limit.memberRole', { limit: 'memberRole' });
    if (seatsTaken >= freeSeats) throw new AppError('limit.members', { limit: 'members', max: freeSeats });
  }

  return {
    async list(treeId: string, viewer: Viewer): Promise<MembersAnswer> {
      await gate(db, treeId, viewer, 'manage');
      const now = new Date();
      const [owner, rows, invitations] = await Promise.all([
        members.findOwner(db, treeId),
        members.listMembers(db, treeId),
        members.listOpenInvitations(db, treeId, now),
      ]);
      if (!owner) throw new AppError('tree.error.notFound');
      return {
        owner,
        members: rows.map(({ createdAt, ...member }) => ({ ...member, since: createdAt.toISOString() })),
        invitations: invitations.map(toInvitation),
      };
    },

    /**
     * Invites `body.email` with `body.role`: a new link (an older open one to the same address is
     * withdrawn), sent by e-mail in `language`. The answer carries the link's path once, so that
     * whoever invited can pass it on another way; the link works only for that address's account.
     */
    async invite(
      treeId: string,
      viewer: Viewer,
      body: InviteBody,
      language: Language,
    ): Promise<{ answer: InviteAnswer; notice: Promise<void> }> {
      const now = new Date();
      const token = randomBytes(32).toString('base64url');
      const email = body.email;
      const { row, treeName } = await db.transaction(async (tx) => {
        const tree = await gate(tx, treeId, viewer, 'manage');
        await trees.lockTree(tx, treeId);
        if (await members.hasAccessByEmail(tx, treeId, email)) throw new AppError('member.error.alreadyMember');
        await members.revokeOpenInvitationsTo(tx, treeId, email, now);
        const seats = await members.countSeats(tx, treeId, now);
        assertFreeAllowance(tree, body.role, seats.members + seats.invitations, now);
        const row = await members.insertInvitation(tx, {
          treeId,
          id: uuidv7(),
          email,
          role: body.role,
          tokenHash: hashInvitationToken(token),
          invitedBy: viewer.user?.id ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_DAYS * day),
        });
        return { row, treeName: tree.name };
      });
      const path = `/invitation/${treeId}/${token}`;
      const inviter = viewer.user?.name ?? '';
      const t = (key: string) =>
        translate(language, `email.invitation.${key}`, {
          inviter,
          tree: treeName,
          role: translate(language, `members.roles.${body.role}`),
          email,
          date: row.expiresAt.toISOString().slice(0, 10),
        });
      const link = `${publicUrl}${path}`;
      const notice = mailer.send({
        to: email,
        subject: t('subject'),
        text: `${t('greeting')}\n\n${t('body')}\n\n${link}\n\n${t('validity')}\n\n${t('ifUnexpected')}\n`,
        links: { invitation: link },
      });
      return { answer: { invitation: toInvitation(row), path }, notice };
    },

    async revoke(treeId: string, viewer: Viewer, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await gate(tx, treeId, viewer, 'manage');
        const row = await members.revokeInvitation(tx, treeId, invitationId, new Date());
        if (!row) throw new AppError('member.error.invitationNotFound');
      });
    },

    async setRole(treeId: string, viewer: Viewer, userId: string, role: MemberRole): Promise<void> {
      await db.transaction(async (tx) => {
        const tree = await gate(tx, treeId, viewer, 'manage');
        if (userId === tree.ownerId) throw new AppError('member.error.owner');
        await trees.lockTree(tx, treeId);
        // A free owner's one member stays a viewer; the seat is theirs already.
        assertFreeAllowance(tree, role, 0, new Date());
        if (!(await members.setMemberRole(tx, treeId, userId, role))) throw new AppError('member.error.notFound');
      });
    },

    /** Removes a member (the owner or a co-owner), or the caller themselves (leaving). */
    async remove(treeId: string, viewer: Viewer, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const self = viewer.user?.id === userId;
        const tree = await gate(tx, treeId, viewer, self ? 'member' : 'manage');
        if (userId === tree.ownerId) throw new AppError('member.error.owner');
        if (!(await members.deleteMember(tx, treeId, userId))) throw new AppError('member.error.notFound');
      });
    },

    /** What an invitation link shows anyone who opens it: the tree's name, who invited, the role, its state. */
    async preview(treeId: string, token: string): Promise<InvitationPreview> {
      const found = await members.findInvitationByToken(db, treeId, hashInvitationToken(token));
      if (!found) throw new AppError('member.error.invitationNotFound');
      const { invitation } = found;
      const state = invitation.acceptedAt
        ? 'used'
        : invitation.revokedAt
          ? 'revoked'
          : invitation.expiresAt <= new Date()
            ? 'expired'
            : 'open';
      return {
        treeName: found.treeName,
        inviterName: found.inviterName ?? '',
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        state,
      };
    },

    /**
     * Accepts an invitation for the signed-in user, whose e-mail must be the invited one. Single
     * use: a second acceptance by the same user answers as the first did; anyone else is refused.
     */
    async accept(treeId: string, token: string, user: SessionUser): Promise<{ treeId: string; role: MemberRole }> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const found = await members.findInvitationByToken(tx, treeId, hashInvitationToken(token), true);
        if (!found) throw new AppError('member.error.invitationNotFound');
        const { invitation } = found;
        if (invitation.acceptedAt) {
          if (invitation.acceptedBy === user.id) {
            const member = await members.findMember(tx, treeId, user.id);
            if (member) return { treeId, role: member.role };
          }
          throw new AppError('member.error.invitationUsed');
        }
        if (invitation.revokedAt) throw new AppError('member.error.invitationRevoked');
        if (invitation.expiresAt <= now) throw new AppError('member.error.invitationExpired');
        if (user.email.trim().toLowerCase() !== invitation.email) {
          throw new AppError('member.error.wrongAccount', { email: invitation.email });
        }
        if (user.id === found.ownerId) throw new AppError('member.error.alreadyMember');
        const tree = await trees.findTreeAccess(tx, treeId, user.id);
        if (!tree) throw new AppError('member.error.invitationNotFound');
        await trees.lockTree(tx, treeId);
        // The owner may have gone free since inviting: the allowance is checked again, this seat aside.
        const seats = await members.countSeats(tx, treeId, now);
        const others = seats.members - (tree.memberRole ? 1 : 0) + seats.invitations - 1;
        assertFreeAllowance(tree, invitation.role, others, now);
        await members.upsertMember(tx, {
          treeId,
          userId: user.id,
          role: invitation.role,
          invitedBy: invitation.invitedBy,
        });
        await members.markInvitationAccepted(tx, treeId, invitation.id, user.id, now);
        return { treeId, role: invitation.role };
      });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
