import {
  type EventDateInput,
  eventListAnswerSchema,
  possibleParticipantsAnswerSchema,
  resolveEventDate,
} from '@anor/core';
import { queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { eventKeys, eventPath } from '../event/index.ts';
import { treePath } from '../person/queries.ts';

/**
 * Keys of the wizard's reads. They sit under `eventKeys.tree(treeId)`, so any event change in the
 * tree (a residence saved here or in the event modal) asks them again.
 */
export const residenceKeys = {
  contemporary: (treeId: string, eventId: string) => [...eventKeys.tree(treeId), 'contemporary', eventId] as const,
  candidates: (treeId: string, personId: string, planned: EventDateInput & { locationId: string | null }) =>
    [...eventKeys.tree(treeId), 'residenceCandidates', personId, planned] as const,
  residencesOf: (treeId: string, personId: string) => [...eventKeys.tree(treeId), 'residencesOf', personId] as const,
};

function dateSearchParams(planned: EventDateInput & { locationId: string | null }): string {
  const date = resolveEventDate(planned);
  const params = new URLSearchParams();
  if (date.startDate) {
    params.set('startDate', date.startDate);
    params.set('startDateType', date.startDateType);
  }
  if (date.endDate) {
    params.set('endDate', date.endDate);
    params.set('endDateType', date.endDateType);
  }
  if (planned.locationId) params.set('locationId', planned.locationId);
  return params.toString();
}

export const residenceQueries = {
  /** SPEC §5: residences whose dates overlap this one's, at its place or a place below it. */
  contemporary: (treeId: string, eventId: string) =>
    queryOptions({
      queryKey: residenceKeys.contemporary(treeId, eventId),
      queryFn: ({ signal }) =>
        api.post(
          eventPath(treeId, eventId, '/simultaneous'),
          { eventTypes: ['residence'] },
          { schema: eventListAnswerSchema, signal },
        ),
      meta: { errorDisplay: 'inline' },
    }),
  /** The person's family as candidates to share the residence, each with the dates clamped to their life. */
  candidates: (treeId: string, personId: string, planned: EventDateInput & { locationId: string | null }) =>
    queryOptions({
      queryKey: residenceKeys.candidates(treeId, personId, planned),
      queryFn: ({ signal }) =>
        api.get(
          treePath(
            treeId,
            `person/${segment(personId)}/event/type/residence/possibleParticipants?${dateSearchParams(planned)}`,
          ),
          { schema: possibleParticipantsAnswerSchema, signal },
        ),
      meta: { errorDisplay: 'inline' },
    }),
  /** A person's residences (to see whether a person found by searching already lives there then). */
  residencesOf: (treeId: string, personId: string) =>
    queryOptions({
      queryKey: residenceKeys.residencesOf(treeId, personId),
      queryFn: ({ signal }) =>
        api.post(
          treePath(treeId, `person/${segment(personId)}/event/type`),
          { eventTypes: ['residence'] },
          { schema: eventListAnswerSchema, signal },
        ),
      meta: { errorDisplay: 'inline' },
    }),
};
