/** Places, events and their participants. See ../schema.ts. */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { revisionColumn, timestamps } from './common.ts';
import { person } from './persons.ts';
import { tree } from './trees.ts';

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
    ...revisionColumn,
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
