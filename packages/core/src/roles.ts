import { z } from 'zod';

/**
 * Roles in a tree (issue 26), shared by the server's gate (modules/tree/tree.access.ts) and the web
 * app, which shows only what the role allows (the server checks again).
 * - The owner is the tree's owner (never a member row): everything, deleting the tree included.
 * - Members are let in by invitation with a role: a viewer reads and sees the living (unlike a
 *   visitor); a contributor proposes changes that wait for review; an editor changes directly; a
 *   co-owner also manages members and sharing, but cannot delete the tree or remove the owner.
 * - A visitor came by the share link: reads, with the living private.
 */
export const memberRoles = ['viewer', 'contributor', 'editor', 'co_owner'] as const;
export const memberRoleSchema = z.enum(memberRoles);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const treeRoles = ['owner', ...memberRoles, 'visitor'] as const;
export const treeRoleSchema = z.enum(treeRoles);
export type TreeRole = z.infer<typeof treeRoleSchema> | 'none';

/**
 * What a route needs, as the server's route table declares it:
 * - `read`: anyone who may see the tree, visitors included (with privacy);
 * - `member`: the owner or a member, never a visitor (leaving a tree);
 * - `propose`: those who take part in reviewed changes (a contributor's own proposals; every
 *   proposal, for those who may `edit` too);
 * - `edit`: those who change the tree directly;
 * - `manage`: those who manage members and sharing;
 * - `owner`: the owner alone (deleting the tree).
 */
export type Access = 'read' | 'member' | 'propose' | 'edit' | 'manage' | 'owner';

const granted: Record<TreeRole, ReadonlySet<Access>> = {
  owner: new Set(['read', 'member', 'propose', 'edit', 'manage', 'owner']),
  co_owner: new Set(['read', 'member', 'propose', 'edit', 'manage']),
  editor: new Set(['read', 'member', 'propose', 'edit']),
  // A contributor's changes wait for review (issue 26, reviewed changes: modules/proposal/).
  contributor: new Set(['read', 'member', 'propose']),
  viewer: new Set(['read', 'member']),
  visitor: new Set(['read']),
  none: new Set(),
};

/** Whether the role may do what `need` names: the one table every check reads. */
export function may(role: TreeRole | undefined, need: Access): boolean {
  return role !== undefined && granted[role].has(need);
}

/** Whether the role sees the living persons' data: everyone in the tree but a visitor. */
export function seesLiving(role: TreeRole | undefined): boolean {
  return may(role, 'member');
}
