import { findTreeAnswerSchema, type SharedTree, sharedTreeSchema } from '@anor/core';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';

export const visitorQueries = {
  /** What a share link opens (GET /api/share/{token}). */
  shared: (token: string) =>
    queryOptions({
      queryKey: ['share-link', token],
      queryFn: ({ signal }) => api.get(`/api/share/${segment(token)}`, { schema: sharedTreeSchema, signal }),
      retry: false,
      meta: { errorDisplay: 'inline' },
    }),
};

/** POST /api/tree: the shared trees of an owner, found by e-mail. */
export function useFindSharedTrees() {
  return useMutation<SharedTree[], Error, string>({
    mutationFn: async (email) => (await api.post('/api/tree', { email }, { schema: findTreeAnswerSchema })).trees,
    meta: { errorDisplay: 'inline' },
  });
}
