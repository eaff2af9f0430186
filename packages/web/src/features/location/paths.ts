import { treeBase } from '../visitor/tree-access.ts';

/** The place list of a tree: /app/{treeId}/places. */
export function placesHref(treeId: string): string {
  return `${treeBase(treeId)}/places`;
}

/** The location page of a place: /app/{treeId}/location/{locationId}. */
export function locationHref(treeId: string, locationId: string): string {
  return `${treeBase(treeId)}/location/${encodeURIComponent(locationId)}`;
}
