import { deletedAnswerSchema, type Note, type NoteInput, type NoteNodeKind, noteSchema } from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { storedOfConflict } from '../../lib/conflict.ts';
import { eventKeys } from '../event/queries.ts';
import { locationKeys } from '../location/queries.ts';
import { personKeys, treePath } from '../person/queries.ts';
import { noteKeys, notePath } from './queries.ts';

/*
 * What each note change invalidates:
 * - every note query of the tree (`noteKeys.tree`): the same note shows in the lists of every item
 *   it belongs to, and in merged lists (contemporary residents' notes);
 * - the items it belongs to, before and after the change, where their answers carry notes: an
 *   event's or a place's detail, a person's detail, and the tree's sources (citations, records and
 *   repositories carry their notes and citations list the notes they are used in).
 * The saved note itself is set from the answer.
 */

/** The query keys of the items a note belongs to. */
export function ownerKeysOf(treeId: string, nodes: readonly { id: string; kind: NoteNodeKind }[]): unknown[][] {
  const keys: unknown[][] = [];
  let hasSources = false;
  for (const node of nodes) {
    if (node.kind === 'event') keys.push([...eventKeys.detail(treeId, node.id)]);
    else if (node.kind === 'location') keys.push([...locationKeys.detail(treeId, node.id)]);
    else if (node.kind === 'person') keys.push([...personKeys.detail(treeId, node.id)]);
    else hasSources = true;
  }
  if (hasSources) keys.push(['sources', treeId]);
  return keys;
}

function refreshAfterChange(
  queryClient: QueryClient,
  treeId: string,
  owners: readonly { id: string; kind: NoteNodeKind }[],
  saved?: Note,
): Promise<unknown> {
  const savedKey = saved ? noteKeys.detail(treeId, saved.id).join('/') : null;
  if (saved) queryClient.setQueryData(noteKeys.detail(treeId, saved.id), saved);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: noteKeys.tree(treeId),
      predicate: (query) => query.queryKey.join('/') !== savedKey,
    }),
    ...ownerKeysOf(treeId, owners).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/** The stored note of a 409 `note.error.conflict` answer (saved elsewhere since the modal loaded it). */
export function noteConflictOf(error: unknown): Note | null {
  return storedOfConflict(error, 'note.error.conflict', noteSchema);
}

/** A note as stored (from a conflict answer): it, then the lists and items that show it. */
export function refreshNote(queryClient: QueryClient, treeId: string, note: Note): Promise<unknown> {
  return refreshAfterChange(queryClient, treeId, note.connectedNodes, note);
}

export interface CreateNoteVariables {
  note: NoteInput;
  /** The items the note belongs to (usually one: the item whose list it was added in). */
  connectedNodeIds: string[];
}

/** POST note: a note on one or more saved items. An empty text is refused (400 `common.error.text`). */
export function useCreateNote(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CreateNoteVariables) =>
      api.post(treePath(treeId, 'note'), variables, { schema: noteSchema }),
    onSuccess: (note) => refreshAfterChange(queryClient, treeId, note.connectedNodes, note),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/**
 * PUT note/{id}: a new title, text or citations, from the revision the modal loaded (saved since:
 * 409 `note.error.conflict` with the stored note, nothing written).
 */
export function useUpdateNote(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, note, revision }: { noteId: string; note: NoteInput; revision?: number | undefined }) =>
      api.put(notePath(treeId, noteId), { note, revision }, { schema: noteSchema }),
    onSuccess: (note) => refreshAfterChange(queryClient, treeId, note.connectedNodes, note),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** DELETE note/{id}: the note leaves every item it belonged to. */
export function useDeleteNote(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Note) => api.delete(notePath(treeId, note.id), undefined, { schema: deletedAnswerSchema }),
    onSuccess: ({ deletedIds }, note) => {
      for (const id of deletedIds) queryClient.removeQueries({ queryKey: noteKeys.detail(treeId, id) });
      return refreshAfterChange(queryClient, treeId, note.connectedNodes);
    },
    meta: { notice: 'deleted' },
  });
}

/** POST note/{id}/link: an existing note belongs to one more item. */
export function useLinkNote(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, nodeId }: { noteId: string; nodeId: string }) =>
      api.post(notePath(treeId, noteId, '/link'), { nodeId }, { schema: noteSchema }),
    onSuccess: (note) => refreshAfterChange(queryClient, treeId, note.connectedNodes, note),
  });
}

/** DELETE note/{id}/link/{nodeId}: the note leaves one item and stays with the others. */
export function useUnlinkNote(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ note, nodeId }: { note: Note; nodeId: string }) =>
      api.delete(notePath(treeId, note.id, `/link/${segment(nodeId)}`), undefined, { schema: noteSchema }),
    onSuccess: (answer, { note }) => refreshAfterChange(queryClient, treeId, note.connectedNodes, answer),
  });
}
