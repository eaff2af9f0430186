import {
  type DuplicateSuggestQuery,
  duplicatePageAnswerSchema,
  duplicateSuggestAnswerSchema,
  type NotDuplicateBody,
} from '@anor/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** Query keys of a tree's duplicate finder; every write to the tree may change them, so they are never kept fresh long. */
export const duplicateKeys = {
  all: ['duplicate'] as const,
  tree: (treeId: string) => [...duplicateKeys.all, treeId] as const,
  page: (treeId: string, page: number, pageSize: number) =>
    [...duplicateKeys.tree(treeId), 'page', page, pageSize] as const,
  suggest: (treeId: string, query: DuplicateSuggestQuery) => [...duplicateKeys.tree(treeId), 'suggest', query] as const,
};

export const duplicateQueries = {
  /** One page of likely duplicate pairs, best first (the previous page stays while the next loads). */
  page: (treeId: string, page: number, pageSize: number) =>
    queryOptions({
      queryKey: duplicateKeys.page(treeId, page, pageSize),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `duplicate?page=${page}&pageSize=${pageSize}`), {
          schema: duplicatePageAnswerSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
  /** The persons a person being added may already be. */
  suggest: (treeId: string, query: DuplicateSuggestQuery) =>
    queryOptions({
      queryKey: duplicateKeys.suggest(treeId, query),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams(
          Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
        );
        return api.get(treePath(treeId, `duplicate/suggest?${params.toString()}`), {
          schema: duplicateSuggestAnswerSchema,
          signal,
        });
      },
      staleTime: 30_000,
      // A hint only: a failure shows nothing rather than interrupting the form.
      meta: { errorDisplay: 'inline' },
    }),
};

/** "Not a duplicate": remembered on the server; the list is asked again without the pair. */
export function useMarkNotDuplicate(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotDuplicateBody) => api.post(treePath(treeId, 'duplicate/not-duplicate'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.tree(treeId) }),
    meta: { notice: 'saved' },
  });
}
