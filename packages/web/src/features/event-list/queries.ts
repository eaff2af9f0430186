import { eventPageAnswerSchema } from '@anor/core';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { eventKeys } from '../event/index.ts';
import { treePath } from '../person/queries.ts';
import type { EventListFilters } from './list-request.ts';

/** How many events the scrolling list loads at a time (pages follow the list's height instead). */
export const SCROLL_CHUNK_SIZE = 40;

/** The scrolling list's keys, under `eventKeys.lists(treeId)`, so every event change refreshes it. */
export const eventListKeys = {
  scroll: (treeId: string, filters: EventListFilters) => [...eventKeys.lists(treeId), 'scroll', filters] as const,
};

function searchParams(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && String(value).trim() !== '') params.set(name, String(value));
  }
  return params.toString();
}

export const eventListQueries = {
  /** The scrolling list: chunk after chunk of the same search and order. (Pages use `eventQueries.list`.) */
  scroll: (treeId: string, filters: EventListFilters) =>
    infiniteQueryOptions({
      queryKey: eventListKeys.scroll(treeId, filters),
      queryFn: ({ signal, pageParam }) =>
        api.get(
          treePath(treeId, `event?${searchParams({ ...filters, page: pageParam, pageSize: SCROLL_CHUNK_SIZE })}`),
          {
            schema: eventPageAnswerSchema,
            signal,
          },
        ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
};
