import { type PersonListAnswer, type PersonListQuery, personListAnswerSchema } from '@anor/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { personKeys, treePath } from '../person/queries.ts';

/** What the person list asks for, less the paging: search text, gender, lineage and order. */
export type PersonListFilters = Omit<PersonListQuery, 'page' | 'pageSize'>;

/** How many persons the scrolling list loads at a time (pages follow the list's height instead). */
export const SCROLL_CHUNK_SIZE = 40;

/**
 * Keys of the person list. They sit under `personKeys.lists(treeId)`, and so under
 * `personKeys.tree(treeId)`, which the person mutations invalidate: a new, renamed or removed
 * person shows in the list at once.
 */
export const personSearchKeys = {
  all: (treeId: string) => personKeys.lists(treeId),
  page: (treeId: string, query: PersonListQuery) => personKeys.list(treeId, query),
  scrolls: (treeId: string) => [...personKeys.lists(treeId), 'scroll'] as const,
  scroll: (treeId: string, filters: PersonListFilters) => [...personSearchKeys.scrolls(treeId), filters] as const,
};

/** The query string of a list request; empty values are left out, so they do not count as filters. */
function listSearchParams(query: PersonListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params.toString();
}

function fetchPersonList(treeId: string, query: PersonListQuery, signal: AbortSignal): Promise<PersonListAnswer> {
  const search = listSearchParams(query);
  return api.get(treePath(treeId, search ? `person?${search}` : 'person'), {
    schema: personListAnswerSchema,
    signal,
  });
}

export const personSearchQueries = {
  /** One page of the tree's persons; the previous page stays on screen while the next one loads. */
  page: (treeId: string, query: PersonListQuery) =>
    queryOptions({
      queryKey: personSearchKeys.page(treeId, query),
      queryFn: ({ signal }) => fetchPersonList(treeId, query, signal),
      placeholderData: keepPreviousData,
      // The list shows a failure in its own place, with a retry button.
      meta: { errorDisplay: 'inline' },
    }),
  /** The scrolling list: chunk after chunk of the same search. */
  scroll: (treeId: string, filters: PersonListFilters) =>
    infiniteQueryOptions({
      queryKey: personSearchKeys.scroll(treeId, filters),
      queryFn: ({ signal, pageParam }) =>
        fetchPersonList(treeId, { ...filters, page: pageParam, pageSize: SCROLL_CHUNK_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
};
