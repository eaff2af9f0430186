import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../http/session.ts';
import type { TreeRow } from './tree.repository.ts';

/** What someone may do with a tree: the owner edits; everyone else sees nothing (sharing comes later). */
export type TreeRole = 'owner' | 'none';

export function roleInTree(tree: TreeRow, viewer: SessionUser | null): TreeRole {
  return viewer && tree.ownerId === viewer.id ? 'owner' : 'none';
}

/**
 * The one gate of every tree route. A tree the viewer may not see answers exactly like a tree
 * that does not exist, so tree ids cannot be probed.
 */
export function assertCanRead(tree: TreeRow | undefined, viewer: SessionUser | null): asserts tree is TreeRow {
  if (!tree || roleInTree(tree, viewer) === 'none') throw new AppError('tree.error.notFound');
}

export function assertCanEdit(tree: TreeRow | undefined, viewer: SessionUser | null): asserts tree is TreeRow {
  assertCanRead(tree, viewer);
  if (roleInTree(tree, viewer) !== 'owner') throw new AppError('auth.error.forbidden');
}
