import { describe, expect, it } from 'vitest';
import { deleteChoices, deletedCount } from './delete-choices.ts';

describe('deleting a place', () => {
  it('asks only for a confirmation when nothing lies below it', () => {
    expect(deleteChoices({ descendantsCount: 0, parentId: 'p' })).toEqual(['confirm']);
    expect(deleteChoices({ descendantsCount: 0, parentId: null })).toEqual(['confirm']);
  });

  it('offers all, only this one, or disconnecting it from its parent when places lie below it', () => {
    expect(deleteChoices({ descendantsCount: 3, parentId: 'p' })).toEqual(['all', 'only', 'disconnect']);
  });

  it('offers no disconnecting for a top-level place', () => {
    expect(deleteChoices({ descendantsCount: 3, parentId: null })).toEqual(['all', 'only']);
  });

  it('counts what each choice deletes', () => {
    const place = { descendantsCount: 3 };
    expect(deletedCount(place, 'all')).toBe(4);
    expect(deletedCount(place, 'only')).toBe(1);
    expect(deletedCount(place, 'confirm')).toBe(1);
    expect(deletedCount(place, 'disconnect')).toBe(0);
  });
});
