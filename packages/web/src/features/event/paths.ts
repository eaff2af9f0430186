import { treeBase } from '../visitor/tree-access.ts';

/** The event page of an event: /app/{treeId}/event/{eventId}. */
export function eventHref(treeId: string, eventId: string): string {
  return `${treeBase(treeId)}/event/${encodeURIComponent(eventId)}`;
}
