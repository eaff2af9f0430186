import {
  bulkEventsAnswerSchema,
  createdEventAnswerSchema,
  type EventInput,
  type Event as TreeEvent,
  updatedEventAnswerSchema,
} from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { eventKeys, eventPath } from '../event/index.ts';
import { locationKeys } from '../location/queries.ts';
import { mainNodesKeys, personKeys, treePath } from '../person/queries.ts';
import { treeKeys } from '../trees/queries.ts';

/*
 * After the wizard writes: every event query of the tree (person lists, the event list,
 * contemporary residences), every person query of the tree, and the main nodes and tree counts
 * when events (or places from typed text) were created.
 */
function refreshAfterResidences(
  queryClient: QueryClient,
  treeId: string,
  { isCountChanged, locationsCreated }: { isCountChanged: boolean; locationsCreated: number },
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.tree(treeId) }),
    queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) }),
    locationsCreated > 0 ? queryClient.invalidateQueries({ queryKey: locationKeys.tree(treeId) }) : null,
    isCountChanged || locationsCreated > 0
      ? Promise.all([
          queryClient.invalidateQueries({ queryKey: mainNodesKeys.detail(treeId) }),
          queryClient.invalidateQueries({ queryKey: treeKeys.detail(treeId) }),
          queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
        ])
      : null,
  ]);
}

/** Stage 0: POST event, the person's residence. */
export function useCreateResidence(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => api.post(treePath(treeId, 'event'), input, { schema: createdEventAnswerSchema }),
    onSuccess: ({ locationsCreated }) =>
      refreshAfterResidences(queryClient, treeId, { isCountChanged: true, locationsCreated }),
    meta: { errorDisplay: 'inline' },
  });
}

/** Back on stage 0, or stage 1's details: PUT event/{id} from the copy the wizard saved. */
export function useUpdateResidence(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldEvent, newEvent }: { oldEvent: TreeEvent; newEvent: EventInput }) =>
      api.put(eventPath(treeId, oldEvent.id), { oldEvent, newEvent }, { schema: updatedEventAnswerSchema }),
    onSuccess: ({ locationsCreated }) =>
      refreshAfterResidences(queryClient, treeId, { isCountChanged: false, locationsCreated }),
    meta: { errorDisplay: 'inline' },
  });
}

/** Stage 2: one residence per chosen person in one call, all or none (POST event/bulk). */
export function useShareResidence(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { events: EventInput[] }) =>
      api.post(treePath(treeId, 'event/bulk'), body, { schema: bulkEventsAnswerSchema }),
    onSuccess: ({ locationsCreated }) =>
      refreshAfterResidences(queryClient, treeId, { isCountChanged: true, locationsCreated }),
    meta: { errorDisplay: 'inline' },
  });
}
