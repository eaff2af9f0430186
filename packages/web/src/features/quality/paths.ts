import { treeBase } from '../visitor/tree-access.ts';

/** The data-quality report of a tree (the owner's only): /app/{treeId}/quality. */
export function qualityHref(treeId: string): string {
  return `${treeBase(treeId)}/quality`;
}
