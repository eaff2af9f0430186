import {
  type Citation,
  type CitationInput,
  citationSchema,
  deletedAnswerSchema,
  type NewNote,
  type RecordInput,
  type Repository,
  type RepositoryInput,
  recordSchema,
  repositorySchema,
  type SourceRecord,
} from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { storedOfConflict } from '../../lib/conflict.ts';
import { eventKeys } from '../event/index.ts';
import { locationKeys } from '../location/queries.ts';
import { mainNodesKeys, treePath } from '../person/queries.ts';
import { treeKeys } from '../trees/queries.ts';
import { type SourceKind, sourceKeys, sourcePath } from './queries.ts';

/*
 * What each kind of change invalidates:
 * - any change: every source query of the tree (`sourceKeys.tree`): a record's title shows in its
 *   citations, its repository and the lists;
 * - a change that can show on events and places (a citation changed or deleted, a record renamed
 *   or deleted): the tree's events and places, which carry their citations as summaries, and the
 *   notes, which cite them too;
 * - a new or deleted source: the counts (main nodes, the tree and the tree list);
 * - a deletion: the deleted sources' own queries are only marked stale (never asked for again).
 * The saved source itself is set from the answer, so its dialog does not ask again.
 */

interface Refresh {
  kind: SourceKind;
  /** The saved source (set into its detail query). */
  saved?: { id: string };
  isCountChanged?: boolean;
  /** Whether events, places and notes may show what changed. */
  isCited?: boolean;
  /** Queries left alone (those about deleted sources, already marked stale without a refetch). */
  skip?: (queryKey: readonly unknown[]) => boolean;
}

function refreshCounts(queryClient: QueryClient, treeId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mainNodesKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
  ]);
}

function refreshAfterChange(queryClient: QueryClient, treeId: string, refresh: Refresh): Promise<unknown> {
  const { kind, saved, isCountChanged = false, isCited = false, skip = () => false } = refresh;
  const savedKey = saved ? sourceKeys.detail(treeId, kind, saved.id) : null;
  if (savedKey) queryClient.setQueryData(savedKey, saved);
  const savedPath = savedKey?.join('/');
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: sourceKeys.tree(treeId),
      predicate: (query) => query.queryKey.join('/') !== savedPath && !skip(query.queryKey),
    }),
    isCited ? queryClient.invalidateQueries({ queryKey: eventKeys.tree(treeId) }) : null,
    isCited ? queryClient.invalidateQueries({ queryKey: locationKeys.tree(treeId) }) : null,
    isCited ? queryClient.invalidateQueries({ queryKey: ['notes', treeId] }) : null,
    isCountChanged ? refreshCounts(queryClient, treeId) : null,
  ]);
}

/** A source as stored, from its answer or from a conflict answer: it, then whoever shows it. */
export function refreshSource(
  queryClient: QueryClient,
  treeId: string,
  kind: SourceKind,
  saved: { id: string },
): Promise<unknown> {
  return refreshAfterChange(queryClient, treeId, { kind, saved, isCited: kind !== 'repository' });
}

/*
 * The stored source of a 409 answer to an update (saved elsewhere since the dialog loaded it, issue
 * 26): the update sends the revision the dialog loaded.
 */
export const repositoryConflictOf = (error: unknown): Repository | null =>
  storedOfConflict(error, 'source.error.repositoryConflict', repositorySchema);
export const recordConflictOf = (error: unknown): SourceRecord | null =>
  storedOfConflict(error, 'source.error.recordConflict', recordSchema);
export const citationConflictOf = (error: unknown): Citation | null =>
  storedOfConflict(error, 'source.error.citationConflict', citationSchema);

/** After a delete: the deleted sources' queries are marked stale without a refetch, the rest refreshes without waiting. */
function refreshAfterDelete(queryClient: QueryClient, treeId: string, deletedIds: readonly string[]): void {
  const deleted = new Set(deletedIds);
  // Only marked stale, not removed: a dialog still showing a deleted record while it closes would
  // otherwise ask for it again at once, into a 404.
  const isDeleted = (queryKey: readonly unknown[]) =>
    queryKey.some((part) => typeof part === 'string' && deleted.has(part));
  void queryClient.cancelQueries({
    queryKey: sourceKeys.tree(treeId),
    predicate: (query) => isDeleted(query.queryKey),
  });
  void queryClient.invalidateQueries({
    queryKey: sourceKeys.tree(treeId),
    predicate: (query) => isDeleted(query.queryKey),
    refetchType: 'none',
  });
  void refreshAfterChange(queryClient, treeId, {
    kind: 'citation',
    isCountChanged: true,
    isCited: true,
    skip: isDeleted,
  });
}

export interface CreateCitationVariables {
  citation: CitationInput;
  /** An event, place or note to cite it on at once (SPEC §7 POST source/citation). */
  nodeId?: string | null;
  newNotes?: NewNote[];
}

/** POST source/citation: a new citation; the node limits answer 403 `limit.nodesFree`/`limit.nodesPaid`. */
export function useCreateCitation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ citation, nodeId, newNotes }: CreateCitationVariables) =>
      api.post(
        treePath(treeId, 'source/citation'),
        { citation, ...(nodeId ? { nodeId } : {}), ...(newNotes?.length ? { newNotes } : {}) },
        { schema: citationSchema },
      ),
    onSuccess: (citation, { nodeId }) =>
      refreshAfterChange(queryClient, treeId, {
        kind: 'citation',
        saved: citation,
        isCountChanged: true,
        isCited: Boolean(nodeId),
      }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** PUT source/citation/{id} from the revision the dialog loaded (saved since: 409 with the stored citation). */
export function useUpdateCitation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, citation, revision }: { id: string; citation: CitationInput; revision: number }) =>
      api.put(sourcePath(treeId, 'citation', id), { citation, revision }, { schema: citationSchema }),
    onSuccess: (citation) =>
      refreshAfterChange(queryClient, treeId, { kind: 'citation', saved: citation, isCited: true }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** DELETE source/citation/{id}: it leaves every event, place and note citing it. */
export function useDeleteCitation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(sourcePath(treeId, 'citation', id), undefined, { schema: deletedAnswerSchema }),
    onSuccess: ({ deletedIds }) => refreshAfterDelete(queryClient, treeId, deletedIds),
    meta: { errorDisplay: 'inline', notice: 'deleted' },
  });
}

export interface CreateRecordVariables {
  record: RecordInput;
  newNotes?: NewNote[];
}

/** POST source/record. */
export function useCreateRecord(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, newNotes }: CreateRecordVariables) =>
      api.post(
        treePath(treeId, 'source/record'),
        { record, ...(newNotes?.length ? { newNotes } : {}) },
        { schema: recordSchema },
      ),
    onSuccess: (record) =>
      refreshAfterChange(queryClient, treeId, { kind: 'record', saved: record, isCountChanged: true }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/**
 * PUT source/record/{id} from the revision the dialog loaded (saved since: 409 with the stored
 * record); its title shows in its citations on events and places.
 */
export function useUpdateRecord(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, record, revision }: { id: string; record: RecordInput; revision: number }) =>
      api.put(sourcePath(treeId, 'record', id), { record, revision }, { schema: recordSchema }),
    onSuccess: (record) => refreshAfterChange(queryClient, treeId, { kind: 'record', saved: record, isCited: true }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** `only`: DELETE source/record/{id} (its citations stay, without record); `withChildren`: with its citations. */
export function useDeleteRecord(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, withChildren }: { id: string; withChildren: boolean }) =>
      api.delete(sourcePath(treeId, 'record', id, withChildren ? '/children' : ''), undefined, {
        schema: deletedAnswerSchema,
      }),
    onSuccess: ({ deletedIds }) => refreshAfterDelete(queryClient, treeId, deletedIds),
    meta: { errorDisplay: 'inline', notice: 'deleted' },
  });
}

/** DELETE source/repository/record/{id}: the record leaves its repository, nothing is deleted. */
export function useDisengageRecord(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(treePath(treeId, `source/repository/record/${encodeURIComponent(id)}`), undefined, {
        schema: recordSchema,
      }),
    onSuccess: (record) => refreshAfterChange(queryClient, treeId, { kind: 'record', saved: record }),
    meta: { errorDisplay: 'inline' },
  });
}

export interface CreateRepositoryVariables {
  repository: RepositoryInput;
  newNotes?: NewNote[];
}

/** POST source/repository. */
export function useCreateRepository(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ repository, newNotes }: CreateRepositoryVariables) =>
      api.post(
        treePath(treeId, 'source/repository'),
        { repository, ...(newNotes?.length ? { newNotes } : {}) },
        { schema: repositorySchema },
      ),
    onSuccess: (repository) =>
      refreshAfterChange(queryClient, treeId, { kind: 'repository', saved: repository, isCountChanged: true }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** PUT source/repository/{id} from the revision the dialog loaded (saved since: 409 with the stored repository). */
export function useUpdateRepository(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, repository, revision }: { id: string; repository: RepositoryInput; revision: number }) =>
      api.put(sourcePath(treeId, 'repository', id), { repository, revision }, { schema: repositorySchema }),
    onSuccess: (repository) => refreshAfterChange(queryClient, treeId, { kind: 'repository', saved: repository }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** `only`: DELETE source/repository/{id} (its records stay); `withChildren`: with its records and their citations. */
export function useDeleteRepository(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, withChildren }: { id: string; withChildren: boolean }) =>
      api.delete(sourcePath(treeId, 'repository', id, withChildren ? '/children' : ''), undefined, {
        schema: deletedAnswerSchema,
      }),
    onSuccess: ({ deletedIds }) => refreshAfterDelete(queryClient, treeId, deletedIds),
    meta: { errorDisplay: 'inline', notice: 'deleted' },
  });
}
