import {
  bulkEventsAnswerSchema,
  createdEventAnswerSchema,
  deletedAnswerSchema,
  type Event,
  type EventInput,
  eventSchema,
  type ParticipantInput,
  updatedEventAnswerSchema,
} from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { locationKeys } from '../location/queries.ts';
import { mainNodesKeys, personKeys, treePath } from '../person/queries.ts';
import { treeKeys } from '../trees/queries.ts';
import { eventKeys, eventPath } from './queries.ts';

/*
 * What each kind of change invalidates:
 * - any change: every event query of the tree (`eventKeys.tree`), because the same event shows in
 *   its participants' lists, its place's list and the event list; and every person query of the
 *   tree, because births and deaths feed the person page's summary and age line;
 * - a new or deleted event: the counts (main nodes, the tree and the tree list);
 * - places created from typed text (`locationsCreated > 0`): the tree's places, and the counts.
 * The saved event itself is set from the answer, so its own page does not ask again.
 */

function refreshCounts(queryClient: QueryClient, treeId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mainNodesKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
  ]);
}

interface Refresh {
  /** The event as saved (set into its detail query). */
  event?: Event;
  /** Whether the number of events changed. */
  isCountChanged?: boolean;
  locationsCreated?: number;
}

function refreshAfterChange(queryClient: QueryClient, treeId: string, refresh: Refresh): Promise<unknown> {
  const { event, isCountChanged = false, locationsCreated = 0 } = refresh;
  const savedKey = event ? eventKeys.detail(treeId, event.id).join('/') : null;
  if (event) queryClient.setQueryData(eventKeys.detail(treeId, event.id), event);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: eventKeys.tree(treeId),
      predicate: (query) => query.queryKey.join('/') !== savedKey,
    }),
    queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) }),
    locationsCreated > 0 ? queryClient.invalidateQueries({ queryKey: locationKeys.tree(treeId) }) : null,
    isCountChanged || locationsCreated > 0 ? refreshCounts(queryClient, treeId) : null,
  ]);
}

/** POST event: a new event; a full free tree answers 403 `limit.events` (or `limit.locations` for a typed place). */
export function useCreateEvent(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => api.post(treePath(treeId, 'event'), input, { schema: createdEventAnswerSchema }),
    onSuccess: ({ event, locationsCreated }) =>
      refreshAfterChange(queryClient, treeId, { event, isCountChanged: true, locationsCreated }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** POST event/bulk: several new events in one call, all or none (the residence wizard's shared residences). */
export function useCreateEvents(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { events: EventInput[] }) =>
      api.post(treePath(treeId, 'event/bulk'), body, { schema: bulkEventsAnswerSchema }),
    onSuccess: ({ locationsCreated }) =>
      refreshAfterChange(queryClient, treeId, { isCountChanged: true, locationsCreated }),
    meta: { errorDisplay: 'inline' },
  });
}

export interface UpdateEventVariables {
  /** The event as the editor loaded it: its revision must still be the stored one (else 409 `events.error.conflict`). */
  oldEvent: Event;
  newEvent: EventInput;
}

/** PUT event/{id}: nothing is written when nothing changed; a stale `oldEvent` is refused with the stored event. */
export function useUpdateEvent(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldEvent, newEvent }: UpdateEventVariables) =>
      api.put(eventPath(treeId, oldEvent.id), { oldEvent, newEvent }, { schema: updatedEventAnswerSchema }),
    onSuccess: ({ event, locationsCreated }, { newEvent }) =>
      refreshAfterChange(queryClient, treeId, {
        event,
        locationsCreated,
        // New participants' persons (isNew) raise the person count.
        isCountChanged: newEvent.participants.some((participant) => participant.isNew === true),
      }),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/**
 * DELETE event/{id}. The queries about the deleted event are only marked stale, not fetched again (a
 * page still showing it must not ask for it into a 404 before it navigates away); the rest is refreshed
 * without waiting, so the view can move on at once.
 */
export function useDeleteEvent(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.delete(eventPath(treeId, eventId), undefined, { schema: deletedAnswerSchema }),
    onSuccess: ({ deletedIds }) => {
      // Its own query and every query asked about it (its contemporary residences and their sources):
      // refetched while the editor still shows it, they would answer 404.
      const isDeleted = (queryKey: readonly unknown[]) => {
        const key = JSON.stringify(queryKey);
        return deletedIds.some((id) => key.includes(JSON.stringify(id)));
      };
      void queryClient.invalidateQueries({
        queryKey: eventKeys.tree(treeId),
        predicate: (query) => isDeleted(query.queryKey),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({
        queryKey: eventKeys.tree(treeId),
        predicate: (query) => !isDeleted(query.queryKey),
      });
      void queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) });
      void refreshCounts(queryClient, treeId);
    },
    meta: { errorDisplay: 'inline', notice: 'deleted' },
  });
}

function participantPath(treeId: string, eventId: string, personId: string): string {
  return eventPath(treeId, eventId, `/participant/${segment(personId)}`);
}

/** POST event/{id}/participant: one more person in a saved event (answers the event). */
export function useAddParticipant(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, participant }: { eventId: string; participant: ParticipantInput }) =>
      api.post(eventPath(treeId, eventId, '/participant'), participant, { schema: eventSchema }),
    onSuccess: (event) => refreshAfterChange(queryClient, treeId, { event }),
    meta: { errorDisplay: 'inline' },
  });
}

/** PUT event/{id}/participant/{personId}: a participant's role, description and own dates. */
export function useUpdateParticipant(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, participant }: { eventId: string; participant: ParticipantInput }) => {
      const { personId, ...fields } = participant;
      return api.put(participantPath(treeId, eventId, personId), fields, { schema: eventSchema });
    },
    onSuccess: (event) => refreshAfterChange(queryClient, treeId, { event }),
    meta: { errorDisplay: 'inline' },
  });
}

/** DELETE event/{id}/participant/{personId}. */
export function useRemoveParticipant(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, personId }: { eventId: string; personId: string }) =>
      api.delete(participantPath(treeId, eventId, personId), undefined, { schema: eventSchema }),
    onSuccess: (event) => refreshAfterChange(queryClient, treeId, { event }),
    meta: { errorDisplay: 'inline' },
  });
}
