import { treeBase } from '../visitor/tree-access.ts';

/** The person page of a person: /app/{treeId}/person/{personId}. */
export function personHref(treeId: string, personId: string): string {
  return `${treeBase(treeId)}/person/${encodeURIComponent(personId)}`;
}

/** The family-tree chart starting from a person: /app/{treeId}/tree/{personId}. */
export function familyTreeHref(treeId: string, personId: string): string {
  return `${treeBase(treeId)}/tree/${encodeURIComponent(personId)}`;
}
