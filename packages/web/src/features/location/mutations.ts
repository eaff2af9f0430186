import {
  type CreateLocationBody,
  createdLocationAnswerSchema,
  deletedAnswerSchema,
  type Location,
  type LocationInput,
  locationSchema,
} from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { storedOfConflict } from '../../lib/conflict.ts';
import { mainNodesKeys, treePath } from '../person/queries.ts';
import { treeKeys } from '../trees/queries.ts';
import { isAboutAny, locationKeys, locationPath } from './queries.ts';

/*
 * What each kind of change invalidates (SPEC §4 location dialog):
 * - any change: every place query of the tree (`locationKeys.tree`), because a new name, parent
 *   or place shows in breadcrumbs, hierarchies, lists, maps and suggestions anywhere in it;
 * - any change: the tree's main nodes and tree info (the counts on the tree card and in limits);
 * - a deletion: the deleted places' own queries leave the cache.
 */

function refreshCounts(queryClient: QueryClient, treeId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mainNodesKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
  ]);
}

/** The stored place of a 409 `location.error.conflict` answer (saved elsewhere since the form loaded it). */
export function locationConflictOf(error: unknown): Location | null {
  return storedOfConflict(error, 'location.error.conflict', locationSchema);
}

/** After a change of a place (or when a conflict answer brings the stored one): it, then whoever shows it. */
export function refreshPlaces(queryClient: QueryClient, treeId: string, location: Location): Promise<unknown> {
  queryClient.setQueryData(locationKeys.detail(treeId, location.id), location);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: locationKeys.tree(treeId),
      // The answer is the place as saved: no need to ask for it again.
      predicate: (query) => query.queryKey.join('/') !== locationKeys.detail(treeId, location.id).join('/'),
    }),
    refreshCounts(queryClient, treeId),
  ]);
}

/** POST location: a new place under `ancestorId` (SPEC §7). A full free tree answers 403 `limit.locations`. */
export function useCreateLocation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLocationBody) =>
      api.post(treePath(treeId, 'location'), body, { schema: createdLocationAnswerSchema }),
    onSuccess: ({ location }) => refreshPlaces(queryClient, treeId, location),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/**
 * POST location/match: a typed place ("Västra Fors, Sunne, Värmland, Sverige") found level by
 * level, the missing levels created. Answers the place and how many places were created.
 */
export function useMatchLocation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post(treePath(treeId, 'location/match'), { text }, { schema: createdLocationAnswerSchema }),
    onSuccess: ({ location, amountCreated }) => {
      if (amountCreated > 0) return refreshPlaces(queryClient, treeId, location);
      queryClient.setQueryData(locationKeys.detail(treeId, location.id), location);
      return undefined;
    },
    meta: { errorDisplay: 'inline' },
  });
}

export interface UpdateLocationVariables {
  /** The place as the dialog had it before editing: its revision is sent (saved since: 409 with the stored place). */
  stored: Location;
  updated: LocationInput;
}

/**
 * PUT location/{id}: nothing is written when nothing changed; `parentId: null` disconnects it from
 * its parent. Saved elsewhere since `stored` was loaded: 409 `location.error.conflict`, nothing written.
 */
export function useUpdateLocation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stored, updated }: UpdateLocationVariables) =>
      api.put(
        locationPath(treeId, stored.id),
        { storedLocation: stored, updatedLocation: updated, revision: stored.revision },
        { schema: locationSchema },
      ),
    onSuccess: (location) => refreshPlaces(queryClient, treeId, location),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** `only`: DELETE location/{id} (its children move up to its parent); `all`: with everything below it. */
export type LocationDeletion = 'only' | 'all';

/**
 * Deletes a place. The deleted places' queries are removed at once, and the rest of the tree's
 * places refreshed without waiting, so that the view showing the place can close (or move on)
 * before anything asks for a place that no longer exists.
 */
export function useDeleteLocation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, deletion }: { locationId: string; deletion: LocationDeletion }) =>
      api.delete(locationPath(treeId, locationId, deletion === 'all' ? '/descendants' : ''), undefined, {
        schema: deletedAnswerSchema,
      }),
    onSuccess: ({ deletedIds }) => {
      const deleted = new Set(deletedIds);
      queryClient.removeQueries({
        queryKey: locationKeys.tree(treeId),
        predicate: (query) => isAboutAny(query.queryKey, deleted),
      });
      void queryClient.invalidateQueries({ queryKey: locationKeys.tree(treeId) });
      void refreshCounts(queryClient, treeId);
    },
    meta: { errorDisplay: 'inline', notice: 'deleted' },
  });
}
