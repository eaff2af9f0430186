import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DrainedRows, ImportPlan } from './gedcom.plan.ts';

/**
 * Rows per INSERT. Each statement takes its rows as one JSON parameter, unpacked by PostgreSQL's
 * json_to_recordset: building a statement with a bind parameter per value (tens of thousands of
 * them) costs more than PostgreSQL's work on the rows, so this is several times faster than
 * multi-row VALUES on both databases, and has no parameter limit.
 */
const BATCH = 4000;

/**
 * A column, its type, the plan row's field it comes from (default: the column's name in
 * camelCase), and the SQL written when the row has no value for it (default: null).
 */
type Column = readonly [name: string, type: string, field?: string, fallback?: string];

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
    ['match_keys', 'text[]'],
    ['root_relation', 'text', undefined, `'none'`],
  ],
  person_name: [
    ['id', 'uuid'],
    ['person_id', 'uuid'],
    ['type', 'text'],
    ['type_text', 'text'],
    ['f_name', 'text'],
    ['p_name', 'text'],
    ['l_name', 'text'],
    ['from_date', 'text'],
    ['to_date', 'text'],
    ['position', 'integer'],
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

/** Rows as a JSON array of objects without their null fields (json_to_recordset reads a missing field as null). */
type Serializer = (rows: readonly object[], from: number, to: number) => string;

/**
 * A serializer of the fields of one table's rows. Leaving out null fields, and every field that
 * is not a column, makes the text about a third shorter (events and participants are mostly
 * nulls), which is less for PostgreSQL to read. The rows are copied into objects of their
 * non-null columns and given to JSON.stringify whole: as fast as stringifying the plan's rows as
 * they are, and twice as fast as writing the text field by field in JavaScript.
 */
function serializer(fields: readonly string[]): Serializer {
  return (rows, from, to) => {
    const picked: Record<string, unknown>[] = [];
    for (let i = from; i < to; i++) {
      const row = rows[i] as Record<string, unknown>;
      const object: Record<string, unknown> = {};
      for (const field of fields) {
        const value = row[field];
        if (value !== null && value !== undefined) object[field] = value;
      }
      picked.push(object);
    }
    return JSON.stringify(picked);
  };
}

interface Statement {
  /** `insert into … select ` (then the tree id) */
  head: SQL;
  /** `::uuid, r."…", … from json_to_recordset(` (then the rows) */
  middle: SQL;
  /** `::json) as r(…)` */
  end: SQL;
  serialize: Serializer;
}

const statements = new Map<Table, Statement>();

/** The parts of a table's INSERT … SELECT FROM json_to_recordset around the tree id and the rows. */
function statementOf(table: Table): Statement {
  let statement = statements.get(table);
  if (statement) return statement;
  const list: readonly Column[] = columns[table];
  const fields = list.map(([name, , field]) => field ?? camelCase(name));
  const names = ['tree_id', ...list.map(([name]) => name)].map((name) => `"${name}"`).join(', ');
  const record = list.map(([, type], index) => `"${fields[index]}" ${type}`).join(', ');
  const picks = list
    .map(([, , , fallback], index) =>
      fallback === undefined ? `r."${fields[index]}"` : `coalesce(r."${fields[index]}", ${fallback})`,
    )
    .join(', ');
  statement = {
    head: sql.raw(`insert into "${table}" (${names}) select `),
    middle: sql.raw(`::uuid, ${picks} from json_to_recordset(`),
    end: sql.raw(`::json) as r(${record})`),
    serialize: serializer(fields),
  };
  statements.set(table, statement);
  return statement;
}

/**
 * Runs `work` in a transaction of its own (an import job's chunk), or in the caller's one;
 * `rowsPerTransaction`: how many rows a chunk may hold (default ROWS_PER_TRANSACTION).
 */
export type InTransaction = (<T>(work: (tx: Db) => Promise<T>) => Promise<T>) & { rowsPerTransaction?: number };

/**
 * Rows written per transaction when an import commits in chunks (see Writer), on the embedded
 * database: small, so that the requests waiting for its one connection get it often. On
 * PostgreSQL the import asks for more (gedcom.service.ts): they wait on other connections, and
 * each commit waits for the disk.
 */
const ROWS_PER_TRANSACTION = 4000;

/**
 * Writes tables in order, one INSERT … SELECT FROM json_to_recordset per batch of plan rows.
 * Statements are collected (each batch's JSON made only when it is sent, so that the text of a
 * whole plan is never in memory at once), then run in transactions of about
 * ROWS_PER_TRANSACTION rows each (`inTransaction`: for an import job, a transaction of its own
 * per chunk, after which it pauses (see the import's `chunked` in gedcom.service.ts); otherwise the
 * caller's one transaction). A failed statement stops the rest; a cancelled import stops between
 * statements.
 */
class Writer {
  private readonly queries: { make: () => SQL; rows: number }[] = [];

  constructor(
    private readonly inTransaction: InTransaction,
    private readonly treeId: string,
    private readonly signal: AbortSignal | undefined,
    /** Told after each statement: the share (0 to 1) of the statements that are done. */
    private readonly onProgress?: (fraction: number) => void,
  ) {}

  rows(table: Table, rows: readonly object[]): void {
    if (rows.length === 0) return;
    const statement = statementOf(table);
    const { treeId } = this;
    for (let i = 0; i < rows.length; i += BATCH) {
      const to = Math.min(i + BATCH, rows.length);
      const from = i;
      this.queries.push({
        make: () =>
          sql`${statement.head}${treeId}${statement.middle}${statement.serialize(rows, from, to)}${statement.end}`,
        rows: to - from,
      });
    }
  }

  send(query: SQL, rows = 1): void {
    this.queries.push({ make: () => query, rows });
  }

  async done(): Promise<void> {
    const { queries, signal } = this;
    const perTransaction = this.inTransaction.rowsPerTransaction ?? ROWS_PER_TRANSACTION;
    let next = 0;
    while (next < queries.length) {
      signal?.throwIfAborted();
      await this.inTransaction(async (tx) => {
        await forgetCachedPlans(tx);
        let rows = 0;
        while (next < queries.length && rows < perTransaction) {
          signal?.throwIfAborted();
          const { make, rows: count } = queries[next] as { make: () => SQL; rows: number };
          await tx.execute(make());
          next += 1;
          rows += count;
          this.onProgress?.(next / queries.length);
        }
      });
    }
    queries.length = 0;
  }
}

/**
 * Drops the query plans this database session has cached, before an import writes: the foreign
 * keys' checks (one query per inserted row) are planned once per session and kept, and a plan
 * made while a table was nearly empty reads the whole table for every row. PGlite has no
 * autovacuum and therefore no fresh statistics to replace such a plan: after a small tree was
 * written (the demonstration tree at the first start), royal92's import took 18 s instead of 1 s,
 * most of it the participants' checks scanning the event and person tables. Planned again, the
 * checks see the tables as they now are (our own rows included) and use their primary keys.
 */
export async function forgetCachedPlans(tx: Db): Promise<void> {
  await tx.execute(sql`discard plans`);
}

/**
 * Writes rows drained while the file is read, in the order the foreign keys need (places before
 * the events at them; records before their citations; persons and events before participants);
 * the count triggers run once per statement.
 */
function writeDrained(writer: Writer, rows: DrainedRows): void {
  writer.rows('person', rows.persons);
  writer.rows(
    'person_name',
    rows.persons.flatMap((person) => person.names ?? []),
  );
  writer.rows('location', rows.locations);
  writer.rows(
    'event',
    rows.events.map((event) => ({ id: event.id, ...event.values })),
  );
  writer.rows('note', rows.notes);
  writer.rows('media_object', rows.media);
  writer.rows('repository', rows.repositories);
  writer.rows('source_record', rows.records);
  writer.rows('citation', rows.citations);
  writer.rows('event_participant', rows.participants);
  writer.rows('citation_link', rows.citationLinks);
  writer.rows('note_link', rows.noteLinks);
  writer.rows('media_link', rows.mediaLinks);
}

/**
 * Writes what only the end of the file settles: the relations (families are mapped last), the
 * coordinates of places written before their MAP line came, and the kept lines.
 */
function writeRest(writer: Writer, treeId: string, plan: ImportPlan): void {
  writer.rows('parent_child', plan.parentLinks);
  writer.rows('partner', plan.partnerLinks);
  writer.rows('sibling_link', plan.siblingLinks);
  if (plan.coordinates.length > 0) {
    writer.send(sql`
      update location l set lat = c.lat, lng = c.lng
      from json_to_recordset(${JSON.stringify(plan.coordinates)}::json) as c(id uuid, lat double precision, lng double precision)
      where l.tree_id = ${treeId} and l.id = c.id`);
  }
  writer.rows(
    'gedcom_extra',
    plan.extras.map((extra) => (extra.nodeKind === 'tree' ? { ...extra, nodeId: treeId } : extra)),
  );
}

/** Writes a batch of rows drained while a large file is read, in chunks (see Writer). */
export async function insertDrained(
  inTransaction: InTransaction,
  treeId: string,
  rows: DrainedRows,
  signal?: AbortSignal,
): Promise<void> {
  const writer = new Writer(inTransaction, treeId, signal);
  writeDrained(writer, rows);
  await writer.done();
}

/** Writes the end of a large file's plan (see writeRest), in chunks (see Writer). */
export async function insertRest(
  inTransaction: InTransaction,
  treeId: string,
  plan: ImportPlan,
  signal?: AbortSignal,
): Promise<void> {
  const writer = new Writer(inTransaction, treeId, signal);
  writeRest(writer, treeId, plan);
  await writer.done();
}

/** Writes a whole plan read into memory (its drained rows, then the rest), in chunks (see Writer). */
export async function insertPlan(
  inTransaction: InTransaction,
  treeId: string,
  drained: readonly DrainedRows[],
  plan: ImportPlan,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const writer = new Writer(inTransaction, treeId, signal, onProgress);
  for (const rows of drained) writeDrained(writer, rows);
  writeRest(writer, treeId, plan);
  await writer.done();
}
