import { treeInfoSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, segment } from '../../api/client.ts';

export const treeKeys = {
  all: ['trees'] as const,
  lists: () => [...treeKeys.all, 'list'] as const,
  list: (userId: string) => [...treeKeys.lists(), userId] as const,
  details: () => [...treeKeys.all, 'detail'] as const,
  detail: (treeId: string) => [...treeKeys.details(), treeId] as const,
};

export const treeQueries = {
  /** The user's own trees, for the tree list. */
  list: (userId: string) =>
    queryOptions({
      queryKey: treeKeys.list(userId),
      queryFn: ({ signal }) =>
        api.get(`/api/user/${segment(userId)}/tree`, { schema: z.array(treeInfoSchema), signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** One tree's info (name, root person, counts). */
  detail: (treeId: string) =>
    queryOptions({
      queryKey: treeKeys.detail(treeId),
      queryFn: ({ signal }) => api.get(`/api/${segment(treeId)}/tree`, { schema: treeInfoSchema, signal }),
      // The page shows a whole-view error (for example "tree not found") itself.
      meta: { errorDisplay: 'inline' },
    }),
};
