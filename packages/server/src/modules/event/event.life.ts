import { clampEventDate, type EventDate, type EventDateInput, eventDateRange, resolveEventDate } from '@anor/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { event, eventParticipant } from '../../db/schema.ts';
import { publicEvent } from '../privacy/privacy.repository.ts';
import { notAlternative, placePaths } from './event.repository.ts';

/** A person's birth or death event: its id, dates and place. */
export interface LifeEvent extends EventDateInput {
  eventId: string;
  locationId: string | null;
}

/** The person's birth and death events, when known. */
export interface LifeSpan {
  birth?: LifeEvent;
  death?: LifeEvent;
}

/**
 * The birth and death events of these persons (as the primary participant), in one query; with
 * `onlyPublic` (a visitor's answer) only events without a living participant (`person_public` must
 * be current), so that a dead person's death recorded with a living witness tells nothing either.
 */
export async function lifeSpansOf(
  db: Db,
  treeId: string,
  personIds: readonly string[],
  options: { onlyPublic?: boolean } = {},
): Promise<Map<string, LifeSpan>> {
  const lives = new Map<string, LifeSpan>();
  if (personIds.length === 0) return lives;
  const rows = await db
    .select({
      personId: eventParticipant.personId,
      eventId: event.id,
      locationId: event.locationId,
      type: event.type,
      startDate: event.startDate,
      startDateType: event.startDateType,
      endDate: event.endDate,
      endDateType: event.endDateType,
      dateText: event.dateText,
    })
    .from(eventParticipant)
    .innerJoin(event, and(eq(event.treeId, eventParticipant.treeId), eq(event.id, eventParticipant.eventId)))
    .where(
      and(
        eq(eventParticipant.treeId, treeId),
        inArray(eventParticipant.personId, [...personIds]),
        eq(eventParticipant.role, 'primary'),
        inArray(event.type, ['birth', 'death']),
        options.onlyPublic ? publicEvent(treeId, sql`${event.id}`) : undefined,
        notAlternative,
      ),
    );
  for (const row of rows) {
    const life = lives.get(row.personId) ?? {};
    life[row.type === 'birth' ? 'birth' : 'death'] = row;
    lives.set(row.personId, life);
  }
  return lives;
}

/** A birth or death as a summary shows it: dates and the place's path (`paths` by location id). */
export function lifeEventSummary(e: LifeEvent | undefined, paths: ReadonlyMap<string, string>) {
  return e
    ? {
        eventId: e.eventId,
        ...resolveEventDate(e),
        // Only for a date the file wrote as text (a Julian or BCE date, a phrase): shown when there is no start date.
        ...(e.dateText ? { dateText: e.dateText } : {}),
        place: e.locationId ? (paths.get(e.locationId) ?? null) : null,
      }
    : null;
}

/** The birth and death of one person as the person page shows them: dates and the place's path. */
export async function lifeSummaryOf(db: Db, treeId: string, personId: string) {
  const life = (await lifeSpansOf(db, treeId, [personId])).get(personId) ?? {};
  const locationIds = [life.birth?.locationId, life.death?.locationId].filter((id): id is string => Boolean(id));
  const paths = new Map((await placePaths(db, treeId, locationIds)).map((path) => [path.id, path.text]));
  return { birth: lifeEventSummary(life.birth, paths), death: lifeEventSummary(life.death, paths) };
}

export type NotAlive = 'notBorn' | 'dead';

/**
 * A planned event's dates kept within a person's life (SPEC §5): clamped to their birth and
 * death, or the reason they cannot take part when it lies wholly before the birth or after the death.
 */
export function clampToLife(
  planned: EventDateInput,
  life: LifeSpan | undefined,
): { dates: EventDate; reason: NotAlive | null } {
  const clamped = clampEventDate(planned, life ?? {});
  if (clamped) return { dates: clamped, reason: null };
  const range = eventDateRange(planned);
  const birth = eventDateRange(life?.birth);
  const beforeBirth = range?.to != null && birth?.from != null && range.to < birth.from;
  return { dates: resolveEventDate(planned), reason: beforeBirth ? 'notBorn' : 'dead' };
}
