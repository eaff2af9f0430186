import {
  type OrphanEvent,
  type OrphanListQuery,
  type OrphanLocation,
  type OrphanPerson,
  type OrphanType,
  orphanListAnswerSchema,
} from '@anor/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** What the overview asks for, less the paging: the type, orphans or all, and the search text. */
export interface OverviewFilters {
  type: OrphanType;
  all: boolean;
  q?: string;
}

/** One row of the overview, tagged with its type: a page kept on screen while another type loads still renders right. */
export type OverviewRow =
  | { kind: 'person'; item: OrphanPerson }
  | { kind: 'location'; item: OrphanLocation }
  | { kind: 'event'; item: OrphanEvent };

export interface OverviewPage {
  items: OverviewRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many items the scrolling list loads at a time (pages follow the list's height instead). */
export const SCROLL_CHUNK_SIZE = 40;

/**
 * Query keys of a tree's overview. Whether an item is an orphan changes with almost every write
 * (a relation, an event's place or participants), so the page refreshes them after any mutation
 * (`useRefreshOverviewAfterMutations`) and every time it opens (staleTime 0).
 */
export const overviewKeys = {
  all: ['overview'] as const,
  tree: (treeId: string) => [...overviewKeys.all, treeId] as const,
  page: (treeId: string, filters: OverviewFilters, page: number, pageSize: number) =>
    [...overviewKeys.tree(treeId), 'page', filters, page, pageSize] as const,
  scroll: (treeId: string, filters: OverviewFilters) => [...overviewKeys.tree(treeId), 'scroll', filters] as const,
};

async function fetchOrphans(
  treeId: string,
  filters: OverviewFilters,
  page: number,
  pageSize: number,
  signal: AbortSignal,
): Promise<OverviewPage> {
  const query: OrphanListQuery = { type: filters.type, all: filters.all ? 'true' : 'false', page, pageSize };
  const q = filters.q?.trim();
  if (q) query.q = q;
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const answer = await api.get(treePath(treeId, `orphans?${params.toString()}`), {
    schema: orphanListAnswerSchema,
    signal,
  });
  const items: OverviewRow[] =
    answer.type === 'person'
      ? answer.items.map((item) => ({ kind: 'person', item }))
      : answer.type === 'location'
        ? answer.items.map((item) => ({ kind: 'location', item }))
        : answer.items.map((item) => ({ kind: 'event', item }));
  return { items, total: answer.total, page: answer.page, pageSize: answer.pageSize };
}

export const overviewQueries = {
  /** One page of the orphans (or of all items) of a type; the previous page stays on screen while the next loads. */
  page: (treeId: string, filters: OverviewFilters, page: number, pageSize: number) =>
    queryOptions({
      queryKey: overviewKeys.page(treeId, filters, page, pageSize),
      queryFn: ({ signal }) => fetchOrphans(treeId, filters, page, pageSize, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
  /** The scrolling list: chunk after chunk of the same type and search. */
  scroll: (treeId: string, filters: OverviewFilters) =>
    infiniteQueryOptions({
      queryKey: overviewKeys.scroll(treeId, filters),
      queryFn: ({ signal, pageParam }) => fetchOrphans(treeId, filters, pageParam, SCROLL_CHUNK_SIZE, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
};

/**
 * While the overview is shown, every successful mutation (a relation made in the person dialog,
 * a place saved, an event deleted) refreshes it: whether an item is an orphan may have changed.
 */
export function useRefreshOverviewAfterMutations(treeId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: overviewKeys.tree(treeId) });
        }
      }),
    [queryClient, treeId],
  );
}
