import { useQuery } from '@tanstack/react-query';
import { eventQueries } from '../event/index.ts';
import { locationQueries } from '../location/queries.ts';
import { personSearchQueries } from '../person-search/queries.ts';
import { sourceQueries } from '../source/queries.ts';
import { type SearchCounts, type SearchType, searchTypes } from './search-model.ts';
import { citationCountQuery, noteCountQuery } from './text-search.ts';

/** A count is one row of the first page: the answer's total is what the tab shows. */
const countPage = { page: 1, pageSize: 1 } as const;

/** One type's count as its tab shows it. */
export interface SearchCountState {
  /** The last count known (kept from the previous search while the new one is on its way). */
  shown: number | undefined;
  /** Whether `shown` belongs to the search in the box. */
  isCurrent: boolean;
  isFetching: boolean;
}

interface CountResult {
  data?: { total: number };
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/**
 * The counts of the tree-wide search: one small request per type through the existing list
 * queries, whose keys sit under each feature's list keys, so that an edited person, event, place
 * or source refreshes them. Nothing is asked while the search is empty.
 */
export function useSearchCounts(treeId: string, q: string | undefined) {
  const enabled = treeId !== '' && q !== undefined;
  const results: Record<SearchType, CountResult> = {
    persons: useQuery({ ...personSearchQueries.page(treeId, { q, sort: 'name', ...countPage }), enabled }),
    events: useQuery({ ...eventQueries.list(treeId, { q, sort: 'date', direction: 'asc', ...countPage }), enabled }),
    places: useQuery({ ...locationQueries.page(treeId, { q, ...countPage }), enabled }),
    records: useQuery({ ...sourceQueries.recordPage(treeId, { q, ...countPage }), enabled }),
    repositories: useQuery({ ...sourceQueries.repositoryPage(treeId, { q, ...countPage }), enabled }),
    notes: useQuery({ ...noteCountQuery(treeId, q), enabled }),
    citations: useQuery({ ...citationCountQuery(treeId, q), enabled }),
  };

  const states = Object.fromEntries(
    searchTypes.map((type) => {
      const result = results[type];
      const state: SearchCountState = {
        shown: result.data?.total,
        isCurrent: result.data !== undefined && !result.isPlaceholderData,
        isFetching: result.isFetching,
      };
      return [type, state];
    }),
  ) as Record<SearchType, SearchCountState>;
  // Only this search's counts decide the tab and "no results"; a count kept from the last search does not.
  const counts = Object.fromEntries(
    searchTypes.map((type) => [type, states[type].isCurrent ? states[type].shown : undefined]),
  ) as SearchCounts;
  return { states, counts };
}
