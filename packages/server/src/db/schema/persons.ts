/** Persons, their names and their relations. See ../schema.ts. */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { tree } from './trees.ts';

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
