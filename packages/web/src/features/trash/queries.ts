import { deletedTreeSchema, trashAnswerSchema, trashRestoreAnswerSchema, treeInfoSchema } from '@anor/core';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';
import { sessionKeys } from '../session/queries.ts';
import { treeKeys } from '../trees/queries.ts';

const PAGE_SIZE = 50;

/** Query keys of the trash (issue 21): a tree's deleted objects, and a user's deleted trees. */
export const trashKeys = {
  all: ['trash'] as const,
  tree: (treeId: string) => [...trashKeys.all, 'tree', treeId] as const,
  deletedTrees: (userId: string) => [...trashKeys.all, 'deleted-trees', userId] as const,
};

export const trashQueries = {
  /** A tree's deleted objects, newest first, a page at a time (the server pages by `before`). */
  tree: (treeId: string) =>
    infiniteQueryOptions({
      queryKey: trashKeys.tree(treeId),
      queryFn: ({ pageParam, signal }) =>
        api.get(treePath(treeId, `trash?limit=${PAGE_SIZE}${pageParam === null ? '' : `&before=${pageParam}`}`), {
          schema: trashAnswerSchema,
          signal,
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (page) => page.next,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
  /** The user's deleted trees still restorable. */
  deletedTrees: (userId: string) =>
    queryOptions({
      queryKey: trashKeys.deletedTrees(userId),
      queryFn: ({ signal }) =>
        api.get(`/api/user/${segment(userId)}/tree/deleted`, { schema: z.array(deletedTreeSchema), signal }),
      meta: { errorDisplay: 'inline' },
    }),
};

/**
 * Restores what one delete removed: everything of the tree may have changed, so every query is asked
 * again. `onRestored` is told here, not through mutate()'s
 * own callback: the refetch below removes the item, and a callback of mutate() is not called once
 * its component is gone (the "restored" notice came only when the refetch was slower).
 */
export function useRestoreFromTrash(treeId: string, onRestored?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeSetId: number) =>
      api.post(treePath(treeId, `trash/${changeSetId}/restore`), {}, { schema: trashRestoreAnswerSchema }),
    onSuccess: () => {
      onRestored?.();
      return queryClient.invalidateQueries();
    },
    // The page shows a refusal (a later change depends on it) beside the item.
    meta: { errorDisplay: 'inline' },
  });
}

/** Takes a deleted tree out of the trash (within the plan's limits). */
export function useRestoreTree(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (treeId: string) =>
      api.post(`/api/user/${segment(userId)}/tree/${segment(treeId)}/restore`, {}, { schema: treeInfoSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKeys.deletedTrees(userId) }),
        queryClient.invalidateQueries({ queryKey: treeKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]),
    meta: { errorDisplay: 'inline' },
  });
}
