/** What a GEDCOM import kept that Anor has no field for. See ../schema.ts. */
import { jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tree } from './trees.ts';

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
