import type { LocationSummary } from '@anor/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ListMode } from '../../lib/list/useListState.ts';
import { type LocationListFilters, locationQueries } from './queries.ts';

interface PlaceListRequest {
  treeId: string;
  filters: LocationListFilters;
  mode: ListMode;
  page: number;
  pageSize: number;
  /** Wait for the measured page size, so that no request is made for the default 5 first. */
  isReady: boolean;
}

/** The data props of `List` for a tree's places, from a page query or, in scroll mode, an infinite one. */
export function usePlaceList({ treeId, filters, mode, page, pageSize, isReady }: PlaceListRequest) {
  const isScroll = mode === 'scroll';
  const pages = useQuery({
    ...locationQueries.page(treeId, { ...filters, page, pageSize }),
    enabled: !isScroll && isReady && treeId !== '',
  });
  const scroll = useInfiniteQuery({
    ...locationQueries.scroll(treeId, filters),
    enabled: isScroll && treeId !== '',
  });

  if (isScroll) {
    const items: LocationSummary[] = scroll.data?.pages.flatMap((chunk) => chunk.items) ?? [];
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
