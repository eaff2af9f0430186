/** Contributors' proposals (issue 26, reviewed changes). See ../schema.ts and drizzle/0033_tree_proposal.sql. */
import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { tree } from './trees.ts';

export type ProposalStatus = 'pending' | 'accepted' | 'rejected' | 'withdrawn';

/**
 * A change a contributor made that waits for review: the request as it came and the rows it would
 * change (modules/proposal/proposal.capture.ts). Not in the change history: what it changes is
 * recorded when it is accepted, under the contributor's name.
 */
export const treeProposal = pgTable(
  'tree_proposal',
  {
    treeId: uuid('tree_id').notNull(),
    id: uuid('id').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').$type<ProposalStatus>().notNull().default('pending'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    path: text('path').notNull(),
    body: jsonb('body'),
    changes: jsonb('changes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    comment: text('comment'),
    changeSetId: bigint('change_set_id', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.treeId, table.id] }),
    index('tree_proposal_status_idx').on(table.treeId, table.status, table.createdAt),
    foreignKey({ columns: [table.treeId], foreignColumns: [tree.id] }).onDelete('cascade'),
  ],
);
