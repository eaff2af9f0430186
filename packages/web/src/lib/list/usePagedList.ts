import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ListState } from './useListState.ts';

/** One answer of a paged list endpoint: the items of a page and how many there are in all. */
export interface PagedAnswer {
  items: unknown[];
  total: number;
}

/** What a list hook reads of `useListState`: the list type, the page, its size, and whether that is measured. */
export type ListPaging = Pick<ListState<Record<string, string>>, 'mode' | 'page' | 'pageSize' | 'isMeasured'>;

interface PagedListOptions<A extends PagedAnswer, PageKey extends QueryKey, ScrollKey extends QueryKey> {
  /** The query of one page (pages mode). */
  pageQuery: UseQueryOptions<A, Error, A, PageKey>;
  /** The infinite query of the same search, chunk after chunk (scroll mode). */
  scrollQuery: UseInfiniteQueryOptions<A, Error, InfiniteData<A>, ScrollKey, number>;
  /**
   * The list's state. Pages wait for the measured page size, so that no request is made for the
   * default 5 first; a scroll chunk has a fixed size and does not wait.
   */
  list: ListPaging;
  /** False while the request cannot be made yet (no tree id). */
  isEnabled: boolean;
}

/**
 * The data props of `List` from a page query or, in scroll mode, an infinite one; only the query
 * of the current mode runs. Each feature passes its own query options (`usePersonList`, …).
 */
export function usePagedList<A extends PagedAnswer, PageKey extends QueryKey, ScrollKey extends QueryKey>({
  pageQuery,
  scrollQuery,
  list,
  isEnabled,
}: PagedListOptions<A, PageKey, ScrollKey>) {
  const isScroll = list.mode === 'scroll';
  const pages = useQuery({ ...pageQuery, enabled: !isScroll && list.isMeasured && isEnabled });
  const scroll = useInfiniteQuery({ ...scrollQuery, enabled: isScroll && isEnabled });

  if (isScroll) {
    const items: A['items'] = scroll.data?.pages.flatMap((chunk) => chunk.items) ?? [];
    return {
      items,
      total: scroll.data?.pages[0]?.total,
      isPending: scroll.isPending,
      isFetching: scroll.isFetching && !scroll.isFetchingNextPage,
      error: scroll.error,
      onRetry: () => void scroll.refetch(),
      hasMore: scroll.hasNextPage,
      isLoadingMore: scroll.isFetchingNextPage,
      // A load already under way is left to finish rather than started again.
      onLoadMore: () => void scroll.fetchNextPage({ cancelRefetch: false }),
    };
  }
  const items: A['items'] = pages.data?.items ?? [];
  return {
    items,
    total: pages.data?.total,
    isPending: pages.isPending,
    isFetching: pages.isFetching,
    error: pages.error,
    onRetry: () => void pages.refetch(),
  };
}
