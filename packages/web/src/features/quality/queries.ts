import { type QualityDismissBody, qualityReportSchema } from '@anor/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** Items the page shows per rule (open and dismissed each). */
export const QUALITY_PAGE_ITEMS = 50;

/** Query keys of a tree's data-quality report; any write may change it, so it is asked again on every visit. */
export const qualityKeys = {
  all: ['quality'] as const,
  tree: (treeId: string) => [...qualityKeys.all, treeId] as const,
  report: (treeId: string, limit: number) => [...qualityKeys.tree(treeId), 'report', limit] as const,
};

export const qualityQueries = {
  /** The report: every rule's counts and, with `limit` > 0, its first items (0: the overview's counts). */
  report: (treeId: string, limit: number) =>
    queryOptions({
      queryKey: qualityKeys.report(treeId, limit),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `quality?limit=${limit}`), { schema: qualityReportSchema, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
};

/** "Checked, it is right", or its undo: stored on the server (a change of the tree), then the report is asked again. */
export function useQualityDismissal(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dismissed, ...body }: QualityDismissBody & { dismissed: boolean }) =>
      api.post(treePath(treeId, dismissed ? 'quality/dismiss' : 'quality/undismiss'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qualityKeys.tree(treeId) }),
  });
}
