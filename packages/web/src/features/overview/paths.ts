import { treeBase } from '../visitor/tree-access.ts';

/** The overview of a tree's unconnected items: /app/{treeId}/overview. */
export function overviewHref(treeId: string): string {
  return `${treeBase(treeId)}/overview`;
}
