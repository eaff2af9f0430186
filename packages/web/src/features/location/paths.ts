/** The place list of a tree: /app/{treeId}/places. */
export function placesHref(treeId: string): string {
  return `/app/${encodeURIComponent(treeId)}/places`;
}

/** The location page of a place: /app/{treeId}/location/{locationId}. */
export function locationHref(treeId: string, locationId: string): string {
  return `/app/${encodeURIComponent(treeId)}/location/${encodeURIComponent(locationId)}`;
}
