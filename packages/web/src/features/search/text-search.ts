import {
  type CitationHitsAnswer,
  citationHitsAnswerSchema,
  type NoteHitsAnswer,
  noteHitsAnswerSchema,
  type TextSearchQuery,
} from '@anor/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { type ListPaging, usePagedList } from '../../lib/list/usePagedList.ts';
import { noteKeys } from '../note/queries.ts';
import { sourceKeys } from '../source/queries.ts';

/**
 * The tree-wide search's notes and citations (issue 19, item 16), from GET search/notes and
 * search/citations. Their keys sit under the notes' and sources' tree keys, so that an edited note
 * or citation refreshes them.
 */

type Kind = 'notes' | 'citations';
type Filters = Omit<TextSearchQuery, 'page' | 'pageSize'>;

const SCROLL_CHUNK_SIZE = 40;

const keyOf = (treeId: string, kind: Kind) =>
  kind === 'notes' ? [...noteKeys.tree(treeId), 'search'] : [...sourceKeys.lists(treeId), 'citationSearch'];

function searchPath(treeId: string, kind: Kind, query: TextSearchQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return `/api/${segment(treeId)}/search/${kind}?${params}`;
}

function fetchHits(treeId: string, kind: 'notes', query: TextSearchQuery, signal: AbortSignal): Promise<NoteHitsAnswer>;
function fetchHits(
  treeId: string,
  kind: 'citations',
  query: TextSearchQuery,
  signal: AbortSignal,
): Promise<CitationHitsAnswer>;
function fetchHits(treeId: string, kind: Kind, query: TextSearchQuery, signal: AbortSignal) {
  return kind === 'notes'
    ? api.get(searchPath(treeId, kind, query), { schema: noteHitsAnswerSchema, signal })
    : api.get(searchPath(treeId, kind, query), { schema: citationHitsAnswerSchema, signal });
}

const pageOptions = <A>(queryKey: readonly unknown[], queryFn: (signal: AbortSignal) => Promise<A>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => queryFn(signal),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

const scrollOptions = <A extends { page: number; pageSize: number; total: number }>(
  queryKey: readonly unknown[],
  queryFn: (page: number, signal: AbortSignal) => Promise<A>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => queryFn(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: A) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function useNoteHits(treeId: string, filters: Filters, list: ListPaging) {
  const query = { ...filters, page: list.page, pageSize: list.pageSize };
  return usePagedList({
    pageQuery: pageOptions([...keyOf(treeId, 'notes'), 'page', query], (signal) =>
      fetchHits(treeId, 'notes', query, signal),
    ),
    scrollQuery: scrollOptions([...keyOf(treeId, 'notes'), 'scroll', filters], (page, signal) =>
      fetchHits(treeId, 'notes', { ...filters, page, pageSize: SCROLL_CHUNK_SIZE }, signal),
    ),
    list,
    isEnabled: treeId !== '',
  });
}

export function useCitationHits(treeId: string, filters: Filters, list: ListPaging) {
  const query = { ...filters, page: list.page, pageSize: list.pageSize };
  return usePagedList({
    pageQuery: pageOptions([...keyOf(treeId, 'citations'), 'page', query], (signal) =>
      fetchHits(treeId, 'citations', query, signal),
    ),
    scrollQuery: scrollOptions([...keyOf(treeId, 'citations'), 'scroll', filters], (page, signal) =>
      fetchHits(treeId, 'citations', { ...filters, page, pageSize: SCROLL_CHUNK_SIZE }, signal),
    ),
    list,
    isEnabled: treeId !== '',
  });
}

/** One small request per kind for the tab's count. */
export const noteCountQuery = (treeId: string, q: string | undefined) => {
  const query = { q, page: 1, pageSize: 1 };
  return pageOptions([...keyOf(treeId, 'notes'), 'page', query], (signal) => fetchHits(treeId, 'notes', query, signal));
};

export const citationCountQuery = (treeId: string, q: string | undefined) => {
  const query = { q, page: 1, pageSize: 1 };
  return pageOptions([...keyOf(treeId, 'citations'), 'page', query], (signal) =>
    fetchHits(treeId, 'citations', query, signal),
  );
};
