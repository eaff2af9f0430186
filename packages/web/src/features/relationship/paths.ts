import { treeBase } from '../visitor/tree-access.ts';

/** The relationship page between a person and another: /app/{treeId}/person/{personId}/relationship?to={otherId}. */
export function relationshipHref(treeId: string, personId: string, otherId?: string | null): string {
  const page = `${treeBase(treeId)}/person/${encodeURIComponent(personId)}/relationship`;
  return otherId ? `${page}?to=${encodeURIComponent(otherId)}` : page;
}
