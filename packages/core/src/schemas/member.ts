import { z } from 'zod';
import { memberRoleSchema, treeRoleSchema } from '../roles.ts';
import { emailSchema } from './common.ts';

/** Members of a tree and their invitations (issue 26; roles in ../roles.ts). */

/** How long an invitation link is valid. */
export const INVITATION_DAYS = 14;

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  /** When they joined. */
  since: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/{treeId}/member: the owner, the members and the invitations not yet accepted (still valid). */
export const membersAnswerSchema = z.object({
  owner: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type MembersAnswer = z.infer<typeof membersAnswerSchema>;

export const inviteBodySchema = z.strictObject({ email: emailSchema, role: memberRoleSchema });
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** The new invitation with its link's path (`/invitation/{treeId}/{secret}`), shown once to whoever invited. */
export const inviteAnswerSchema = z.object({ invitation: invitationSchema, path: z.string() });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;

export const memberRoleBodySchema = z.strictObject({ role: memberRoleSchema });

/** An invitation link's secret: 256 random bits, URL-safe (43 characters). */
export const invitationTokenSchema = { regex: /^[A-Za-z0-9_-]{43}$/ };

/** What an invitation link shows before it is accepted: no data of the tree beyond its name. */
export const invitationPreviewSchema = z.object({
  treeName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  expiresAt: z.string(),
  state: z.enum(['open', 'expired', 'revoked', 'used']),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Accepted: the tree as the new member meets it. */
export const acceptedInvitationSchema = z.object({ treeId: z.string(), role: treeRoleSchema });
