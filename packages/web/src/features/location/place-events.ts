import type { Event } from '@anor/core';

/**
 * Whether someone of the root person's direct lineage (the root, an ancestor or a descendant) takes
 * part in the event: the location dialog's direct-lineage toggle.
 */
export function inDirectLineage(event: Pick<Event, 'participants'>): boolean {
  return event.participants.some((participant) => participant.rootRelation !== 'none');
}
