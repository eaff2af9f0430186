import { type Language, relationshipAnswerSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { personKeys, treePath } from '../person/queries.ts';

export const relationshipQueries = {
  /**
   * How `otherId` is related to `personId`, worded in `language` (the server words it from the
   * request's Accept-Language). Under the tree's person keys: a relation change invalidates it.
   */
  between: (treeId: string, personId: string, otherId: string, language: Language) =>
    queryOptions({
      queryKey: personKeys.chart(treeId, 'relationship', personId, otherId, language),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `relationship/${segment(personId)}/${segment(otherId)}`), {
          schema: relationshipAnswerSchema,
          signal,
        }),
    }),
};
