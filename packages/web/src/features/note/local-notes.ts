import type { NewNote, Note } from '@anor/core';

/*
 * SPEC §4: notes sit in a local list (an item not saved yet) or are saved; an edit replaces the
 * note by its id (saved) or its tempId (local). The functions take and give new arrays.
 */

/** A note written on an item before the item is saved: sent as `newNotes` with it. */
export interface LocalNote {
  tempId: string;
  title: string | null;
  text: string;
}

/** What identifies a note in a list: its id once saved, its tempId before. */
export interface NoteRef {
  id?: string | null;
  tempId?: string | null;
}

/** Whether two references name the same note (by id, else by tempId). */
export function isSameNote(a: NoteRef, b: NoteRef): boolean {
  if (a.id && b.id) return a.id === b.id;
  if (a.tempId && b.tempId) return a.tempId === b.tempId;
  return false;
}

/** The list with the note replacing the one with its id or tempId, or added at the end when it is new. */
export function withNote<T extends NoteRef>(list: readonly T[], note: T): T[] {
  const index = list.findIndex((existing) => isSameNote(existing, note));
  if (index === -1) return [...list, note];
  return list.map((existing, i) => (i === index ? note : existing));
}

export function withoutNote<T extends NoteRef>(list: readonly T[], ref: NoteRef): T[] {
  return list.filter((existing) => !isSameNote(existing, ref));
}

let counter = 0;

/** A tempId for a local note, unique within the page's life. */
export function createTempId(): string {
  counter += 1;
  return `temp-note-${Date.now().toString(36)}-${counter}`;
}

export function localNoteOf(note: { title: string | null; text: string }, tempId = createTempId()): LocalNote {
  return { tempId, title: note.title, text: note.text };
}

/** The local notes as the API takes them (`newNotes`): without their tempIds. */
export function newNotesOf(list: readonly LocalNote[]): NewNote[] {
  return list.map(({ title, text }) => ({ title, text }));
}

/**
 * Notes of several items as one list (SPEC §7 "event/{id}/notes, one call per event id, results
 * merged"): each note once, oldest first.
 */
export function mergeNotes(lists: readonly (readonly Note[])[]): Note[] {
  const byId = new Map<string, Note>();
  for (const list of lists) {
    for (const note of list) if (!byId.has(note.id)) byId.set(note.id, note);
  }
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
