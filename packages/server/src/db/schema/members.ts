/** A tree's members and their invitations (issue 26). See ../schema.ts and drizzle/0031_tree_member.sql. */
import type { MemberRole } from '@anor/core';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { tree } from './trees.ts';

/** What a member may do (@anor/core roles.ts): the owner is tree.owner_id, never a member. */
export type { MemberRole };

/**
 * A user the owner (or a co-owner) let into the tree, with a role. Not in the change history: who
 * may edit is not the family's data, and undoing an edit must never give or take access.
 */
export const treeMember = pgTable(
  'tree_member',
  {
    treeId: uuid('tree_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<MemberRole>().notNull(),
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.userId] }),
    index('tree_member_user_idx').on(table.userId),
    foreignKey({ columns: [table.treeId], foreignColumns: [tree.id] }).onDelete('cascade'),
  ],
);

/**
 * A single-use invitation by e-mail, valid for 14 days. Only the SHA-256 of its secret is kept; the
 * link names the tree (`/invitation/{treeId}/{secret}`), so it is found on the tree's own shard.
 */
export const treeInvitation = pgTable(
  'tree_invitation',
  {
    treeId: uuid('tree_id').notNull(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<MemberRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    uniqueIndex('tree_invitation_token_idx').on(table.treeId, table.tokenHash),
    foreignKey({ columns: [table.treeId], foreignColumns: [tree.id] }).onDelete('cascade'),
  ],
);
