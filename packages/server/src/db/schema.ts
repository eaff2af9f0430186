/**
 * The one Drizzle schema (PostgreSQL dialect) for PGlite and PostgreSQL alike. Migrations in
 * ../../drizzle are generated from it with `npm run db:generate`.
 *
 * Two families of tables:
 * - account tables (user, session, account, verification) in the shape better-auth expects, plus
 *   subscription and contact_message;
 * - tree-owned tables: each carries tree_id as the first column of its primary key, and every
 *   query filters by it, so that a distributed PostgreSQL (Citus) can shard by tree.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// ---- Accounts (better-auth) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  /** The user's first name (SPEC: fName). */
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** The interface language the user last registered or signed in with (sv, en, da, no, fi): e-mails sent without a request use it. */
  language: text('language'),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** argon2id hash (PHC string) for the e-mail-and-password provider. */
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** A user without a row here is on the free tier. */
export const subscription = pgTable('subscription', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: ['free', 'monthly', 'yearly'] }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  ...timestamps,
});

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey(),
  sender: text('sender').notNull(),
  text: text('text').notNull(),
  /** The signed-in user who wrote it, if any. Kept when the account goes. */
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

export const genders = ['male', 'female', 'other', 'unknown'] as const;
export const rootRelations = ['root', 'ancestor', 'descendant', 'none'] as const;

export const person = pgTable(
  'person',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    fName: text('f_name'),
    pName: text('p_name'),
    lName: text('l_name'),
    gender: text('gender', { enum: genders }).notNull().default('unknown'),
    occupation: text('occupation'),
    description: text('description'),
    /** Root, ancestor or descendant of the tree's root person, or none: kept up to date set-wise on every change. */
    rootRelation: text('root_relation', { enum: rootRelations }).notNull().default('none'),
    /** Folded names and occupation (see @anor/core foldForSearch), for accent-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    /** Byte-ordered Swedish sort key of last name, first name (see @anor/core personSortKey). */
    sortKey: text('sort_key').notNull().default(''),
    /** Raised on every change of the person's own fields: an update names the revision it started from. */
    revision: integer('revision').notNull().default(1),
    /**
     * The duplicate finder's name keys (@anor/core personMatchKeys of the name and the other names):
     * null until computed (rows older than migration 0019 get them at the finder's first run).
     */
    matchKeys: text('match_keys').array(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('person_match_keys_idx').using('gin', table.matchKeys),
    index('person_match_keys_pending_idx').on(table.treeId).where(sql`${table.matchKeys} is null`),
    index('person_tree_sort_idx').on(table.treeId, sql`${table.sortKey} collate "C"`, table.id),
    // The root's lineage is small: recomputing it must not scan the whole tree.
    index('person_lineage_idx').on(table.treeId, table.rootRelation).where(sql`${table.rootRelation} <> 'none'`),
    // Accent-folded search with LIKE '%term%' (pg_trgm).
    index('person_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/**
 * A person's other names (issue 19, item 14): birth, married, also-known-as, spelling variants, …
 * with optional dates, in the user's order. The person's search text holds them too.
 */
export const personName = pgTable(
  'person_name',
  {
    treeId: uuid('tree_id').notNull(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    type: text('type').notNull(),
    /** The imported file's own NAME TYPE text when it was none of the known types (type is `other`). */
    typeText: text('type_text'),
    fName: text('f_name'),
    pName: text('p_name'),
    lName: text('l_name'),
    fromDate: text('from_date'),
    toDate: text('to_date'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('person_name_person_idx').on(table.treeId, table.personId, table.position),
    foreignKey({ columns: [table.treeId, table.personId], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Pairs of persons the owner said are not one person (the duplicate finder, issue 21): never
 * listed again. Stored once with personA < personB; gone with either person.
 */
export const personNotDuplicate = pgTable(
  'person_not_duplicate',
  {
    treeId: uuid('tree_id').notNull(),
    personA: uuid('person_a').notNull(),
    personB: uuid('person_b').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.personA, table.personB] }),
    index('person_not_duplicate_b_idx').on(table.treeId, table.personB),
    foreignKey({ columns: [table.treeId, table.personA], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.treeId, table.personB], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    check('person_not_duplicate_ordered', sql`${table.personA} < ${table.personB}`),
  ],
);

/** A parent–child link. A person has at most two parents (checked by the service). */
export const parentChild = pgTable(
  'parent_child',
  {
    treeId: uuid('tree_id').notNull(),
    parentId: uuid('parent_id').notNull(),
    childId: uuid('child_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.parentId, table.childId] }),
    index('parent_child_child_idx').on(table.treeId, table.childId),
    foreignKey({ columns: [table.treeId, table.parentId], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.treeId, table.childId], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Two persons as partners, stored once with personA < personB. */
export const partner = pgTable(
  'partner',
  {
    treeId: uuid('tree_id').notNull(),
    personA: uuid('person_a').notNull(),
    personB: uuid('person_b').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.personA, table.personB] }),
    index('partner_b_idx').on(table.treeId, table.personB),
    foreignKey({ columns: [table.treeId, table.personA], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.treeId, table.personB], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    check('partner_ordered', sql`${table.personA} < ${table.personB}`),
  ],
);

/** Siblings whose parents are not known, stored once with personA < personB. */
export const siblingLink = pgTable(
  'sibling_link',
  {
    treeId: uuid('tree_id').notNull(),
    personA: uuid('person_a').notNull(),
    personB: uuid('person_b').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.personA, table.personB] }),
    index('sibling_link_b_idx').on(table.treeId, table.personB),
    foreignKey({ columns: [table.treeId, table.personA], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.treeId, table.personB], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
    check('sibling_link_ordered', sql`${table.personA} < ${table.personB}`),
  ],
);

/** A place. Places form trees of any depth through parentId (farm → parish → county → country). */
export const location = pgTable(
  'location',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    /** foldForSearch(name): typed places match on it, case- and accent-insensitively. */
    nameKey: text('name_key').notNull(),
    type: text('type'),
    description: text('description'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    primaryLink: text('primary_link'),
    sortKey: text('sort_key').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('location_parent_idx').on(table.treeId, table.parentId, table.nameKey),
    index('location_tree_name_key_idx').on(table.treeId, table.nameKey),
    index('location_name_key_idx').using('gin', sql`${table.nameKey} gin_trgm_ops`),
    foreignKey({ columns: [table.treeId, table.parentId], foreignColumns: [table.treeId, table.id] }),
    check('location_coordinates', sql`(${table.lat} is null) = (${table.lng} is null)`),
  ],
);

/**
 * An event (SPEC §3). Dates are partial ISO dates ('1850', '1850-03', '1850-03-12') with a date
 * type each; `date_from` and `date_to` are the first and last day the dates can mean (null:
 * open-ended), kept by the service, so that sorting and overlap ("contemporary") queries are
 * plain index range scans.
 */
export const event = pgTable(
  'event',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    type: text('type').notNull(),
    subtype: text('subtype'),
    /** Custom type name and past-tense verb (type other). */
    typeName: text('type_name'),
    typeNameVerb: text('type_name_verb'),
    startDate: text('start_date'),
    startDateType: text('start_date_type'),
    endDate: text('end_date'),
    endDateType: text('end_date_type'),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    causeOfEvent: text('cause_of_event'),
    description: text('description'),
    /**
     * The date as an imported file wrote it, when Anor's dates could not say all of it (a date
     * phrase, another calendar, a dual year): shown next to the date and written back on export.
     */
    dateText: text('date_text'),
    locationId: uuid('location_id'),
    /** Raised on every write: an update must name the revision it started from (two tabs, one event). */
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('event_type_idx').on(table.treeId, table.type, sql`coalesce(${table.dateFrom}, ${table.dateTo})`),
    index('event_sort_idx').on(table.treeId, sql`coalesce(${table.dateFrom}, ${table.dateTo})`),
    index('event_location_idx').on(table.treeId, table.locationId).where(sql`${table.locationId} is not null`),
    foreignKey({ columns: [table.treeId, table.locationId], foreignColumns: [location.treeId, location.id] }),
  ],
);

/** A person taking part in an event, with a role (a known role key or the user's own text). */
export const eventParticipant = pgTable(
  'event_participant',
  {
    treeId: uuid('tree_id').notNull(),
    eventId: uuid('event_id').notNull(),
    personId: uuid('person_id').notNull(),
    role: text('role').notNull(),
    description: text('description'),
    /** The person's own period, for occupation-like types. */
    startDate: text('start_date'),
    startDateType: text('start_date_type'),
    endDate: text('end_date'),
    endDateType: text('end_date_type'),
    /** Order within the event, as the user arranged it. */
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.eventId, table.personId] }),
    index('event_participant_person_idx').on(table.treeId, table.personId),
    foreignKey({ columns: [table.treeId, table.eventId], foreignColumns: [event.treeId, event.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.treeId, table.personId], foreignColumns: [person.treeId, person.id] }).onDelete(
      'cascade',
    ),
  ],
);

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

/** The reference fields a GEDCOM record carries (SPEC §3 note and media object), kept from an import. */
const gedcomReferenceColumns = {
  /** The record's cross-reference id in the imported file (`N12` for `0 @N12@ NOTE`). */
  gedcomId: text('gedcom_id'),
  /** RIN */
  automatedRecordId: text('automated_record_id'),
  /** REFN and its TYPE */
  userReferenceNumber: text('user_reference_number'),
  userReferenceType: text('user_reference_type'),
  /** CHAN.DATE (with its TIME), as written in the file. */
  gedcomChangeDate: text('gedcom_change_date'),
};

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

export const gedcomExtraKinds = [
  'tree',
  'person',
  'family',
  'event',
  'location',
  'repository',
  'record',
  'citation',
  'note',
  'media',
] as const;
export type GedcomExtraKind = (typeof gedcomExtraKinds)[number];

/** A GEDCOM line kept as it was: tag, value, pointer and subordinate lines (no levels, no line numbers). */
export interface KeptGedcomLine {
  /** Only on records kept whole with the tree (SUBM, custom records): their own xref. */
  xref?: string;
  tag: string;
  value?: string;
  /** An Anor id (the node the file's pointer named) or, when it named nothing Anor keeps, `?` + the file's xref. */
  pointer?: string;
  children: KeptGedcomLine[];
  /**
   * Set on a marker, never written as a line of its own: the file's value of the node's `tag` line
   * (a NAME, a TITL, the event's own value) that was too long or not allowed in Anor's field, and
   * `stored`, what the field made of it. Export writes `original` for as long as the line it writes
   * from the field still says `stored` (issue 18: nothing the file said is lost).
   */
  original?: string;
  stored?: string;
}

/**
 * What an import found in a GEDCOM structure and Anor has no field for, kept with the node it
 * belongs to so that export writes it back. A node has at most one row. A family is not a node in
 * Anor: its row has its own id and names its members in `anchor` (the parents' ids, sorted, or
 * the children's when it has no parents).
 */
export const gedcomExtra = pgTable(
  'gedcom_extra',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => tree.id, { onDelete: 'cascade' }),
    nodeId: uuid('node_id').notNull(),
    nodeKind: text('node_kind', { enum: gedcomExtraKinds }).notNull(),
    /** The structure's own tag where Anor's type does not say it (an event of type other: `CENS`, `_MILT`). */
    tag: text('tag'),
    anchor: text('anchor').array(),
    /** Level-1 lines of the structure (children of the record, or of the event or place line). */
    lines: jsonb('lines').$type<KeptGedcomLine[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.treeId, table.nodeId] })],
);

// ---- Jobs (issue 20): long work such as a GEDCOM import, run outside the request ----

/**
 * A long job of one user, run by whichever instance claims it (`FOR UPDATE SKIP LOCKED`,
 * modules/job). `tree_id` is the tree it concerns: for an import, the tree it creates (no foreign
 * key: that tree exists only once the job commits). The running instance writes `heartbeat`
 * (with phase and progress) every few seconds; a running job whose heartbeat stopped is failed by
 * the next instance to look, and its work, written in one transaction, was never committed.
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey(),
    treeId: uuid('tree_id').notNull(),
    kind: text('kind').notNull(),
    /** queued, running, waiting (for the user's confirmation), done, failed, cancelled. */
    state: text('state').notNull(),
    /** reading, checking, waiting, writing: what a running job is doing. */
    phase: text('phase'),
    /** 0 to 100, over the whole job. */
    progress: doublePrecision('progress').notNull().default(0),
    /** The job's input (for an import: the spool file, the tree's name, the language, the chosen encoding). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** What a finished job answers (an import: its report). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why a job failed: `{ code, details }` of the error catalogue. */
    error: jsonb('error').$type<{ code: string; details?: unknown }>(),
    /** The instance that claimed the job. */
    claimedBy: text('claimed_by'),
    heartbeat: timestamp('heartbeat', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('job_created_by_idx').on(table.createdBy, table.createdAt),
    index('job_active_idx')
      .on(table.state, table.heartbeat)
      .where(sql`${table.state} in ('queued', 'running', 'waiting')`),
  ],
);

// ---- Change history (issue 21): written by the triggers of migration 0018, see modules/history ----

/**
 * One user action on a tree (a save, a delete, an import, an undo): who and when. `kind` is what
 * the action did (create, update, delete, relate, unrelate, import, merge, undo, or automatic for
 * a write no service named). Ids come from a sequence, so a later change set has a larger id.
 */
export const historyChangeSet = pgTable(
  'history_change_set',
  {
    treeId: uuid('tree_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    userId: text('user_id'),
    kind: text('kind').notNull(),
    /** For an undo: the change set it undid. */
    undoes: bigint('undoes', { mode: 'number' }),
    /** The undo that undid this change set, if any. */
    undoneBy: bigint('undone_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the trash sweep passed it (older than the trash keeps): what it deleted is purged, no undo. */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('history_change_set_kind_idx').on(table.treeId, table.kind, table.id),
    index('history_change_set_sweep_idx').on(table.createdAt).where(sql`${table.sweptAt} is null`),
  ],
);

/**
 * One row of a tree-owned table inserted (I), updated (U) or deleted (D) by a change set: the
 * table, the row's object (`node_id`) and for a link its other end (`related_id`), and the values:
 * an insert's new row, a delete's whole old row, an update's changed fields before and after.
 */
export const historyChange = pgTable(
  'history_change',
  {
    treeId: uuid('tree_id').notNull(),
    changeSetId: bigint('change_set_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('history_change_seq')`),
    tbl: text('tbl').notNull(),
    op: text('op').notNull(),
    nodeId: uuid('node_id').notNull(),
    relatedId: uuid('related_id'),
    old: jsonb('old').$type<Record<string, unknown>>(),
    new: jsonb('new').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.changeSetId, table.seq] }),
    index('history_change_node_idx').on(table.treeId, table.nodeId, table.changeSetId),
    index('history_change_related_idx')
      .on(table.treeId, table.relatedId, table.changeSetId)
      .where(sql`${table.relatedId} is not null`),
    index('history_change_deleted_idx').on(table.treeId, table.seq).where(sql`${table.op} = 'D'`),
  ],
);

export const schema = {
  user,
  session,
  account,
  verification,
  subscription,
  contactMessage,
  tree,
  person,
  parentChild,
  partner,
  siblingLink,
  location,
  event,
  eventParticipant,
  repository,
  sourceRecord,
  citation,
  citationLink,
  note,
  noteLink,
  mediaObject,
  mediaLink,
  personPortrait,
  gedcomExtra,
  job,
};
