import {
  type MergeAnswer,
  type MergePreview,
  mergeAnswerSchema,
  mergePreviewSchema,
  undoAnswerSchema,
} from '@anor/core';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** What can be merged here (issue 21): places, source records and archives (repositories). */
export type MergeKind = 'place' | 'record' | 'repository';

/** The API path of the merge of `otherId` into `id`: …/merge or …/merge/preview. */
export function mergePath(treeId: string, kind: MergeKind, id: string, rest = ''): string {
  const base = kind === 'place' ? 'location' : `source/${kind}`;
  return treePath(treeId, `${base}/${segment(id)}/merge${rest}`);
}

export const mergeKeys = {
  preview: (treeId: string, kind: MergeKind, id: string, otherId: string) =>
    ['merge-preview', treeId, kind, id, otherId] as const,
};

/** What the merge would do; asked anew each time the preview opens (the tree may have changed). */
export function mergePreviewQuery(treeId: string, kind: MergeKind, id: string, otherId: string) {
  return queryOptions({
    queryKey: mergeKeys.preview(treeId, kind, id, otherId),
    queryFn: (): Promise<MergePreview> =>
      api.post(mergePath(treeId, kind, id, '/preview'), { otherId }, { schema: mergePreviewSchema }),
    staleTime: 0,
    gcTime: 0,
    meta: { errorDisplay: 'inline' },
  });
}

/**
 * After a merge or its undo: every query of the app is asked again (places, events, sources and
 * counts all changed), but those that name the merged one, which is gone: the inactive ones are
 * dropped, and an active one (the page being left) is not asked again.
 */
export async function refreshAfterMerge(queryClient: QueryClient, goneId?: string): Promise<void> {
  const namesGone = (key: readonly unknown[]) => goneId !== undefined && JSON.stringify(key).includes(goneId);
  queryClient.removeQueries({ type: 'inactive', predicate: (query) => namesGone(query.queryKey) });
  await queryClient.invalidateQueries({ predicate: (query) => !namesGone(query.queryKey) });
}

export interface MergeVariables {
  id: string;
  otherId: string;
  takeFromOther: string[];
}

/** POST …/merge: one change set; the notice after it offers undo (see MergeModal). */
export function useMerge(treeId: string, kind: MergeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MergeVariables): Promise<MergeAnswer> =>
      api.post(mergePath(treeId, kind, id), body, { schema: mergeAnswerSchema }),
    onSuccess: (answer) => refreshAfterMerge(queryClient, answer.mergedId),
    meta: { errorDisplay: 'inline' },
  });
}

/** Undoes the merge's change set (POST history/{id}/undo). */
export function undoMerge(treeId: string, changeSetId: number) {
  return api.post(treePath(treeId, `history/${changeSetId}/undo`), {}, { schema: undoAnswerSchema });
}
