import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DrainedRows, ImportPlan } from './gedcom.plan.ts';

/**
 * Rows per INSERT. Each statement takes its rows as one JSON parameter, unpacked by PostgreSQL's
 * json_to_recordset: building a statement with a bind parameter per value (tens of thousands of
 * them) costs more than PostgreSQL's work on the rows, so this is several times faster than
 * multi-row VALUES on both databases, and has no parameter limit.
 */
const BATCH = 5000;

type Column = readonly [name: string, type: string];

const columns = {
  person: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['f_name', 'text'],
    ['p_name', 'text'],
    ['l_name', 'text'],
    ['gender', 'text'],
    ['occupation', 'text'],
    ['description', 'text'],
    ['search_text', 'text'],
    ['sort_key', 'text'],
  ],
  parent_child: [
    ['tree_id', 'uuid'],
    ['parent_id', 'uuid'],
    ['child_id', 'uuid'],
  ],
  partner: [
    ['tree_id', 'uuid'],
    ['person_a', 'uuid'],
    ['person_b', 'uuid'],
  ],
  sibling_link: [
    ['tree_id', 'uuid'],
    ['person_a', 'uuid'],
    ['person_b', 'uuid'],
  ],
  location: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['parent_id', 'uuid'],
    ['name', 'text'],
    ['name_key', 'text'],
    ['sort_key', 'text'],
    ['type', 'text'],
    ['lat', 'double precision'],
    ['lng', 'double precision'],
  ],
  event: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['type', 'text'],
    ['subtype', 'text'],
    ['type_name', 'text'],
    ['type_name_verb', 'text'],
    ['start_date', 'text'],
    ['start_date_type', 'text'],
    ['end_date', 'text'],
    ['end_date_type', 'text'],
    ['date_from', 'date'],
    ['date_to', 'date'],
    ['cause_of_event', 'text'],
    ['description', 'text'],
    ['date_text', 'text'],
    ['location_id', 'uuid'],
  ],
  event_participant: [
    ['tree_id', 'uuid'],
    ['event_id', 'uuid'],
    ['person_id', 'uuid'],
    ['role', 'text'],
    ['description', 'text'],
    ['start_date', 'text'],
    ['start_date_type', 'text'],
    ['end_date', 'text'],
    ['end_date_type', 'text'],
    ['position', 'integer'],
  ],
  repository: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['title', 'text'],
    ['title_key', 'text'],
    ['address', 'text'],
    ['city', 'text'],
    ['state', 'text'],
    ['postal_code', 'text'],
    ['country', 'text'],
    ['phone', 'text'],
    ['email', 'text'],
    ['fax', 'text'],
    ['www', 'text'],
  ],
  source_record: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['repository_id', 'uuid'],
    ['title', 'text'],
    ['title_key', 'text'],
    ['originator', 'text'],
    ['filed_by_entry', 'text'],
    ['publication_facts', 'text'],
    ['url', 'text'],
  ],
  citation: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['record_id', 'uuid'],
    ['where_within_source_text', 'text'],
    ['where_within_source_url', 'text'],
    ['text_from_source', 'text'],
    ['search_text', 'text'],
    ['event_cited_from', 'text'],
    ['event_cited_from_role', 'text'],
    ['entry_recording_date', 'text'],
    ['certainty_assessment', 'text'],
  ],
  citation_link: [
    ['tree_id', 'uuid'],
    ['citation_id', 'uuid'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['position', 'integer'],
  ],
  note: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['title', 'text'],
    ['text', 'text'],
    ['gedcom_id', 'text'],
    ['automated_record_id', 'text'],
    ['user_reference_number', 'text'],
    ['user_reference_type', 'text'],
    ['gedcom_change_date', 'text'],
  ],
  note_link: [
    ['tree_id', 'uuid'],
    ['note_id', 'uuid'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['position', 'integer'],
  ],
  media_object: [
    ['tree_id', 'uuid'],
    ['id', 'uuid'],
    ['file_reference', 'text'],
    ['format', 'text'],
    ['type', 'text'],
    ['title', 'text'],
    ['gedcom_id', 'text'],
    ['automated_record_id', 'text'],
    ['user_reference_number', 'text'],
    ['user_reference_type', 'text'],
    ['gedcom_change_date', 'text'],
  ],
  media_link: [
    ['tree_id', 'uuid'],
    ['media_id', 'uuid'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['position', 'integer'],
  ],
  gedcom_extra: [
    ['tree_id', 'uuid'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['tag', 'text'],
    ['anchor', 'text[]'],
    ['lines', 'jsonb'],
  ],
} as const satisfies Record<string, readonly Column[]>;

type Table = keyof typeof columns;

/** One INSERT … SELECT FROM json_to_recordset per batch; rows are arrays in the order of `columns[table]`. */
async function insertRows(tx: Db, table: Table, rows: readonly unknown[][], signal?: AbortSignal): Promise<void> {
  const list = columns[table];
  const names = sql.raw(list.map(([name]) => `"${name}"`).join(', '));
  // json_to_recordset takes objects; the keys are the column positions, which keeps the JSON small.
  const record = sql.raw(list.map(([, type], index) => `"${index}" ${type}`).join(', '));
  const picks = sql.raw(list.map((_, index) => `r."${index}"`).join(', '));
  for (let i = 0; i < rows.length; i += BATCH) {
    signal?.throwIfAborted();
    const json = JSON.stringify(rows.slice(i, i + BATCH).map((row) => Object.fromEntries(row.map((v, k) => [k, v]))));
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${picks} from json_to_recordset(${json}::json) as r(${record})`,
    );
  }
}

/**
 * Writes rows drained while the file is read, inside the caller's transaction, in the order the
 * foreign keys need (places before the events at them); the count triggers run once per statement.
 * A cancelled import (the client went away) stops between statements, and the transaction rolls back.
 */
export async function insertDrained(tx: Db, treeId: string, plan: DrainedRows, signal?: AbortSignal): Promise<void> {
  const write = (table: Table, rows: unknown[][]) => insertRows(tx, table, rows, signal);
  await write(
    'person',
    plan.persons.map((p) => [
      treeId,
      p.id,
      p.fName,
      p.pName,
      p.lName,
      p.gender,
      p.occupation,
      p.description,
      p.searchText,
      p.sortKey,
    ]),
  );
  await write(
    'location',
    plan.locations.map((p) => [treeId, p.id, p.parentId, p.name, p.nameKey, p.sortKey, p.type, p.lat, p.lng]),
  );
  await write(
    'event',
    plan.events.map(({ id, values: v }) => [
      treeId,
      id,
      v.type,
      v.subtype,
      v.typeName,
      v.typeNameVerb,
      v.startDate,
      v.startDateType,
      v.endDate,
      v.endDateType,
      v.dateFrom,
      v.dateTo,
      v.causeOfEvent,
      v.description,
      v.dateText,
      v.locationId,
    ]),
  );
  await write(
    'note',
    plan.notes.map((n) => [
      treeId,
      n.id,
      n.title,
      n.text,
      n.gedcomId,
      n.automatedRecordId,
      n.userReferenceNumber,
      n.userReferenceType,
      n.gedcomChangeDate,
    ]),
  );
  await write(
    'media_object',
    plan.media.map((m) => [
      treeId,
      m.id,
      m.fileReference,
      m.format,
      m.type,
      m.title,
      m.gedcomId,
      m.automatedRecordId,
      m.userReferenceNumber,
      m.userReferenceType,
      m.gedcomChangeDate,
    ]),
  );
  await write(
    'repository',
    plan.repositories.map((r) => [
      treeId,
      r.id,
      r.title,
      r.titleKey,
      r.address,
      r.city,
      r.state,
      r.postalCode,
      r.country,
      r.phone,
      r.email,
      r.fax,
      r.www,
    ]),
  );
  await write(
    'source_record',
    plan.records.map((r) => [
      treeId,
      r.id,
      r.repositoryId,
      r.title,
      r.titleKey,
      r.originator,
      r.filedByEntry,
      r.publicationFacts,
      r.url,
    ]),
  );
  await write(
    'citation',
    plan.citations.map((c) => [
      treeId,
      c.id,
      c.recordId,
      c.whereWithinSourceText,
      c.whereWithinSourceUrl,
      c.textFromSource,
      c.searchText,
      c.eventCitedFrom,
      c.eventCitedFromRole,
      c.entryRecordingDate,
      c.certaintyAssessment,
    ]),
  );
  await write(
    'event_participant',
    plan.participants.map((p) => [
      treeId,
      p.eventId,
      p.personId,
      p.role,
      p.description,
      p.startDate,
      p.startDateType,
      p.endDate,
      p.endDateType,
      p.position,
    ]),
  );
  await write(
    'citation_link',
    plan.citationLinks.map((l) => [treeId, l.targetId, l.nodeId, l.nodeKind, l.position]),
  );
  await write(
    'note_link',
    plan.noteLinks.map((l) => [treeId, l.targetId, l.nodeId, l.nodeKind, l.position]),
  );
  await write(
    'media_link',
    plan.mediaLinks.map((l) => [treeId, l.targetId, l.nodeId, l.nodeKind, l.position]),
  );
}

/**
 * Writes what only the end of the file settles: the relations (families are mapped last), the
 * coordinates of places written before their MAP line came, and the kept lines.
 */
export async function insertRest(tx: Db, treeId: string, plan: ImportPlan, signal?: AbortSignal): Promise<void> {
  const write = (table: Table, rows: unknown[][]) => insertRows(tx, table, rows, signal);
  await write(
    'parent_child',
    plan.parentLinks.map((l) => [treeId, l.parentId, l.childId]),
  );
  await write(
    'partner',
    plan.partnerLinks.map((l) => [treeId, l.personA, l.personB]),
  );
  await write(
    'sibling_link',
    plan.siblingLinks.map((l) => [treeId, l.personA, l.personB]),
  );
  if (plan.coordinates.length > 0) {
    await tx.execute(sql`
      update location l set lat = c.lat, lng = c.lng
      from json_to_recordset(${JSON.stringify(plan.coordinates)}::json) as c(id uuid, lat double precision, lng double precision)
      where l.tree_id = ${treeId} and l.id = c.id`);
  }
  await write(
    'gedcom_extra',
    plan.extras.map((x) => [treeId, x.nodeKind === 'tree' ? treeId : x.nodeId, x.nodeKind, x.tag, x.anchor, x.lines]),
  );
}
