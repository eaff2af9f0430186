import { limitsFor, subscriptionStatus } from '@anor/core';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../http/session.ts';
import type { TreeAccessRow, TreeRow } from './tree.repository.ts';

/** What someone may do with a tree: the owner edits; everyone else sees nothing (sharing comes later). */
export type TreeRole = 'owner' | 'none';

export function roleInTree(tree: TreeAccessRow, viewer: SessionUser | null): TreeRole {
  return viewer && tree.ownerId === viewer.id ? 'owner' : 'none';
}

/**
 * The one gate of every tree route. A tree the viewer may not see answers exactly like a tree
 * that does not exist, so tree ids cannot be probed.
 */
export function assertCanRead<T extends TreeAccessRow>(
  tree: T | undefined,
  viewer: SessionUser | null,
): asserts tree is T {
  if (!tree || roleInTree(tree, viewer) === 'none') throw new AppError('tree.error.notFound');
}

export function assertCanEdit<T extends TreeAccessRow>(
  tree: T | undefined,
  viewer: SessionUser | null,
): asserts tree is T {
  assertCanRead(tree, viewer);
  if (roleInTree(tree, viewer) !== 'owner') throw new AppError('auth.error.forbidden');
}

export type Access = 'read' | 'edit';

/**
 * Checks access for a tree route: nobody signed in gets 401, a tree the viewer may not see 404,
 * a write by someone who may only read 403.
 */
export function assertAccess<T extends TreeAccessRow>(
  tree: T | undefined,
  viewer: SessionUser | null,
  need: Access,
): asserts tree is T {
  if (!viewer && (!tree || roleInTree(tree, viewer) === 'none')) throw new AppError('auth.error.sessionRequired');
  if (need === 'edit') assertCanEdit(tree, viewer);
  else assertCanRead(tree, viewer);
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
