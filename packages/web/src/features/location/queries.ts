import {
  descendantsAnswerSchema,
  type LocationListParams,
  locationListAnswerSchema,
  locationSchema,
  locationTreeAnswerSchema,
  mapAnswerSchema,
  suggestionsAnswerSchema,
  typedPlaceAnswerSchema,
} from '@anor/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** What the place list asks for, less the paging: search text and level. */
export type LocationListFilters = Omit<LocationListParams, 'page' | 'pageSize'>;

/** How many places the scrolling list loads at a time (pages follow the list's height instead). */
export const SCROLL_CHUNK_SIZE = 40;

/**
 * Query keys of a tree's places. Everything place-shaped of one tree sits under
 * `locationKeys.tree(treeId)`: a renamed or moved place changes breadcrumbs, hierarchies, lists,
 * maps and suggestions anywhere in it, so every place mutation invalidates that prefix. Keys that
 * concern one place carry its id as a part of their own, so the caches of deleted places can be
 * found and removed (see `isAboutAny`).
 */
export const locationKeys = {
  all: ['locations'] as const,
  tree: (treeId: string) => [...locationKeys.all, treeId] as const,
  details: (treeId: string) => [...locationKeys.tree(treeId), 'detail'] as const,
  detail: (treeId: string, locationId: string) => [...locationKeys.details(treeId), locationId] as const,
  hierarchy: (treeId: string, locationId: string) => [...locationKeys.tree(treeId), 'hierarchy', locationId] as const,
  descendants: (treeId: string, locationId: string) =>
    [...locationKeys.tree(treeId), 'descendants', locationId] as const,
  map: (treeId: string, locationId: string, includeRelatives: boolean) =>
    [...locationKeys.tree(treeId), 'map', locationId, includeRelatives] as const,
  lists: (treeId: string) => [...locationKeys.tree(treeId), 'list'] as const,
  page: (treeId: string, query: LocationListParams) => [...locationKeys.lists(treeId), query] as const,
  scroll: (treeId: string, filters: LocationListFilters) => [...locationKeys.lists(treeId), 'scroll', filters] as const,
  suggestions: (treeId: string, term: string) => [...locationKeys.tree(treeId), 'suggestions', term] as const,
  typed: (treeId: string, text: string) => [...locationKeys.tree(treeId), 'typed', text] as const,
};

/** Whether a query key names one of the ids (a place's own queries: detail, hierarchy, map, children list). */
export function isAboutAny(queryKey: readonly unknown[], ids: ReadonlySet<string>): boolean {
  return queryKey.some(
    (part) =>
      (typeof part === 'string' && ids.has(part)) ||
      (typeof part === 'object' &&
        part !== null &&
        'parentId' in part &&
        typeof part.parentId === 'string' &&
        ids.has(part.parentId)),
  );
}

/** The API path of one place: location/{id}{rest}. */
export function locationPath(treeId: string, locationId: string, rest = ''): string {
  return treePath(treeId, `location/${segment(locationId)}${rest}`);
}

/** The query string of a list request; empty values are left out. */
function listSearchParams(query: LocationListParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params.toString();
}

function fetchLocationList(treeId: string, query: LocationListParams, signal: AbortSignal) {
  return api.get(treePath(treeId, `location?${listSearchParams(query)}`), { schema: locationListAnswerSchema, signal });
}

export const locationQueries = {
  /** A place with its ancestors (the breadcrumb) and what lies below it. */
  detail: (treeId: string, locationId: string) =>
    queryOptions({
      queryKey: locationKeys.detail(treeId, locationId),
      queryFn: ({ signal }) => api.get(locationPath(treeId, locationId), { schema: locationSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** The whole hierarchy the place belongs to, from its top (the location tree). */
  hierarchy: (treeId: string, locationId: string) =>
    queryOptions({
      queryKey: locationKeys.hierarchy(treeId, locationId),
      queryFn: ({ signal }) =>
        api.get(locationPath(treeId, locationId, '/tree'), { schema: locationTreeAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** Every place below (for greying out the places a place cannot be moved under). */
  descendants: (treeId: string, locationId: string) =>
    queryOptions({
      queryKey: locationKeys.descendants(treeId, locationId),
      queryFn: ({ signal }) =>
        api.get(locationPath(treeId, locationId, '/descendants'), { schema: descendantsAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** Map markers of the place, and with includeRelatives of the places below it. */
  map: (treeId: string, locationId: string, includeRelatives: boolean) =>
    queryOptions({
      queryKey: locationKeys.map(treeId, locationId, includeRelatives),
      queryFn: ({ signal }) =>
        api.post(locationPath(treeId, locationId, '/map'), { includeRelatives }, { schema: mapAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** One page of the tree's places; the previous page stays on screen while the next one loads. */
  page: (treeId: string, query: LocationListParams) =>
    queryOptions({
      queryKey: locationKeys.page(treeId, query),
      queryFn: ({ signal }) => fetchLocationList(treeId, query, signal),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  /** The scrolling list: chunk after chunk of the same search. */
  scroll: (treeId: string, filters: LocationListFilters) =>
    infiniteQueryOptions({
      queryKey: locationKeys.scroll(treeId, filters),
      queryFn: ({ signal, pageParam }) =>
        fetchLocationList(treeId, { ...filters, page: pageParam, pageSize: SCROLL_CHUNK_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  /** Places matching typed text, each with its path ("Sunne, Värmland, Sverige"). */
  suggestions: (treeId: string, term: string) =>
    queryOptions({
      queryKey: locationKeys.suggestions(treeId, term),
      queryFn: ({ signal }) =>
        api.post(
          treePath(treeId, 'suggestions/location'),
          { searchString: term },
          {
            schema: suggestionsAnswerSchema,
            signal,
          },
        ),
      // The picker shows a failure as its own error indicator.
      meta: { errorDisplay: 'inline' },
      retry: false,
    }),
  /** What typed text would find or create (POST location/match/preview), before anything is created. */
  typed: (treeId: string, text: string) =>
    queryOptions({
      queryKey: locationKeys.typed(treeId, text),
      queryFn: ({ signal }) =>
        api.post(treePath(treeId, 'location/match/preview'), { text }, { schema: typedPlaceAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
      retry: false,
    }),
};
