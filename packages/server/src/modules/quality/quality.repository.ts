import {
  type QualityEventFact,
  type QualityPerson,
  type QualityPlace,
  type QualityRule,
  type SanityEvent,
  type SanityParentLink,
  uuidv7,
} from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import {
  citationLink,
  event,
  eventParticipant,
  location,
  parentChild,
  person,
  qualityDismissal,
} from '../../db/schema.ts';

/**
 * The data-quality report's SQL (issue 24): the whole tree read set-wise, one statement per table
 * (no query per person), for the rules of @anor/core to run over in one pass in memory. Every
 * statement filters by tree_id.
 */

export async function persons(db: Db, treeId: string): Promise<QualityPerson[]> {
  return queryRows<QualityPerson>(
    db,
    sql`select id, gender, f_name as "fName", l_name as "lName" from ${person} where tree_id = ${treeId}`,
  );
}

/** Every person's part in every event, with the event's date (one row per participant). */
export async function participations(db: Db, treeId: string): Promise<SanityEvent[]> {
  return queryRows<SanityEvent>(
    db,
    sql`select e.id as "eventId", ep.person_id as "personId",
      -- An alternative birth or death (issue 20) is no life event for the rules (as notAlternative of the event module).
      case when coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath') then e.type else 'other' end as type,
      ep.role,
      e.start_date as "startDate", e.start_date_type as "startDateType",
      e.end_date as "endDate", e.end_date_type as "endDateType"
    from ${eventParticipant} ep
    join ${event} e on e.tree_id = ep.tree_id and e.id = ep.event_id
    where ep.tree_id = ${treeId}`,
  );
}

/** The events with a place but neither a date (nor a date as written) nor a citation: found in SQL. */
export async function placedUndatedUnsourced(db: Db, treeId: string): Promise<QualityEventFact[]> {
  const rows = await queryRows<{ eventId: string; type: string; locationId: string }>(
    db,
    sql`select e.id as "eventId", e.type, e.location_id as "locationId" from ${event} e
    where e.tree_id = ${treeId} and e.location_id is not null and e.start_date is null and e.date_text is null
      and not exists (select 1 from ${citationLink} cl where cl.tree_id = ${treeId} and cl.node_id = e.id)`,
  );
  return rows.map((row) => ({ ...row, hasDate: false, hasSource: false }));
}

export async function parentLinks(db: Db, treeId: string): Promise<SanityParentLink[]> {
  return queryRows<SanityParentLink>(
    db,
    sql`select parent_id as "parentId", child_id as "childId" from ${parentChild} where tree_id = ${treeId}`,
  );
}

/** The places with coordinates (the only ones a distance can be measured for). */
export async function placesWithCoordinates(db: Db, treeId: string): Promise<QualityPlace[]> {
  return queryRows<QualityPlace>(
    db,
    sql`select id, parent_id as "parentId", lat, lng from ${location} where tree_id = ${treeId} and lat is not null`,
  );
}

export interface DismissalRow {
  rule: string;
  objectId: string;
  relatedId: string | null;
}

export async function dismissals(db: Db, treeId: string): Promise<DismissalRow[]> {
  return queryRows<DismissalRow>(
    db,
    sql`select rule, object_id as "objectId", related_id as "relatedId" from ${qualityDismissal} where tree_id = ${treeId}`,
  );
}

/** Names of these places. */
export async function placeNames(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from ${location} where tree_id = ${treeId} and id = any(${sql.param([...ids])}::uuid[])`,
  );
}

/** Type and date of these events. */
export async function eventLabels(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; type: string; startDate: string | null; startDateType: string | null }>(
    db,
    sql`select id, type, start_date as "startDate", start_date_type as "startDateType" from ${event}
    where tree_id = ${treeId} and id = any(${sql.param([...ids])}::uuid[])`,
  );
}

/** Whether the object exists in the tree (a person, an event or a place). */
export async function objectExists(db: Db, treeId: string, kind: 'person' | 'event' | 'place', id: string) {
  const table = kind === 'person' ? person : kind === 'event' ? event : location;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from ${table} where tree_id = ${treeId} and id = ${id}`,
  );
  return rows.length > 0;
}

export async function insertDismissal(
  db: Db,
  treeId: string,
  item: { rule: QualityRule; objectId: string; relatedId: string | null },
): Promise<void> {
  await db
    .insert(qualityDismissal)
    .values({ treeId, id: uuidv7(), rule: item.rule, objectId: item.objectId, relatedId: item.relatedId })
    .onConflictDoNothing();
}

export async function deleteDismissal(
  db: Db,
  treeId: string,
  item: { rule: QualityRule; objectId: string; relatedId: string | null },
): Promise<void> {
  await db.execute(
    sql`delete from ${qualityDismissal} where tree_id = ${treeId} and rule = ${item.rule}
      and object_id = ${item.objectId} and related_id is not distinct from ${item.relatedId}::uuid`,
  );
}
