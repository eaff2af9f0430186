/** Media objects (issue 22), their links and persons' portraits. See ../schema.ts. */
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { gedcomReferenceColumns, revisionColumn, timestamps } from './common.ts';
import { person } from './persons.ts';
import { tree } from './trees.ts';

/** A media object (GEDCOM OBJE): a file reference kept with its facts. */
export const mediaObject = pgTable(
  'media_object',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    fileReference: text('file_reference').notNull(),
    format: text('format'),
    type: text('type'),
    title: text('title'),
    // An uploaded file (issue 22); all null for a GEDCOM reference without a file.
    /** SHA-256 (hex) of the original's bytes: its key in the media storage. */
    contentHash: text('content_hash'),
    /** The type sniffed from the bytes (image/jpeg, application/pdf, …). */
    mimeType: text('mime_type'),
    /** Bytes of the original. */
    size: bigint('size', { mode: 'number' }),
    /** Of the original, after EXIF orientation. */
    width: integer('width'),
    height: integer('height'),
    /** As uploaded. */
    fileName: text('file_name'),
    /** Free text, as the user typed it. */
    date: text('date'),
    description: text('description'),
    /** Content type of the stored thumbnail and screen versions; null where none was made (a PDF here). */
    thumbType: text('thumb_type'),
    screenType: text('screen_type'),
    /** Bytes of the stored derived versions (the storage limit counts them with the original). */
    derivedSize: bigint('derived_size', { mode: 'number' }),
    ...gedcomReferenceColumns,
    ...revisionColumn,
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('media_object_hash_idx').on(table.contentHash),
    index('media_object_created_idx').on(table.treeId, table.createdAt, table.id),
  ],
);

/** A person's portrait: a crop (fractions 0..1 of the oriented original) of one of the tree's images. */
export const personPortrait = pgTable(
  'person_portrait',
  {
    treeId: uuid('tree_id').notNull(),
    personId: uuid('person_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    cropX: doublePrecision('crop_x').notNull(),
    cropY: doublePrecision('crop_y').notNull(),
    cropWidth: doublePrecision('crop_width').notNull(),
    cropHeight: doublePrecision('crop_height').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.personId] }),
    index('person_portrait_media_idx').on(table.treeId, table.mediaId),
    foreignKey({ columns: [table.treeId, table.personId], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [table.treeId, table.mediaId],
      foreignColumns: [mediaObject.treeId, mediaObject.id],
    }).onDelete('cascade'),
  ],
);

/** A media object attached to a person, event, place, source or note (see citation_link). */
export const mediaLink = pgTable(
  'media_link',
  {
    treeId: uuid('tree_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    nodeId: uuid('node_id').notNull(),
    nodeKind: text('node_kind', {
      enum: ['person', 'event', 'location', 'citation', 'record', 'repository', 'note'],
    }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.nodeId, table.mediaId] }),
    index('media_link_media_idx').on(table.treeId, table.mediaId),
    foreignKey({
      columns: [table.treeId, table.mediaId],
      foreignColumns: [mediaObject.treeId, mediaObject.id],
    }).onDelete('cascade'),
  ],
);
