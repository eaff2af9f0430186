/** Repositories, records, citations and notes. See ../schema.ts. */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { gedcomReferenceColumns, revisionColumn, timestamps } from './common.ts';
import { tree } from './trees.ts';

/** An archive or other holder of sources. */
export const repository = pgTable(
  'repository',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    /** foldForSearch(title): search and the duplicate offer. */
    titleKey: text('title_key').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    phone: text('phone'),
    email: text('email'),
    fax: text('fax'),
    www: text('www'),
    ...revisionColumn,
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('repository_title_idx').on(table.treeId, table.titleKey),
  ],
);

/** A titled source (a church book, a census), optionally held by a repository. */
export const sourceRecord = pgTable(
  'source_record',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    repositoryId: uuid('repository_id'),
    title: text('title').notNull(),
    titleKey: text('title_key').notNull(),
    originator: text('originator'),
    filedByEntry: text('filed_by_entry'),
    publicationFacts: text('publication_facts'),
    url: text('url'),
    ...revisionColumn,
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    // On the key's first characters: a title of 1000 wide characters folds to a key too long for a btree entry.
    index('source_record_title_idx').on(table.treeId, sql`left(${table.titleKey}, 500)`),
    index('source_record_repository_idx')
      .on(table.treeId, table.repositoryId)
      .where(sql`${table.repositoryId} is not null`),
    foreignKey({ columns: [table.treeId, table.repositoryId], foreignColumns: [repository.treeId, repository.id] }),
  ],
);

/**
 * What records are ordered by first, as `source_record_title_idx` holds it (then by the whole key):
 * the index can hold a key's first 500 characters (2,000 bytes at most), not a 1000-character title's key.
 */
export const recordTitleKeyPrefix = sql`left(${sourceRecord.titleKey}, 500)`;

/** A place within a record: the page, a web address, a transcription. */
export const citation = pgTable(
  'citation',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    recordId: uuid('record_id'),
    whereWithinSourceText: text('where_within_source_text'),
    whereWithinSourceUrl: text('where_within_source_url'),
    /** Sanitized HTML; empty text when there is none. */
    textFromSource: text('text_from_source').notNull().default(''),
    /** Folded page text and URL: search and the duplicate offer. */
    searchText: text('search_text').notNull().default(''),
    eventCitedFrom: text('event_cited_from'),
    eventCitedFromRole: text('event_cited_from_role'),
    entryRecordingDate: text('entry_recording_date'),
    certaintyAssessment: text('certainty_assessment'),
    ...revisionColumn,
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('citation_record_idx').on(table.treeId, table.recordId).where(sql`${table.recordId} is not null`),
    foreignKey({ columns: [table.treeId, table.recordId], foreignColumns: [sourceRecord.treeId, sourceRecord.id] }),
  ],
);

/**
 * A citation cited on an event, place, note or person (a GEDCOM import's person-level SOUR). The node side has no foreign key (several kinds of
 * node); a statement-level trigger on each node table removes the links of deleted nodes.
 */
export const citationLink = pgTable(
  'citation_link',
  {
    treeId: uuid('tree_id').notNull(),
    citationId: uuid('citation_id').notNull(),
    nodeId: uuid('node_id').notNull(),
    nodeKind: text('node_kind', { enum: ['event', 'location', 'note', 'person'] }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.nodeId, table.citationId] }),
    index('citation_link_citation_idx').on(table.treeId, table.citationId),
    foreignKey({ columns: [table.treeId, table.citationId], foreignColumns: [citation.treeId, citation.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A rich-text note. */
export const note = pgTable(
  'note',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    title: text('title'),
    /** Sanitized HTML. */
    text: text('text').notNull(),
    ...gedcomReferenceColumns,
    ...revisionColumn,
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.treeId, table.id] })],
);

/** A note connected to a person, event, place, citation, record or repository (see citation_link). */
export const noteLink = pgTable(
  'note_link',
  {
    treeId: uuid('tree_id').notNull(),
    noteId: uuid('note_id').notNull(),
    nodeId: uuid('node_id').notNull(),
    nodeKind: text('node_kind', {
      enum: ['person', 'event', 'location', 'citation', 'record', 'repository'],
    }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.nodeId, table.noteId] }),
    index('note_link_note_idx').on(table.treeId, table.noteId),
    foreignKey({ columns: [table.treeId, table.noteId], foreignColumns: [note.treeId, note.id] }).onDelete('cascade'),
  ],
);
