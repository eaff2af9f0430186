import { type EventListQuery, eventListAnswerSchema, eventPageAnswerSchema, eventSchema } from '@anor/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/**
 * Query keys of a tree's events. Everything event-shaped of one tree sits under
 * `eventKeys.tree(treeId)` (`['events', treeId]`): an event names persons and a place, and a
 * person's list, a place's list and the event list can all show the same event, so every event
 * mutation invalidates that prefix.
 */
export const eventKeys = {
  all: ['events'] as const,
  tree: (treeId: string) => [...eventKeys.all, treeId] as const,
  details: (treeId: string) => [...eventKeys.tree(treeId), 'detail'] as const,
  detail: (treeId: string, eventId: string) => [...eventKeys.details(treeId), eventId] as const,
  /** A person's events (POST event/node/{personId}). */
  ofPerson: (treeId: string, personId: string) => [...eventKeys.tree(treeId), 'person', personId] as const,
  lists: (treeId: string) => [...eventKeys.tree(treeId), 'list'] as const,
  list: (treeId: string, query: Partial<EventListQuery>) => [...eventKeys.lists(treeId), query] as const,
};

/** The API path of one event: event/{id}{rest}. */
export function eventPath(treeId: string, eventId: string, rest = ''): string {
  return treePath(treeId, `event/${segment(eventId)}${rest}`);
}

function listSearchParams(query: Partial<EventListQuery>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(name, String(value));
  }
  return params.toString();
}

export const eventQueries = {
  /** One event with its participants and place. */
  detail: (treeId: string, eventId: string) =>
    queryOptions({
      queryKey: eventKeys.detail(treeId, eventId),
      queryFn: ({ signal }) => api.get(eventPath(treeId, eventId), { schema: eventSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** Every event the person takes part in (any role). */
  ofPerson: (treeId: string, personId: string) =>
    queryOptions({
      queryKey: eventKeys.ofPerson(treeId, personId),
      queryFn: ({ signal }) =>
        api.post(treePath(treeId, `event/node/${segment(personId)}`), {}, { schema: eventListAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** One page of the tree's events (GET event?q=&type=&sort=&direction=&page=&pageSize=). */
  list: (treeId: string, query: Partial<EventListQuery>) =>
    queryOptions({
      queryKey: eventKeys.list(treeId, query),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `event?${listSearchParams(query)}`), { schema: eventPageAnswerSchema, signal }),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
};
