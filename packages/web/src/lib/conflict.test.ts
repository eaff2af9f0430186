import { noteSchema } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { type RevisionEditState, revisionEditReducer, storedOfConflict } from './conflict.ts';

const stored = {
  id: '01900000-0000-7000-8000-000000000001',
  treeId: '01900000-0000-7000-8000-000000000000',
  title: 'Gården',
  text: '<p>Såld 1862</p>',
  sourceIds: [],
  citations: [],
  connectedNodes: [],
  revision: 3,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

describe('the stored object of a conflict answer', () => {
  it('is the parsed details.current of a 409 with the expected code', () => {
    const error = new ApiError('note.error.conflict', 409, 'changed', { current: stored });
    expect(storedOfConflict(error, 'note.error.conflict', noteSchema)).toEqual(stored);
  });

  it('is null for another code, another error, or a stored object that does not parse', () => {
    const other = new ApiError('location.error.conflict', 409, 'changed', { current: stored });
    expect(storedOfConflict(other, 'note.error.conflict', noteSchema)).toBeNull();
    expect(storedOfConflict(new Error('network'), 'note.error.conflict', noteSchema)).toBeNull();
    const withoutCurrent = new ApiError('note.error.conflict', 409, 'changed', {});
    expect(storedOfConflict(withoutCurrent, 'note.error.conflict', noteSchema)).toBeNull();
    const broken = new ApiError('note.error.conflict', 409, 'changed', { current: { id: 1 } });
    expect(storedOfConflict(broken, 'note.error.conflict', noteSchema)).toBeNull();
  });
});

describe('an edit from the revision it loaded', () => {
  type Version = { id: string; revision: number; title: string };
  const loaded: Version = { id: 'n', revision: 1, title: 'Loaded' };
  const newer: Version = { id: 'n', revision: 2, title: 'Saved elsewhere' };
  const start: RevisionEditState<Version, Version> = { base: loaded, conflict: null };

  it('holds the stored version as the conflict and keeps the base until the user chooses', () => {
    const refused = revisionEditReducer(start, { type: 'conflict', stored: newer });
    expect(refused).toEqual({ base: loaded, conflict: newer });
    // Either way out: the stored version is what the edit goes on from (its revision is sent next).
    expect(revisionEditReducer(refused, { type: 'resolve' })).toEqual({ base: newer, conflict: null });
  });

  it('resolves nothing without a conflict', () => {
    expect(revisionEditReducer(start, { type: 'resolve' })).toBe(start);
  });

  it('goes on from a newer version keeping a conflict shown, and starts over without one', () => {
    const refused = revisionEditReducer(start, { type: 'conflict', stored: newer });
    expect(revisionEditReducer(refused, { type: 'rebase', version: newer })).toEqual({ base: newer, conflict: newer });
    const other: Version = { id: 'm', revision: 4, title: 'Another' };
    expect(revisionEditReducer(refused, { type: 'restart', version: other })).toEqual({ base: other, conflict: null });
  });
});
