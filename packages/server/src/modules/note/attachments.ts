import {
  type CitationSummary,
  type ErrorCode,
  limitsFor,
  type NewNote,
  type Note,
  type NoteNodeKind,
  noteTitleSchema,
  uuidv7,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import * as sources from '../source/source.repository.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import * as notes from './note.repository.ts';
import { plainTextOf, sanitizeRichText } from './rich-text.ts';

/**
 * What persons, events, places, citations, records and repositories carry besides their own
 * fields: notes, and (events, places, notes) the citations cited on them. Loaded set-wise for
 * many items at once, and saved inside the caller's transaction.
 */

/** A note's text as stored: sanitized; refused when nothing readable is left (SPEC §5). */
export function checkedNote(input: { title?: string | null; text: string }, path: (string | number)[] = ['text']) {
  const text = sanitizeRichText(input.text);
  if (plainTextOf(text) === '') throw new AppError('common.error.text', { path });
  const title = noteTitleSchema.safeParse(input.title);
  if (!title.success) throw new AppError((title.error.issues[0]?.message ?? 'common.error.validation') as ErrorCode);
  return { title: title.data, text };
}

/** Full notes (with their citations and the items they belong to) in the order of `rows`. */
export async function notesWithLinks(db: Db, treeId: string, rows: readonly notes.NoteRow[]): Promise<Note[]> {
  const ids = rows.map((row) => row.id);
  const links = await notes.linksOfNotes(db, treeId, ids);
  const cited = await sources.citationLinksOf(db, treeId, ids);
  const summaries = new Map(
    (await sources.citationSummaries(db, treeId, [...new Set(cited.map((c) => c.citationId))])).map((c) => [c.id, c]),
  );
  return rows.map((row) => {
    const citations = cited
      .filter((c) => c.nodeId === row.id)
      .flatMap((c) => {
        const summary = summaries.get(c.citationId);
        return summary ? [summary] : [];
      });
    return {
      id: row.id,
      treeId,
      title: row.title,
      text: row.text,
      sourceIds: citations.map((c) => c.id),
      revision: row.revision,
      citations,
      connectedNodes: links
        .filter((link) => link.noteId === row.id)
        .map((link) => ({ id: link.nodeId, kind: link.nodeKind })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The notes and cited sources of many items, by item id. */
export async function attachmentsOf(db: Db, treeId: string, nodeIds: readonly string[]) {
  const noteRows = await notes.notesOfNodes(db, treeId, nodeIds);
  const unique = [...new Map(noteRows.map((row) => [row.id, row])).values()];
  const full = new Map((await notesWithLinks(db, treeId, unique)).map((n) => [n.id, n]));
  const cited = await sources.citationLinksOf(db, treeId, nodeIds);
  const summaries = new Map(
    (await sources.citationSummaries(db, treeId, [...new Set(cited.map((c) => c.citationId))])).map((c) => [c.id, c]),
  );
  const result = new Map<string, { notes: Note[]; sources: CitationSummary[] }>();
  for (const id of nodeIds) result.set(id, { notes: [], sources: [] });
  for (const row of noteRows) {
    const n = full.get(row.id);
    if (n) result.get(row.nodeId)?.notes.push(n);
  }
  for (const link of cited) {
    const summary = summaries.get(link.citationId);
    if (summary) result.get(link.nodeId)?.sources.push(summary);
  }
  return result;
}

/** Saves the notes written on an item before it existed, connected to it. */
export async function saveNewNotes(
  tx: Db,
  treeId: string,
  nodeId: string,
  nodeKind: NoteNodeKind,
  newNotes: readonly NewNote[] | undefined,
): Promise<void> {
  if (!newNotes?.length) return;
  const rows = newNotes.map((n, index) => ({ id: uuidv7(), ...checkedNote(n, ['newNotes', index, 'text']) }));
  await notes.insertNotes(tx, treeId, rows);
  await notes.insertLinks(
    tx,
    treeId,
    rows.map((row) => ({ noteId: row.id, nodeId, nodeKind })),
  );
}

/**
 * Sets the citations cited on an event, place or note (in the given order). Unknown ids are
 * refused; a free tree cites at most its per-item limit on an event or place.
 */
export async function setSources(
  tx: Db,
  tree: TreeAccessRow,
  nodeId: string,
  nodeKind: sources.CitedKind,
  citationIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(citationIds)];
  const found = await sources.existingCitationIds(tx, tree.id, unique);
  const missing = unique.findIndex((id) => !found.has(id));
  if (missing !== -1) throw new AppError('source.error.citationNotFound', { path: ['sourceIds', missing] });
  assertSourcesPerNode(tree, nodeKind, unique.length);
  await sources.replaceCitationLinks(tx, tree.id, nodeId, nodeKind, unique);
}

/** SPEC §5: a free tree cites at most 3 sources on one event or place. */
export function assertSourcesPerNode(tree: TreeAccessRow, nodeKind: sources.CitedKind, amount: number) {
  if (nodeKind === 'note') return;
  const subscription = { plan: tree.ownerPlan ?? 'free', validUntil: tree.ownerValidUntil?.toISOString() ?? null };
  const max = limitsFor(subscription).sourcesPerNode;
  if (max !== null && amount > max) throw new AppError('limit.sourcesPerNode', { limit: 'sourcesPerNode', max });
}
