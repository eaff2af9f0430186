import {
  citationListAnswerSchema,
  citationSchema,
  eventListAnswerSchema,
  eventSourcesAnswerSchema,
  type RepositoryListQuery,
  recordListAnswerSchema,
  recordSchema,
  repositoryListAnswerSchema,
  repositorySchema,
  type SourceListQuery,
  sourceSuggestionsAnswerSchema,
  suggestEventSourcesAnswerSchema,
} from '@anor/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { eventKeys, eventPath } from '../event/index.ts';
import { treePath } from '../person/queries.ts';

/** The three levels of SPEC §3 source hierarchy. */
export type SourceKind = 'repository' | 'record' | 'citation';

/** What the records list asks for, less the paging. */
export type RecordListFilters = Omit<Partial<SourceListQuery>, 'page' | 'pageSize'>;
export type RepositoryListFilters = Omit<Partial<RepositoryListQuery>, 'page' | 'pageSize'>;

/** What the suggest button asks for (POST event/suggestedSources). */
export interface SuggestSourcesFor {
  type: string;
  personIds: string[];
  startDate?: string | null;
  startDateType?: string;
  endDate?: string | null;
  endDateType?: string;
  locationId?: string | null;
  exceptEventId?: string | null;
}

/** Where the "contemporary sources on residences" button looks: residences overlapping an event, or at a place. */
export type ContemporaryOf = { eventId: string } | { locationId: string };

/** How many rows the scrolling lists load at a time (pages follow the list's height instead). */
export const SCROLL_CHUNK_SIZE = 40;

/**
 * Query keys of a tree's sources. Everything source-shaped of one tree sits under
 * `sourceKeys.tree(treeId)` (`['sources', treeId]`): a renamed record shows in its citations, its
 * repository and every list, so every source mutation invalidates that prefix. What events cite
 * (their sources, the suggestions drawn from related events) sits under the tree's event keys
 * instead, so that both a saved event and a changed citation refresh it.
 */
export const sourceKeys = {
  all: ['sources'] as const,
  tree: (treeId: string) => [...sourceKeys.all, treeId] as const,
  detail: (treeId: string, kind: SourceKind, id: string) => [...sourceKeys.tree(treeId), kind, id] as const,
  recordCitations: (treeId: string, recordId: string) =>
    [...sourceKeys.tree(treeId), 'recordCitations', recordId] as const,
  lists: (treeId: string) => [...sourceKeys.tree(treeId), 'list'] as const,
  recordPage: (treeId: string, query: Partial<SourceListQuery>) =>
    [...sourceKeys.lists(treeId), 'records', query] as const,
  recordScroll: (treeId: string, filters: RecordListFilters) =>
    [...sourceKeys.lists(treeId), 'records', 'scroll', filters] as const,
  repositoryPage: (treeId: string, query: Partial<RepositoryListQuery>) =>
    [...sourceKeys.lists(treeId), 'repositories', query] as const,
  repositoryScroll: (treeId: string, filters: RepositoryListFilters) =>
    [...sourceKeys.lists(treeId), 'repositories', 'scroll', filters] as const,
  suggestions: (treeId: string, kind: SourceKind, term: string) =>
    [...sourceKeys.tree(treeId), 'suggestions', kind, term] as const,
  /** Under the events' keys: what related events cite changes with them. */
  suggestedForEvent: (treeId: string, body: SuggestSourcesFor) =>
    [...eventKeys.tree(treeId), 'suggestedSources', body] as const,
  contemporary: (treeId: string, of: ContemporaryOf) => [...eventKeys.tree(treeId), 'contemporarySources', of] as const,
};

/** The API path of a source: source/{kind}/{id}{rest}. */
export function sourcePath(treeId: string, kind: SourceKind, id: string, rest = ''): string {
  return treePath(treeId, `source/${kind}/${segment(id)}${rest}`);
}

function searchParams(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params.toString();
}

function fetchRecords(treeId: string, query: Partial<SourceListQuery>, signal: AbortSignal) {
  return api.get(treePath(treeId, `source/false?${searchParams(query)}`), { schema: recordListAnswerSchema, signal });
}

function fetchRepositories(treeId: string, query: Partial<RepositoryListQuery>, signal: AbortSignal) {
  return api.get(treePath(treeId, `source/repository?${searchParams(query)}`), {
    schema: repositoryListAnswerSchema,
    signal,
  });
}

/** The residences the contemporary button searches: overlapping the event, or at the place and below it. */
async function contemporaryEventIds(treeId: string, of: ContemporaryOf, signal: AbortSignal): Promise<string[]> {
  const answer =
    'eventId' in of
      ? await api.post(
          eventPath(treeId, of.eventId, '/simultaneous'),
          { eventTypes: ['residence'] },
          { schema: eventListAnswerSchema, signal },
        )
      : await api.get(treePath(treeId, `location/${segment(of.locationId)}/event/residence?includeDescendants=true`), {
          schema: eventListAnswerSchema,
          signal,
        });
  const ownId = 'eventId' in of ? of.eventId : null;
  return answer.events.map((event) => event.id).filter((id) => id !== ownId);
}

export const sourceQueries = {
  citation: (treeId: string, id: string) =>
    queryOptions({
      queryKey: sourceKeys.detail(treeId, 'citation', id),
      queryFn: ({ signal }) => api.get(sourcePath(treeId, 'citation', id), { schema: citationSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  record: (treeId: string, id: string) =>
    queryOptions({
      queryKey: sourceKeys.detail(treeId, 'record', id),
      queryFn: ({ signal }) => api.get(sourcePath(treeId, 'record', id), { schema: recordSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  repository: (treeId: string, id: string) =>
    queryOptions({
      queryKey: sourceKeys.detail(treeId, 'repository', id),
      queryFn: ({ signal }) => api.get(sourcePath(treeId, 'repository', id), { schema: repositorySchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** A record's citations (the duplicate offer of a new citation compares with them). */
  recordCitations: (treeId: string, recordId: string) =>
    queryOptions({
      queryKey: sourceKeys.recordCitations(treeId, recordId),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `source/record/citations?${searchParams({ recordId })}`), {
          schema: citationListAnswerSchema,
          signal,
        }),
      meta: { errorDisplay: 'inline' },
    }),
  recordPage: (treeId: string, query: Partial<SourceListQuery>) =>
    queryOptions({
      queryKey: sourceKeys.recordPage(treeId, query),
      queryFn: ({ signal }) => fetchRecords(treeId, query, signal),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  recordScroll: (treeId: string, filters: RecordListFilters) =>
    infiniteQueryOptions({
      queryKey: sourceKeys.recordScroll(treeId, filters),
      queryFn: ({ signal, pageParam }) =>
        fetchRecords(treeId, { ...filters, page: pageParam, pageSize: SCROLL_CHUNK_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  repositoryPage: (treeId: string, query: Partial<RepositoryListQuery>) =>
    queryOptions({
      queryKey: sourceKeys.repositoryPage(treeId, query),
      queryFn: ({ signal }) => fetchRepositories(treeId, query, signal),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  repositoryScroll: (treeId: string, filters: RepositoryListFilters) =>
    infiniteQueryOptions({
      queryKey: sourceKeys.repositoryScroll(treeId, filters),
      queryFn: ({ signal, pageParam }) =>
        fetchRepositories(treeId, { ...filters, page: pageParam, pageSize: SCROLL_CHUNK_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  /** The choosers' suggestions (POST source/suggested), at most 10. */
  suggestions: (treeId: string, kind: SourceKind, term: string) =>
    queryOptions({
      queryKey: sourceKeys.suggestions(treeId, kind, term),
      queryFn: ({ signal }) =>
        api.post(
          treePath(treeId, 'source/suggested'),
          { stringToSuggestBy: term, type: kind },
          { schema: sourceSuggestionsAnswerSchema, signal },
        ),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
      retry: false,
    }),
  /** SPEC §2 suggest button: citations of related events (birth ↔ baptism, death ↔ burial, residences then and there). */
  suggestedForEvent: (treeId: string, body: SuggestSourcesFor) =>
    queryOptions({
      queryKey: sourceKeys.suggestedForEvent(treeId, body),
      queryFn: ({ signal }) =>
        api.post(treePath(treeId, 'event/suggestedSources'), body, {
          schema: suggestEventSourcesAnswerSchema,
          signal,
        }),
      meta: { errorDisplay: 'inline' },
      retry: false,
    }),
  /** SPEC §2 "contemporary sources on residences": the residences searched, and the citations they have. */
  contemporary: (treeId: string, of: ContemporaryOf) =>
    queryOptions({
      queryKey: sourceKeys.contemporary(treeId, of),
      queryFn: async ({ signal }) => {
        const eventIds = await contemporaryEventIds(treeId, of, signal);
        if (eventIds.length === 0) return { eventIds, citations: [] };
        const { citations } = await api.post(
          treePath(treeId, 'event/sources'),
          { eventIds },
          { schema: eventSourcesAnswerSchema, signal },
        );
        return { eventIds, citations };
      },
      meta: { errorDisplay: 'inline' },
      retry: false,
    }),
};
