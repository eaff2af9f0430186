import type { ChangeObjectKind } from '@anor/core';
import { type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';

/**
 * The recorded tables of a tree (migration 0018 puts a history trigger on each): the column that
 * names a row's object and, for a link, its other end (together with tree_id, the row's key), and
 * the kind of object the API calls it. In the order undo puts rows back: a table after the tables
 * it refers to; rows are taken away in the opposite order.
 */
export const recordedTables: readonly {
  table: PgTable;
  name: string;
  kind: ChangeObjectKind;
  node: string;
  related: string | null;
}[] = [
  { table: schema.location, name: 'location', kind: 'place', node: 'id', related: null },
  { table: schema.repository, name: 'repository', kind: 'repository', node: 'id', related: null },
  { table: schema.sourceRecord, name: 'source_record', kind: 'record', node: 'id', related: null },
  { table: schema.citation, name: 'citation', kind: 'citation', node: 'id', related: null },
  { table: schema.note, name: 'note', kind: 'note', node: 'id', related: null },
  { table: schema.mediaObject, name: 'media_object', kind: 'media', node: 'id', related: null },
  { table: schema.person, name: 'person', kind: 'person', node: 'id', related: null },
  { table: schema.event, name: 'event', kind: 'event', node: 'id', related: null },
  { table: schema.personName, name: 'person_name', kind: 'personName', node: 'person_id', related: 'id' },
  { table: schema.parentChild, name: 'parent_child', kind: 'parentChild', node: 'child_id', related: 'parent_id' },
  { table: schema.partner, name: 'partner', kind: 'partner', node: 'person_a', related: 'person_b' },
  { table: schema.siblingLink, name: 'sibling_link', kind: 'sibling', node: 'person_a', related: 'person_b' },
  {
    table: schema.eventParticipant,
    name: 'event_participant',
    kind: 'participant',
    node: 'event_id',
    related: 'person_id',
  },
  { table: schema.citationLink, name: 'citation_link', kind: 'citationLink', node: 'node_id', related: 'citation_id' },
  { table: schema.noteLink, name: 'note_link', kind: 'noteLink', node: 'node_id', related: 'note_id' },
  { table: schema.mediaLink, name: 'media_link', kind: 'mediaLink', node: 'node_id', related: 'media_id' },
  { table: schema.personPortrait, name: 'person_portrait', kind: 'portrait', node: 'person_id', related: 'media_id' },
  {
    table: schema.personNotDuplicate,
    name: 'person_not_duplicate',
    kind: 'notDuplicate',
    node: 'person_a',
    related: 'person_b',
  },
  { table: schema.gedcomExtra, name: 'gedcom_extra', kind: 'gedcomExtra', node: 'node_id', related: null },
  {
    table: schema.qualityDismissal,
    name: 'quality_dismissal',
    kind: 'qualityDismissal',
    node: 'id',
    related: null,
  },
];

const kinds = new Map<string, ChangeObjectKind>([
  ['tree', 'tree'],
  ...recordedTables.map((entry) => [entry.name, entry.kind] as [string, ChangeObjectKind]),
]);

export function objectKindOfTable(name: string): ChangeObjectKind {
  return kinds.get(name) ?? 'gedcomExtra';
}

/** A table's columns (database names), for undo's updates. */
export function columnsOf(table: PgTable): string[] {
  return getTableConfig(table).columns.map((column) => column.name);
}

/** Columns the history does not show: derived from others, or kept by the database. */
export const hiddenColumns: ReadonlySet<string> = new Set([
  'tree_id',
  'created_at',
  'updated_at',
  'revision',
  'root_relation',
  'search_text',
  'sort_key',
  'name_key',
  'title_key',
  'date_from',
  'date_to',
  'match_keys',
]);

/** Columns that hold the id of another object (what undo of a new object checks later changes for). */
export const referenceColumns = ['location_id', 'parent_id', 'repository_id', 'record_id', 'root_id'] as const;

/**
 * What a row put back whole (undo of a delete, an accepted proposal's insert) takes for a column
 * its recorded copy may lack: the places', sources', notes' and media's `revision` came with
 * migration 0035, after rows deleted before it were recorded. Merged under the recorded row.
 */
export function rowDefaults(entry: (typeof recordedTables)[number]): SQL {
  return columnsOf(entry.table).includes('revision') ? sql`'{"revision": 1}'::jsonb` : sql`'{}'::jsonb`;
}

/**
 * The SET clause that writes a recorded table's row `x` from `fields` (SQL of a jsonb of the row's
 * new values): every column but the key, the revision moved on and the time stamped where the
 * table has them. Undo's updates and an accepted proposal's share it. Null: nothing to set.
 */
export function updateSetClause(entry: (typeof recordedTables)[number], fields: SQL): SQL | null {
  const quote = (name: string) => sql.raw(`"${name}"`);
  const all = columnsOf(entry.table);
  const keys = new Set(['tree_id', entry.node, entry.related ?? '']);
  const columns = all.filter((name) => !keys.has(name) && name !== 'revision' && name !== 'updated_at');
  if (columns.length === 0) return null;
  const extra = [
    ...(all.includes('revision') ? [sql`"revision" = x."revision" + 1`] : []),
    ...(all.includes('updated_at') ? [sql`"updated_at" = now()`] : []),
  ];
  return sql`set (${sql.join(columns.map(quote), sql`, `)}) = (
      select ${sql.join(
        columns.map((name) => sql`r.${quote(name)}`),
        sql`, `,
      )}
      from jsonb_populate_record(null::${quote(entry.name)}, ${fields}) r
    )${extra.length > 0 ? sql`, ${sql.join(extra, sql`, `)}` : sql``}`;
}
