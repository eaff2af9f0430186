import { treeBase } from '../visitor/tree-access.ts';

/** The duplicate finder of a tree (the owner's only): /app/{treeId}/duplicates. */
export function duplicatesHref(treeId: string): string {
  return `${treeBase(treeId)}/duplicates`;
}
