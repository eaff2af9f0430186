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

/** A column, its type, and the plan row's field it comes from (default: the column's name in camelCase). */
type Column = readonly [name: string, type: string, field?: string];

/** The columns an import writes, tree_id aside (every row of a statement has the same). */
const columns = {
  person: [
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
    ['parent_id', 'uuid'],
    ['child_id', 'uuid'],
  ],
  partner: [
    ['person_a', 'uuid'],
    ['person_b', 'uuid'],
  ],
  sibling_link: [
    ['person_a', 'uuid'],
    ['person_b', 'uuid'],
  ],
  location: [
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
    ['citation_id', 'uuid', 'targetId'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['position', 'integer'],
  ],
  note: [
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
    ['note_id', 'uuid', 'targetId'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['position', 'integer'],
  ],
  media_object: [
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
    ['media_id', 'uuid', 'targetId'],
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['position', 'integer'],
  ],
  gedcom_extra: [
    ['node_id', 'uuid'],
    ['node_kind', 'text'],
    ['tag', 'text'],
    ['anchor', 'text[]'],
    ['lines', 'jsonb'],
  ],
} as const satisfies Record<string, readonly Column[]>;

type Table = keyof typeof columns;

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** One INSERT … SELECT FROM json_to_recordset per batch of plan rows (objects with the columns' fields). */
async function insertRows(tx: Db, treeId: string, table: Table, rows: readonly object[], signal?: AbortSignal) {
  const list: readonly Column[] = columns[table];
  const fields = list.map(([name, , field]) => field ?? camelCase(name));
  const names = sql.raw(['tree_id', ...list.map(([name]) => name)].map((name) => `"${name}"`).join(', '));
  const record = sql.raw(list.map(([, type], index) => `"${fields[index]}" ${type}`).join(', '));
  const picks = sql.raw(fields.map((field) => `r."${field}"`).join(', '));
  for (let i = 0; i < rows.length; i += BATCH) {
    signal?.throwIfAborted();
    const json = JSON.stringify(rows.slice(i, i + BATCH));
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${treeId}::uuid, ${picks} from json_to_recordset(${json}::json) as r(${record})`,
    );
  }
}

/**
 * Writes rows drained while the file is read, inside the caller's transaction, in the order the
 * foreign keys need (places before the events at them; records before their citations; persons
 * and events before participants); the count triggers run once per statement. A cancelled import
 * (the client went away) stops between statements, and the transaction rolls back.
 */
export async function insertDrained(tx: Db, treeId: string, rows: DrainedRows, signal?: AbortSignal): Promise<void> {
  const write = (table: Table, tableRows: readonly object[]) => insertRows(tx, treeId, table, tableRows, signal);
  await write('person', rows.persons);
  await write('location', rows.locations);
  await write(
    'event',
    rows.events.map((event) => ({ id: event.id, ...event.values })),
  );
  await write('note', rows.notes);
  await write('media_object', rows.media);
  await write('repository', rows.repositories);
  await write('source_record', rows.records);
  await write('citation', rows.citations);
  await write('event_participant', rows.participants);
  await write('citation_link', rows.citationLinks);
  await write('note_link', rows.noteLinks);
  await write('media_link', rows.mediaLinks);
}

/**
 * Writes what only the end of the file settles: the relations (families are mapped last), the
 * coordinates of places written before their MAP line came, and the kept lines.
 */
export async function insertRest(tx: Db, treeId: string, plan: ImportPlan, signal?: AbortSignal): Promise<void> {
  const write = (table: Table, tableRows: readonly object[]) => insertRows(tx, treeId, table, tableRows, signal);
  await write('parent_child', plan.parentLinks);
  await write('partner', plan.partnerLinks);
  await write('sibling_link', plan.siblingLinks);
  if (plan.coordinates.length > 0) {
    await tx.execute(sql`
      update location l set lat = c.lat, lng = c.lng
      from json_to_recordset(${JSON.stringify(plan.coordinates)}::json) as c(id uuid, lat double precision, lng double precision)
      where l.tree_id = ${treeId} and l.id = c.id`);
  }
  await write(
    'gedcom_extra',
    plan.extras.map((extra) => (extra.nodeKind === 'tree' ? { ...extra, nodeId: treeId } : extra)),
  );
}
