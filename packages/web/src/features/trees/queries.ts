import { shareStateSchema, treeInfoSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, segment } from '../../api/client.ts';

export const treeKeys = {
  all: ['trees'] as const,
  lists: () => [...treeKeys.all, 'list'] as const,
  list: (userId: string) => [...treeKeys.lists(), userId] as const,
  details: () => [...treeKeys.all, 'detail'] as const,
  detail: (treeId: string) => [...treeKeys.details(), treeId] as const,
  /** A tree's sharing: whether it is shared, its link's token, and whether the owner may share. */
  share: (treeId: string) => [...treeKeys.all, 'share', treeId] as const,
};

/** The API path of a tree's sharing (owner only): GET the state, PUT `{ enabled }`. */
export function sharePath(treeId: string): string {
  return `/api/${segment(treeId)}/share`;
}

/** The link a visitor opens: `${origin}/share/${token}`. */
export function shareUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/share/${encodeURIComponent(token)}`;
}

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
  /** The share dialog's state (owner only). */
  share: (treeId: string) =>
    queryOptions({
      queryKey: treeKeys.share(treeId),
      queryFn: ({ signal }) => api.get(sharePath(treeId), { schema: shareStateSchema, signal }),
      // The share dialog shows a failure in its own place, with a retry button.
      meta: { errorDisplay: 'inline' },
    }),
};
