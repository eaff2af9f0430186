/** The data-quality report's dismissals (issue 24). See ../schema.ts. */
import { sql } from 'drizzle-orm';
import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tree } from './trees.ts';

/**
 * "Checked, it is right": one finding of the data-quality report that the owner dismissed, by
 * rule, object (a person, event or place) and the other object the finding names (a child, a
 * sibling, an event; null when none). It stays dismissed while the finding is found again. No
 * foreign key to the object, which may be of three tables: a dismissal of an object since deleted
 * is never shown (nothing finds it), and comes back into use if the delete is undone. Recorded in
 * the change history as an object of its own (its id), so dismissing is undone like any change.
 */
export const qualityDismissal = pgTable(
  'quality_dismissal',
  {
    treeId: uuid('tree_id').notNull(),
    id: uuid('id').notNull(),
    rule: text('rule').notNull(),
    objectId: uuid('object_id').notNull(),
    relatedId: uuid('related_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    uniqueIndex('quality_dismissal_item_idx').on(
      table.treeId,
      table.rule,
      table.objectId,
      sql`coalesce(${table.relatedId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    foreignKey({ columns: [table.treeId], foreignColumns: [tree.id] }).onDelete('cascade'),
  ],
);
