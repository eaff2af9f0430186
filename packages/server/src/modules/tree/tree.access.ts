import { timingSafeEqual } from 'node:crypto';
import { type Access, limitsFor, may, subscriptionStatus, type TreeRole } from '@anor/core';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import type { TreeAccessRow, TreeRow } from './tree.repository.ts';

export type { Access, TreeRole };

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the viewer came by the tree's current share link (an old link stops working when sharing is renewed). */
export function hasShareLink(tree: TreeAccessRow, viewer: Viewer): boolean {
  return tree.shareToken !== null && viewer.shareToken !== null && sameToken(tree.shareToken, viewer.shareToken);
}

/** Whether the owner's paid subscription is valid now: a shared tree is shown to others only then. */
export function isOwnerSubscriptionValid(tree: TreeAccessRow, now: Date = new Date()): boolean {
  const subscription = { plan: tree.ownerPlan ?? 'free', validUntil: tree.ownerValidUntil?.toISOString() ?? null };
  return subscriptionStatus(subscription, now) === 'paid';
}

/**
 * The viewer's role in the tree. `tree.memberRole` is the signed-in viewer's membership, read with
 * the tree (tree.repository.ts findTreeAccess): a row read for another user must not be passed.
 */
export function roleInTree(tree: TreeAccessRow, viewer: Viewer): TreeRole {
  if (viewer.user && tree.ownerId === viewer.user.id) return viewer.previewAsVisitor ? 'visitor' : 'owner';
  if (viewer.user && tree.memberRole && tree.memberUserId === viewer.user.id) {
    return viewer.previewAsVisitor ? 'visitor' : tree.memberRole;
  }
  if (hasShareLink(tree, viewer) && isOwnerSubscriptionValid(tree)) return 'visitor';
  return 'none';
}

/**
 * The one gate of every tree route. A tree the viewer may not see answers exactly like a tree
 * that does not exist, so tree ids cannot be probed. A visitor with the current share link of a
 * tree whose owner's subscription has lapsed is told so (SPEC §8, expired owner subscription).
 */
export function assertCanRead<T extends TreeAccessRow>(tree: T | undefined, viewer: Viewer): asserts tree is T {
  if (!tree) throw new AppError('tree.error.notFound');
  if (roleInTree(tree, viewer) !== 'none') return;
  if (hasShareLink(tree, viewer)) throw new AppError('tree.error.ownerSubscriptionExpired');
  throw new AppError('tree.error.notFound');
}

export function assertCanEdit<T extends TreeAccessRow>(tree: T | undefined, viewer: Viewer): asserts tree is T {
  assertAccess(tree, viewer, 'edit');
}

/**
 * Checks access for a tree route: nobody signed in and without a share link gets 401, a tree the
 * viewer may not see 404, a call the viewer's role does not allow 403. Notes the role for the
 * privacy layer.
 */
export function assertAccess<T extends TreeAccessRow>(
  tree: T | undefined,
  viewer: Viewer,
  need: Access,
): asserts tree is T {
  if (!viewer.user && !viewer.shareToken) throw new AppError('auth.error.sessionRequired');
  assertCanRead(tree, viewer);
  const role = roleInTree(tree, viewer);
  if (!may(role, need)) throw new AppError('auth.error.forbidden');
  viewer.roles.set(tree.id, role);
}

/** Sources (repositories, records, citations) have no trial count of their own: only the node ceiling. */
export type CountedKind = 'persons' | 'locations' | 'events' | 'sources';

/**
 * The limits of SPEC §5 and §9 for adding `adding` items of a kind to a tree: the free tier's
 * trial count for the kind, then the node ceiling of the owner's tier. The answer's details say
 * which limit was hit and its value.
 */
export function assertWithinLimits(tree: TreeRow, kind: CountedKind, adding = 1) {
  const subscription = { plan: tree.ownerPlan ?? 'free', validUntil: tree.ownerValidUntil?.toISOString() ?? null };
  const limits = limitsFor(subscription);
  if (kind !== 'sources') {
    const current = { persons: tree.personsAmount, locations: tree.locationsAmount, events: tree.eventsAmount }[kind];
    const max = limits[kind];
    if (max !== null && current + adding > max) throw new AppError(`limit.${kind}`, { limit: kind, max });
  }
  const nodes = tree.personsAmount + tree.locationsAmount + tree.eventsAmount + tree.sourcesAmount;
  if (nodes + adding > limits.nodes) {
    const code = subscriptionStatus(subscription) === 'paid' ? 'limit.nodesPaid' : 'limit.nodesFree';
    throw new AppError(code, { limit: 'nodes', max: limits.nodes });
  }
}
