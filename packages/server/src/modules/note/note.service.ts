import { type NoteInput, type NoteNodeKind, uuidv7 } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import { assertRevision, assertWritten, type RevisionCheck } from '../tree/tree.revision.ts';
import { checkedNote, notesWithLinks, setSources } from './attachments.ts';
import * as notes from './note.repository.ts';

type NoteValues = Omit<NoteInput, 'title'> & { title: string | null };

export function createNoteService({ db }: { db: Db }) {
  const { read, write } = createTreeGate(db);

  async function load(tx: Db, treeId: string, id: string) {
    const [row] = await notes.findNotes(tx, treeId, [id]);
    if (!row) throw new AppError('note.error.notFound');
    const [full] = await notesWithLinks(tx, treeId, [row]);
    return full as NonNullable<typeof full>;
  }

  /** The kind of each item a note is to be connected to; unknown ids are refused. */
  async function connectable(tx: Db, treeId: string, nodeIds: readonly string[]) {
    const kinds = await notes.kindsOf(tx, treeId, nodeIds);
    return nodeIds.map((nodeId, index) => {
      const kind = kinds.get(nodeId);
      if (!kind || kind === 'note') throw new AppError('common.error.notFound', { path: ['connectedNodeIds', index] });
      return { nodeId, nodeKind: kind as NoteNodeKind };
    });
  }

  return {
    async get(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      return load(db, treeId, id);
    },

    /** The notes of one item (person, event, place, citation, record or repository). */
    async ofNode(treeId: string, viewer: Viewer, nodeId: string) {
      await read(treeId, viewer);
      const rows = await notes.notesOfNodes(db, treeId, [nodeId]);
      return { notes: await notesWithLinks(db, treeId, rows) };
    },

    /** The notes of one event; an id that is no event of this tree is not found, as on every event route. */
    async ofEvent(treeId: string, viewer: Viewer, eventId: string) {
      await read(treeId, viewer);
      const kinds = await notes.kindsOf(db, treeId, [eventId]);
      if (kinds.get(eventId) !== 'event') throw new AppError('events.error.notFound');
      const rows = await notes.notesOfNodes(db, treeId, [eventId]);
      return { notes: await notesWithLinks(db, treeId, rows) };
    },

    async create(treeId: string, viewer: Viewer, input: NoteValues, connectedNodeIds: string[]) {
      return write(treeId, viewer, async (tx, tree) => {
        const values = checkedNote(input, ['note', 'text']);
        const links = await connectable(tx, treeId, [...new Set(connectedNodeIds)]);
        const id = uuidv7();
        await notes.insertNotes(tx, treeId, [{ id, ...values }]);
        await notes.insertLinks(
          tx,
          treeId,
          links.map((link) => ({ noteId: id, ...link })),
        );
        if (input.sourceIds?.length) await setSources(tx, tree, id, 'note', input.sourceIds);
        return load(tx, treeId, id);
      });
    },

    /**
     * Updates a note from the revision the edit started from (`basedOn`; absent: the stored one):
     * a stale one is refused with 409 and the stored note. Nothing is written when nothing
     * changed; a change of its title, text or sources raises the revision.
     */
    async update(treeId: string, viewer: Viewer, id: string, input: NoteValues, basedOn?: number) {
      return write(treeId, viewer, async (tx, tree) => {
        const current = await load(tx, treeId, id);
        const check: RevisionCheck = {
          code: 'note.error.conflict',
          basedOn,
          stored: current.revision,
          current: () => load(tx, treeId, id),
        };
        await assertRevision(check);
        const values = checkedNote(input, ['note', 'text']);
        const textChanged = values.title !== current.title || values.text !== current.text;
        const sourcesChanged = input.sourceIds !== undefined && input.sourceIds.join() !== current.sourceIds.join();
        if (!textChanged && !sourcesChanged) return current;
        await assertWritten(check, await notes.updateNote(tx, treeId, id, textChanged ? values : {}, current.revision));
        if (sourcesChanged) await setSources(tx, tree, id, 'note', input.sourceIds ?? []);
        return load(tx, treeId, id);
      });
    },

    async link(treeId: string, viewer: Viewer, id: string, nodeId: string) {
      return write(treeId, viewer, async (tx) => {
        await load(tx, treeId, id);
        const [link] = await connectable(tx, treeId, [nodeId]);
        if (link) await notes.insertLinks(tx, treeId, [{ noteId: id, ...link }]);
        return load(tx, treeId, id);
      });
    },

    /** Disconnects a note from one item; the note itself stays (it may be connected elsewhere). */
    async unlink(treeId: string, viewer: Viewer, id: string, nodeId: string) {
      return write(treeId, viewer, async (tx) => {
        await load(tx, treeId, id);
        if ((await notes.deleteLink(tx, treeId, id, nodeId)) === 0) throw new AppError('common.error.notFound');
        return load(tx, treeId, id);
      });
    },

    async remove(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx) => {
        await load(tx, treeId, id);
        await notes.deleteNotes(tx, treeId, [id]);
        return { deletedIds: [id] };
      });
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
