import { noteSchema, notesAnswerSchema } from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/**
 * Query keys of a tree's notes, all under `noteKeys.tree(treeId)` (`['notes', treeId]`): a note
 * can belong to several items, so every note mutation invalidates that prefix (and the queries of
 * the items that show it, see mutations.ts).
 */
export const noteKeys = {
  all: ['notes'] as const,
  tree: (treeId: string) => [...noteKeys.all, treeId] as const,
  detail: (treeId: string, noteId: string) => [...noteKeys.tree(treeId), 'detail', noteId] as const,
  /** The notes of a person, event, place, citation, record or repository (GET note?nodeId=). */
  ofNode: (treeId: string, nodeId: string) => [...noteKeys.tree(treeId), 'node', nodeId] as const,
  /** The notes of one event (GET event/{id}/notes), for the merged lists of several events. */
  ofEvent: (treeId: string, eventId: string) => [...noteKeys.tree(treeId), 'event', eventId] as const,
};

/** The API path of one note: note/{id}{rest}. */
export function notePath(treeId: string, noteId: string, rest = ''): string {
  return treePath(treeId, `note/${segment(noteId)}${rest}`);
}

export const noteQueries = {
  detail: (treeId: string, noteId: string) =>
    queryOptions({
      queryKey: noteKeys.detail(treeId, noteId),
      queryFn: ({ signal }) => api.get(notePath(treeId, noteId), { schema: noteSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  ofNode: (treeId: string, nodeId: string) =>
    queryOptions({
      queryKey: noteKeys.ofNode(treeId, nodeId),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `note?${new URLSearchParams({ nodeId })}`), { schema: notesAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  ofEvent: (treeId: string, eventId: string) =>
    queryOptions({
      queryKey: noteKeys.ofEvent(treeId, eventId),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `event/${segment(eventId)}/notes`), { schema: notesAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
};
