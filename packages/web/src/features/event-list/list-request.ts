import type { EventListQuery } from '@anor/core';

/** The list's sort and direction as the address may hold them. */
export const defaultEventListFilters = { sort: 'date', direction: 'asc' };

/** What the event list asks for, less the paging. */
export type EventListFilters = Pick<EventListQuery, 'sort' | 'direction'> & { q?: string };

/**
 * The request of the list (SPEC §2 Lists: events sort by type or date, ascending or descending).
 * Values from an edited address that mean nothing fall back to date, ascending; an empty search
 * is left out.
 */
export function eventListRequest(query: string, filters: Record<'sort' | 'direction', string>): EventListFilters {
  return {
    q: query.trim() || undefined,
    sort: filters.sort === 'type' ? 'type' : 'date',
    direction: filters.direction === 'desc' ? 'desc' : 'asc',
  };
}
