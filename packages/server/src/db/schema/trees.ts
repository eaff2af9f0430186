/** Trees and the privacy cache of their persons. See ../schema.ts. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { timestamps } from './common.ts';

// ---- Trees ----

export const tree = pgTable(
  'tree',
  {
    id: uuid('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** trimmed, NFC, lower-case name: unique per owner (treeNameAlreadyTaken). */
    nameKey: text('name_key').notNull(),
    /** The root person (proband). */
    rootId: uuid('root_id'),
    /**
     * The secret of the tree's share link, null while the tree is not shared. Turning sharing off
     * clears it and turning it on again makes a new one, so old links stop working.
     */
    shareToken: text('share_token'),
    /** Kept by statement-level triggers on person (see the migration), so counting is free. */
    personsCount: integer('persons_count').notNull().default(0),
    locationsCount: integer('locations_count').notNull().default(0),
    eventsCount: integer('events_count').notNull().default(0),
    /** Repositories, records and citations. */
    sourcesCount: integer('sources_count').notNull().default(0),
    /**
     * Raised by statement-level triggers on event, event_participant and parent_child: whatever can
     * change who is presumed living. `person_public` is brought up to date when `tree_privacy` says
     * it was computed for an older revision.
     */
    privacyRevision: integer('privacy_revision').notNull().default(0),
    /**
     * Raised by statement-level triggers on every table the data-quality report reads (migration
     * 0036): the report computed at a revision is used again while it is unchanged.
     */
    contentRevision: bigint('content_revision', { mode: 'number' }).notNull().default(0),
    /**
     * The GEDCOM import job still writing this tree (it commits in chunks), or null. While set the
     * tree is hidden (no list, no access); a job that does not end done has its tree deleted.
     */
    importJob: uuid('import_job'),
    /**
     * When the owner deleted the tree (issue 21), or null. While set the tree is hidden from every
     * route and listed only in its owner's deleted trees; the trash sweep deletes it for good later.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('tree_owner_name_key_idx').on(table.ownerId, table.nameKey).where(sql`${table.deletedAt} is null`),
    index('tree_deleted_at_idx').on(table.deletedAt).where(sql`${table.deletedAt} is not null`),
    uniqueIndex('tree_share_token_idx').on(table.shareToken),
    index('tree_import_job_idx').on(table.importJob).where(sql`${table.importJob} is not null`),
  ],
);

/**
 * The privacy cache of a tree (modules/privacy/): the revision, day and living-years setting
 * `person_public` was computed for, and how many persons it holds (a visitor's list total). No row:
 * never computed. Only a visitor's refresh writes it, never a write to the tree, so the refresh
 * does not wait for the tree row a write holds; no foreign key for the same reason (an insert
 * would share-lock the tree row): a trigger on tree deletes the rows of deleted trees.
 */
export const treePrivacy = pgTable('tree_privacy', {
  treeId: uuid('tree_id').primaryKey(),
  computedRevision: integer('computed_revision').notNull(),
  computedOn: date('computed_on', { mode: 'string' }).notNull(),
  computedYears: integer('computed_years').notNull(),
  publicCount: integer('public_count').notNull().default(0),
});

/**
 * The persons of a tree presumed dead, so shown to visitors (modules/privacy/): a cache of the rule,
 * brought up to date for the persons named in `person_privacy_dirty` (and wholly when the day or
 * the setting has changed). Everyone not listed is presumed living and private. No foreign key to
 * tree, as for `tree_privacy`.
 */
export const personPublic = pgTable(
  'person_public',
  {
    treeId: uuid('tree_id').notNull(),
    personId: uuid('person_id').notNull(),
    /** The person's `sort_key`, copied (and kept by a trigger on person), so a visitor's list pages by an index. */
    sortKey: text('sort_key').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.personId] }),
    index('person_public_sort_idx').on(table.treeId, sql`${table.sortKey} collate "C"`, table.personId),
  ],
);

/**
 * The persons whose own life events or parent links changed since `person_public` was last brought
 * up to date: written by the statement-level privacy triggers, taken by the refresh. `version` is
 * the writing transaction's id, new on every write, so the refresh deletes only rows no write has
 * named again since it read them. No foreign key, as for `tree_privacy`.
 */
export const personPrivacyDirty = pgTable(
  'person_privacy_dirty',
  {
    treeId: uuid('tree_id').notNull(),
    personId: uuid('person_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (table) => [primaryKey({ columns: [table.treeId, table.personId] })],
);
