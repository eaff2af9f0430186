import {
  type SanityCheckAnswer,
  type SanityEvent,
  type sanityCheckBodySchema,
  sanityWarnings,
  withNormalisedRoles,
} from '@anor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { assertAccess } from '../tree/tree.access.ts';
import { findTreeAccess } from '../tree/tree.repository.ts';
import * as repository from './sanity.repository.ts';

type SanityCheck = z.output<typeof sanityCheckBodySchema>;

/** The id the event being checked has among the stored ones while it is new. */
const NEW_EVENT_ID = 'new';
/** A relative's own events that the rules read (a parent's birth and death, a child's birth). */
const lifeTypes = ['birth', 'death', 'burial'] as const;

/**
 * The server's sanity check (issue 19 item 7): the warnings an event would give, as the editor
 * holds it, with the shared rules of `@anor/core`. It reads and never writes; a save never waits
 * for it, and a warning never blocks one. Only warnings that the event itself takes part in are
 * answered: an old problem elsewhere in the family is the data-quality report's (issue 24).
 */
export function createSanityService({ db }: { db: Db }) {
  return {
    async checkEvent(treeId: string, viewer: Viewer, input: SanityCheck): Promise<SanityCheckAnswer> {
      assertAccess(await findTreeAccess(db, treeId, viewer.user?.id ?? null), viewer, 'propose');
      const participants = withNormalisedRoles(input.type, input.participants).flatMap((participant) =>
        participant.personId ? [{ personId: participant.personId, role: participant.role }] : [],
      );
      const participantIds = [...new Set(participants.map((participant) => participant.personId))];
      if (participantIds.length === 0) return { warnings: [], names: {} };

      // Four set-based reads: the family links, the persons, the participants' events, the relatives' lives.
      const parentLinks = await repository.parentLinksOf(db, treeId, participantIds);
      const relativeIds = [...new Set(parentLinks.flatMap((link) => [link.parentId, link.childId]))].filter(
        (id) => !participantIds.includes(id),
      );
      const persons = await repository.personsOf(db, treeId, [...participantIds, ...relativeIds]);
      const known = new Set(persons.map((found) => found.id));
      // A person of another tree (or of none) is not found, as in the event's save.
      const missing = input.participants.findIndex(
        (participant) => participant.personId && !known.has(participant.personId),
      );
      if (missing !== -1) throw new AppError('person.error.notFound', { path: ['participants', missing, 'personId'] });
      const stored = [
        ...(await repository.datedEventsOf(db, treeId, participantIds, null)),
        ...(await repository.datedEventsOf(db, treeId, relativeIds, lifeTypes)),
      ].filter((row) => row.eventId !== input.eventId);
      const eventId = input.eventId ?? NEW_EVENT_ID;
      const edited: SanityEvent[] = participants
        .filter((participant) => known.has(participant.personId))
        .map((participant) => ({
          eventId,
          personId: participant.personId,
          type: input.type,
          role: participant.role,
          startDate: input.startDate,
          startDateType: input.startDateType,
          endDate: input.endDate,
          endDateType: input.endDateType,
        }));

      const warnings = sanityWarnings({
        persons,
        events: [...stored, ...edited],
        parentLinks,
      }).filter((warning) => warning.eventIds.includes(eventId));
      const named = new Set(warnings.flatMap((warning) => [warning.personId, warning.relatedPersonId ?? '']));
      const names = Object.fromEntries(
        persons
          .filter((found) => named.has(found.id))
          .map((found) => [found.id, [found.fName, found.lName].filter(Boolean).join(' ')]),
      );
      return { warnings, names };
    },
  };
}

export type SanityService = ReturnType<typeof createSanityService>;
