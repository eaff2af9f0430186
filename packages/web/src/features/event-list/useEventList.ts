import type { Event as TreeEvent } from '@anor/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ListMode } from '../../lib/list/useListState.ts';
import { eventQueries } from '../event/index.ts';
import type { EventListFilters } from './list-request.ts';
import { eventListQueries } from './queries.ts';

interface EventListRequest {
  treeId: string;
  filters: EventListFilters;
  mode: ListMode;
  page: number;
  pageSize: number;
  /** Wait for the measured page size, so that no request is made for the default 5 first. */
  isReady: boolean;
}

/** The data props of `List` for a tree's events, from a page query or, in scroll mode, an infinite one. */
export function useEventList({ treeId, filters, mode, page, pageSize, isReady }: EventListRequest) {
  const isScroll = mode === 'scroll';
  const pages = useQuery({
    ...eventQueries.list(treeId, { ...filters, page, pageSize }),
    enabled: !isScroll && isReady && treeId !== '',
  });
  const scroll = useInfiniteQuery({ ...eventListQueries.scroll(treeId, filters), enabled: isScroll && treeId !== '' });

  if (isScroll) {
    const items: TreeEvent[] = scroll.data?.pages.flatMap((chunk) => chunk.items) ?? [];
    return {
      items,
      total: scroll.data?.pages[0]?.total,
      isPending: scroll.isPending,
      isFetching: scroll.isFetching && !scroll.isFetchingNextPage,
      error: scroll.error,
      onRetry: () => void scroll.refetch(),
      hasMore: scroll.hasNextPage,
      isLoadingMore: scroll.isFetchingNextPage,
      onLoadMore: () => void scroll.fetchNextPage({ cancelRefetch: false }),
    };
  }
  return {
    items: pages.data?.items ?? [],
    total: pages.data?.total,
    isPending: pages.isPending,
    isFetching: pages.isFetching,
    error: pages.error,
    onRetry: () => void pages.refetch(),
  };
}
