import {
  type MergeAnswer,
  mergeAnswerSchema,
  type PersonMergeBody,
  type PersonMergeField,
  type PersonMergePreview,
  personMergePreviewSchema,
} from '@anor/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

const mergePath = (treeId: string, personId: string, rest = '') =>
  treePath(treeId, `person/${segment(personId)}/merge${rest}`);

/** Both persons side by side and what the merge would do with the choices made so far; asked anew each time. */
export function personMergePreviewQuery(
  treeId: string,
  personId: string,
  otherId: string,
  takeFromOther: readonly PersonMergeField[],
) {
  return queryOptions({
    queryKey: ['person-merge-preview', treeId, personId, otherId, [...takeFromOther].sort()] as const,
    queryFn: (): Promise<PersonMergePreview> =>
      api.post(
        mergePath(treeId, personId, '/preview'),
        { otherId, takeFromOther: [...takeFromOther] },
        { schema: personMergePreviewSchema },
      ),
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });
}

/**
 * POST person/{id}/merge: one change set. Afterwards every query is asked again but those naming
 * the merged person, who is gone (the inactive ones are dropped).
 */
export function usePersonMerge(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, ...body }: PersonMergeBody & { personId: string }): Promise<MergeAnswer> =>
      api.post(mergePath(treeId, personId), body, { schema: mergeAnswerSchema }),
    onSuccess: async (answer) => {
      const namesGone = (key: readonly unknown[]) => JSON.stringify(key).includes(answer.mergedId);
      queryClient.removeQueries({ type: 'inactive', predicate: (query) => namesGone(query.queryKey) });
      await queryClient.invalidateQueries({ predicate: (query) => !namesGone(query.queryKey) });
    },
    meta: { errorDisplay: 'inline' },
  });
}
