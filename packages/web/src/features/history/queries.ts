import {
  type ChangeSetKind,
  changeSetChangesAnswerSchema,
  historyAnswerSchema,
  objectHistoryAnswerSchema,
  undoAnswerSchema,
} from '@anor/core';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment, treePath } from '../../api/client.ts';

/** The objects with a history of their own, by the path of their API routes. */
export type HistoryObjectPath =
  | 'person'
  | 'event'
  | 'location'
  | 'note'
  | 'source/citation'
  | 'source/record'
  | 'source/repository';

/** The recent changes page's filters (`start`: the first page begins before this change set). */
export interface HistoryFilters {
  personId?: string;
  kind?: ChangeSetKind;
  from?: string;
  to?: string;
  start?: number;
}

const PAGE_SIZE = 25;

/** Query keys of a tree's history: every write may change them, so they are never kept fresh. */
export const historyKeys = {
  all: ['history'] as const,
  tree: (treeId: string) => [...historyKeys.all, treeId] as const,
  recent: (treeId: string, filters: HistoryFilters) => [...historyKeys.tree(treeId), 'recent', filters] as const,
  object: (treeId: string, path: HistoryObjectPath, id: string) =>
    [...historyKeys.tree(treeId), 'object', path, id] as const,
  changes: (treeId: string, changeSetId: number) => [...historyKeys.tree(treeId), 'changes', changeSetId] as const,
};

export const historyQueries = {
  /** The tree's change sets, newest first, paged on the server with the `before` cursor. */
  recent: (treeId: string, filters: HistoryFilters) =>
    infiniteQueryOptions({
      queryKey: historyKeys.recent(treeId, filters),
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (filters.personId) params.set('personId', filters.personId);
        if (filters.kind) params.set('kind', filters.kind);
        if (filters.from) params.set('from', filters.from);
        if (filters.to) params.set('to', filters.to);
        if (pageParam !== null) params.set('before', String(pageParam));
        return api.get(treePath(treeId, `history?${params.toString()}`), { schema: historyAnswerSchema, signal });
      },
      initialPageParam: (filters.start ?? null) as number | null,
      getNextPageParam: (last) => last.next ?? undefined,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
  /** One object's changes (its parts and links too), newest first. */
  object: (treeId: string, path: HistoryObjectPath, id: string) =>
    infiniteQueryOptions({
      queryKey: historyKeys.object(treeId, path, id),
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (pageParam !== null) params.set('before', String(pageParam));
        return api.get(treePath(treeId, `${path}/${segment(id)}/history?${params.toString()}`), {
          schema: objectHistoryAnswerSchema,
          signal,
        });
      },
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next ?? undefined,
      staleTime: 0,
      meta: { errorDisplay: 'inline' },
    }),
  /** The rows one change set changed, in order, paged with `after`. */
  changes: (treeId: string, changeSetId: number) =>
    infiniteQueryOptions({
      queryKey: historyKeys.changes(treeId, changeSetId),
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ changeSetId: String(changeSetId), limit: '200' });
        if (pageParam !== null) params.set('after', String(pageParam));
        return api.get(treePath(treeId, `history/changes?${params.toString()}`), {
          schema: changeSetChangesAnswerSchema,
          signal,
        });
      },
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next ?? undefined,
      meta: { errorDisplay: 'inline' },
    }),
};

/** Asks the server to undo change sets, newest first. */
export async function undoChangeSets(treeId: string, ids: readonly number[]): Promise<void> {
  for (const id of [...ids].sort((a, b) => b - a)) {
    await api.post(treePath(treeId, `history/${id}/undo`), {}, { schema: undoAnswerSchema });
  }
}

/**
 * Undo of one change set: on success every query is asked again (an undo may touch any object of
 * the tree: persons, events, places, the lists and this history), so the pages show what came back.
 * The refusal is shown by the caller (which later change depends on it). `onUndone` is told by the mutation itself, not by a callback of `mutate()`: that one is not called
 * once its component is gone, and the refetch after an undo can take the undone entry's button away
 * first (the notice then never came; a CI run on PostgreSQL caught it, as it did for the trash).
 */
export function useUndoChangeSet(treeId: string, onUndone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeSetId: number) => undoChangeSets(treeId, [changeSetId]),
    onSuccess: () => {
      onUndone?.();
      return queryClient.invalidateQueries();
    },
    meta: { errorDisplay: 'inline' },
  });
}
