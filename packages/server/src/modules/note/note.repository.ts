import type { NoteNodeKind } from '@anor/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { note, noteLink } from '../../db/schema.ts';

/** All SQL about notes and their links. Every statement filters by tree_id. */

export interface NoteRow {
  id: string;
  title: string | null;
  text: string;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

const noteColumns = {
  id: note.id,
  title: note.title,
  text: note.text,
  revision: note.revision,
  createdAt: note.createdAt,
  updatedAt: note.updatedAt,
};

export async function insertNotes(
  db: Db,
  treeId: string,
  notes: readonly { id: string; title: string | null; text: string }[],
): Promise<void> {
  if (notes.length === 0) return;
  await db.insert(note).values(notes.map((n) => ({ treeId, ...n })));
}

export async function insertLinks(
  db: Db,
  treeId: string,
  links: readonly { noteId: string; nodeId: string; nodeKind: NoteNodeKind }[],
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insert(noteLink)
    .values(links.map((link, position) => ({ treeId, position, ...link })))
    .onConflictDoNothing();
}

export function findNotes(db: Db, treeId: string, ids: readonly string[]): Promise<NoteRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(noteColumns)
    .from(note)
    .where(and(eq(note.treeId, treeId), inArray(note.id, [...ids])));
}

/** The notes of these items, each item's in the order they were added. */
export function notesOfNodes(db: Db, treeId: string, nodeIds: readonly string[]) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ nodeId: noteLink.nodeId, ...noteColumns })
    .from(noteLink)
    .innerJoin(note, and(eq(note.treeId, noteLink.treeId), eq(note.id, noteLink.noteId)))
    .where(and(eq(noteLink.treeId, treeId), inArray(noteLink.nodeId, [...nodeIds])))
    .orderBy(asc(noteLink.nodeId), asc(note.createdAt), asc(note.id));
}

export function linksOfNotes(db: Db, treeId: string, noteIds: readonly string[]) {
  if (noteIds.length === 0) return Promise.resolve([]);
  return db
    .select({ noteId: noteLink.noteId, nodeId: noteLink.nodeId, nodeKind: noteLink.nodeKind })
    .from(noteLink)
    .where(and(eq(noteLink.treeId, treeId), inArray(noteLink.noteId, [...noteIds])));
}

/**
 * Writes the note's title and text (none: only a new revision, as when its sources changed) with a
 * new revision; with `revision`, only if that is still the stored one. Answers whether it wrote.
 */
export async function updateNote(
  db: Db,
  treeId: string,
  id: string,
  values: { title: string | null; text: string } | Record<string, never>,
  revision?: number,
): Promise<boolean> {
  const written = await db
    .update(note)
    .set({ ...values, revision: sql`${note.revision} + 1`, updatedAt: new Date() })
    .where(
      and(eq(note.treeId, treeId), eq(note.id, id), revision === undefined ? undefined : eq(note.revision, revision)),
    )
    .returning({ id: note.id });
  return written.length > 0;
}

/** A new revision of the notes whose citations changed elsewhere (their edit form sends its sources). */
export async function touchNotes(db: Db, treeId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(note)
    .set({ revision: sql`${note.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(note.treeId, treeId), inArray(note.id, [...ids])));
}

export async function deleteNotes(db: Db, treeId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(note).where(and(eq(note.treeId, treeId), inArray(note.id, [...ids])));
}

export async function deleteLink(db: Db, treeId: string, noteId: string, nodeId: string): Promise<number> {
  const deleted = await db
    .delete(noteLink)
    .where(and(eq(noteLink.treeId, treeId), eq(noteLink.noteId, noteId), eq(noteLink.nodeId, nodeId)))
    .returning({ noteId: noteLink.noteId });
  return deleted.length;
}

/**
 * What kind of item each id is in this tree (a person, event, place, citation, record,
 * repository or note), in one statement over the node tables' primary keys.
 */
export async function kindsOf(
  db: Db,
  treeId: string,
  ids: readonly string[],
): Promise<Map<string, NoteNodeKind | 'note'>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; kind: NoteNodeKind | 'note' }>(
    db,
    sql`
    select id, 'person' as kind from person where tree_id = ${treeId} and id in (${list})
    union all select id, 'event' from event where tree_id = ${treeId} and id in (${list})
    union all select id, 'location' from location where tree_id = ${treeId} and id in (${list})
    union all select id, 'citation' from citation where tree_id = ${treeId} and id in (${list})
    union all select id, 'record' from source_record where tree_id = ${treeId} and id in (${list})
    union all select id, 'repository' from repository where tree_id = ${treeId} and id in (${list})
    union all select id, 'note' from note where tree_id = ${treeId} and id in (${list})`,
  );
  return new Map(rows.map((row) => [row.id, row.kind]));
}
