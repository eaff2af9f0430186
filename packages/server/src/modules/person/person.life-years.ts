import { type DateType, dateTextYear, type LifeYear, resolveEventDate } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { type LifeEvent, lifeEventSummary, lifeSpansOf } from '../event/event.life.ts';
import { placePaths } from '../event/event.repository.ts';

/** What a person label shows beside the name (issue 19 item 12). */
export interface LifeYears {
  born: LifeYear | null;
  died: LifeYear | null;
  /** The birth place's path, nearest first. */
  birthPlace: string | null;
}

const unknown: LifeYears = { born: null, died: null, birthPlace: null };

/**
 * The year of a birth or death and how sure it is; a range over several years counts as "between".
 * A date kept only as text (a Julian, Hebrew or BCE date, a phrase) gives its best-known year
 * (`dateTextYear`: negative before the common era).
 */
function yearOf(life: LifeEvent | undefined): LifeYear | null {
  const date = resolveEventDate(life);
  if (!date.startDate) return dateTextYear(life?.dateText);
  const year = Number(date.startDate.slice(0, 4));
  if (!Number.isInteger(year)) return null;
  const endYear = date.endDate ? Number(date.endDate.slice(0, 4)) : year;
  const type: DateType = date.startDateType === 'exact' && endYear !== year ? 'between' : date.startDateType;
  return { year, type };
}

/**
 * The life years and birthplaces of these persons in two queries whatever their number (their
 * birth and death events, then the birth places' paths). With `onlyPublic` (a visitor's answer)
 * only events without a living participant count, so nothing comes from a living person's data;
 * living persons themselves are blanked by the privacy hook.
 */
export async function lifeYearsOf(
  db: Db,
  treeId: string,
  personIds: readonly string[],
  options: { onlyPublic?: boolean } = {},
): Promise<Map<string, LifeYears>> {
  return lifeDetailsOf(db, treeId, personIds, { ...options, withEvents: false });
}

/** Life years with the birth and death themselves (dates and places): a chart box's hover text (issue 23). */
export interface LifeDetails extends LifeYears {
  birth?: ReturnType<typeof lifeEventSummary>;
  death?: ReturnType<typeof lifeEventSummary>;
}

/** `lifeYearsOf`, and with `withEvents` the birth and death summaries too, in the same two queries. */
export async function lifeDetailsOf(
  db: Db,
  treeId: string,
  personIds: readonly string[],
  options: { onlyPublic?: boolean; withEvents: boolean },
): Promise<Map<string, LifeDetails>> {
  const ids = [...new Set(personIds)];
  const spans = await lifeSpansOf(db, treeId, ids, options);
  const placeIds = new Set<string>();
  for (const span of spans.values()) {
    if (span.birth?.locationId) placeIds.add(span.birth.locationId);
    if (options.withEvents && span.death?.locationId) placeIds.add(span.death.locationId);
  }
  const paths = new Map((await placePaths(db, treeId, [...placeIds])).map((path) => [path.id, path.text]));
  const years = new Map<string, LifeDetails>();
  for (const [id, span] of spans) {
    const placeId = span.birth?.locationId;
    const details: LifeDetails = {
      born: yearOf(span.birth),
      died: yearOf(span.death),
      birthPlace: placeId ? (paths.get(placeId) ?? null) : null,
    };
    if (options.withEvents) {
      details.birth = lifeEventSummary(span.birth, paths);
      details.death = lifeEventSummary(span.death, paths);
    }
    years.set(id, details);
  }
  return years;
}

/** The persons with their life years (unknown ones null), in their order. */
export function withLifeYears<T extends { id: string }>(items: readonly T[], years: Map<string, LifeYears>) {
  return items.map((item) => ({ ...item, ...(years.get(item.id) ?? unknown) }));
}
