import type { SanityEvent, SanityParentLink, SanityPerson } from '@anor/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { event, eventParticipant, parentChild, person } from '../../db/schema.ts';
import { notAlternative } from '../event/event.repository.ts';

/** The parent links in which any of these persons is the parent or the child. */
export async function parentLinksOf(db: Db, treeId: string, personIds: readonly string[]): Promise<SanityParentLink[]> {
  if (personIds.length === 0) return [];
  return db
    .select({ parentId: parentChild.parentId, childId: parentChild.childId })
    .from(parentChild)
    .where(
      and(
        eq(parentChild.treeId, treeId),
        or(inArray(parentChild.parentId, [...personIds]), inArray(parentChild.childId, [...personIds])),
      ),
    );
}

/** The persons (of those named) that exist in the tree: gender for the rules, names for the messages. */
export async function personsOf(
  db: Db,
  treeId: string,
  personIds: readonly string[],
): Promise<(SanityPerson & { fName: string | null; lName: string | null })[]> {
  if (personIds.length === 0) return [];
  return db
    .select({ id: person.id, gender: person.gender, fName: person.fName, lName: person.lName })
    .from(person)
    .where(and(eq(person.treeId, treeId), inArray(person.id, [...personIds])));
}

/**
 * The dated parts these persons have in events, one row per person and event, with the event's
 * date; with `types`, only their own events of those types (as the main person).
 */
export async function datedEventsOf(
  db: Db,
  treeId: string,
  personIds: readonly string[],
  types: readonly string[] | null,
): Promise<SanityEvent[]> {
  if (personIds.length === 0) return [];
  return db
    .select({
      eventId: event.id,
      personId: eventParticipant.personId,
      // An alternative birth or death (issue 20) is no life event for the rules: the one that counts is.
      type: sql<string>`case when ${notAlternative} then ${event.type} else 'other' end`,
      role: eventParticipant.role,
      startDate: event.startDate,
      startDateType: event.startDateType,
      endDate: event.endDate,
      endDateType: event.endDateType,
    })
    .from(eventParticipant)
    .innerJoin(event, and(eq(event.treeId, eventParticipant.treeId), eq(event.id, eventParticipant.eventId)))
    .where(
      and(
        eq(eventParticipant.treeId, treeId),
        inArray(eventParticipant.personId, [...personIds]),
        types ? inArray(event.type, [...types]) : undefined,
        types ? eq(eventParticipant.role, 'primary') : undefined,
      ),
    );
}
