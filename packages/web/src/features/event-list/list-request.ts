import { type EventListQuery, type EventType, eventTypes } from '@anor/core';

/** The list's sort, direction and type filter as the address may hold them ('' is every type). */
export const defaultEventListFilters = { sort: 'date', direction: 'asc', type: '' };

/** What the event list asks for, less the paging. */
export type EventListFilters = Pick<EventListQuery, 'sort' | 'direction'> & { q?: string; type?: EventType };

function isEventType(value: string): value is EventType {
  return (eventTypes as readonly string[]).includes(value);
}

/**
 * The request of the list (SPEC §2 Lists: events sort by type or date, ascending or descending),
 * optionally of one type. Values from an edited address that mean nothing fall back to date,
 * ascending, every type; an empty search is left out.
 */
export function eventListRequest(
  query: string,
  filters: Record<'sort' | 'direction', string> & { type?: string },
): EventListFilters {
  const request: EventListFilters = {
    q: query.trim() || undefined,
    sort: filters.sort === 'type' ? 'type' : 'date',
    direction: filters.direction === 'desc' ? 'desc' : 'asc',
  };
  // Only the events of one type (issue 19 item 17); an unknown type in the address means all.
  if (filters.type && isEventType(filters.type)) request.type = filters.type;
  return request;
}
