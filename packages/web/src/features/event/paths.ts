/** The event page of an event: /app/{treeId}/event/{eventId}. */
export function eventHref(treeId: string, eventId: string): string {
  return `/app/${encodeURIComponent(treeId)}/event/${encodeURIComponent(eventId)}`;
}
