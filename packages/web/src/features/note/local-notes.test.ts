import type { Note } from '@anor/core';
import { describe, expect, it } from 'vitest';
import {
  createTempId,
  isSameNote,
  type LocalNote,
  localNoteOf,
  mergeNotes,
  newNotesOf,
  withNote,
  withoutNote,
} from './local-notes.ts';

const local = (tempId: string, text: string, title: string | null = null): LocalNote => ({ tempId, title, text });

function savedNote(id: string, createdAt: string, title = id): Note {
  return {
    id,
    treeId: 'tree',
    title,
    text: `<p>${title}</p>`,
    sourceIds: [],
    citations: [],
    connectedNodes: [],
    revision: 1,
    createdAt,
    updatedAt: createdAt,
  };
}

describe('notes in a list, by id or tempId (SPEC §4)', () => {
  it('names the same note by id once saved, by tempId before', () => {
    expect(isSameNote({ id: 'a' }, { id: 'a', tempId: 'x' })).toBe(true);
    expect(isSameNote({ id: 'a', tempId: 't' }, { id: 'b', tempId: 't' })).toBe(false);
    expect(isSameNote({ tempId: 't1' }, { tempId: 't1' })).toBe(true);
    expect(isSameNote({ tempId: 't1' }, { tempId: 't2' })).toBe(false);
    expect(isSameNote({}, {})).toBe(false);
  });

  it('adds a new local note at the end', () => {
    const list = [local('t1', '<p>Ett</p>')];
    expect(withNote(list, local('t2', '<p>Två</p>'))).toEqual([local('t1', '<p>Ett</p>'), local('t2', '<p>Två</p>')]);
    expect(list).toHaveLength(1);
  });

  it('replaces an edited local note in its place by tempId', () => {
    const list = [local('t1', '<p>Ett</p>'), local('t2', '<p>Två</p>'), local('t3', '<p>Tre</p>')];
    const edited = withNote(list, local('t2', '<p>Två, rättad</p>', 'Rättad'));
    expect(edited.map((note) => note.tempId)).toEqual(['t1', 't2', 't3']);
    expect(edited[1]).toEqual(local('t2', '<p>Två, rättad</p>', 'Rättad'));
  });

  it('replaces a saved note by id', () => {
    const list = [savedNote('a', '2024-01-01'), savedNote('b', '2024-01-02')];
    const edited = withNote(list, { ...savedNote('b', '2024-01-02'), title: 'Ny rubrik' });
    expect(edited.map((note) => note.title)).toEqual(['a', 'Ny rubrik']);
  });

  it('removes a note by tempId or id, and nothing else', () => {
    const list = [local('t1', 'a'), local('t2', 'b')];
    expect(withoutNote(list, { tempId: 't1' })).toEqual([local('t2', 'b')]);
    expect(withoutNote(list, { tempId: 'other' })).toEqual(list);
    expect(withoutNote([savedNote('a', '1'), savedNote('b', '2')], { id: 'a' }).map((note) => note.id)).toEqual(['b']);
  });

  it('gives each local note its own tempId', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createTempId()));
    expect(ids.size).toBe(50);
    const note = localNoteOf({ title: 'Husförhör', text: '<p>x</p>' });
    expect(note.tempId).toMatch(/^temp-note-/);
    expect(note).toMatchObject({ title: 'Husförhör', text: '<p>x</p>' });
  });

  it('sends local notes as newNotes without their tempIds', () => {
    expect(newNotesOf([local('t1', '<p>a</p>', 'A'), local('t2', '<p>b</p>')])).toEqual([
      { title: 'A', text: '<p>a</p>' },
      { title: null, text: '<p>b</p>' },
    ]);
  });
});

describe('merged notes of several events (contemporary residents)', () => {
  it('lists each note once, oldest first', () => {
    const shared = savedNote('s', '2024-01-02');
    const merged = mergeNotes([[savedNote('c', '2024-01-03'), shared], [shared, savedNote('a', '2024-01-01')], []]);
    expect(merged.map((note) => note.id)).toEqual(['a', 's', 'c']);
  });
});
