import { treeBase } from '../visitor/tree-access.ts';

/** The merge of `otherId` into `personId` (issue 21): /app/{treeId}/person/{personId}/merge/{otherId}. */
export function personMergeHref(treeId: string, personId: string, otherId: string): string {
  return `${treeBase(treeId)}/person/${encodeURIComponent(personId)}/merge/${encodeURIComponent(otherId)}`;
}
