import type { Location } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, isDraftDirty, isLocationChanged, preparedDraft } from './location-form.ts';

const stored: Location = {
  id: '01900000-0000-7000-8000-000000000004',
  treeId: '01900000-0000-7000-8000-000000000000',
  name: 'Västra Fors',
  type: 'by',
  description: null,
  primaryLink: null,
  coordinates: { lat: 59.8, lng: 13.1 },
  parentId: '01900000-0000-7000-8000-000000000003',
  ancestors: [
    { id: '01900000-0000-7000-8000-000000000001', name: 'Sverige' },
    { id: '01900000-0000-7000-8000-000000000003', name: 'Sunne' },
  ],
  childrenCount: 0,
  descendantsCount: 0,
  descendantsHaveCoordinates: false,
  sources: [
    {
      id: '01900000-0000-7000-8000-000000000a01',
      whereWithinSourceText: 'Karta 1850',
      whereWithinSourceURL: null,
      record: null,
    },
  ],
  notes: [],
  revision: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function valuesAfter(change: Partial<ReturnType<typeof draftOf>>) {
  const checked = checkDraft({ ...draftOf(stored), ...change });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.values;
}

describe('the change comparison', () => {
  it('finds an untouched draft unchanged, so that saving sends nothing', () => {
    expect(isLocationChanged(stored, valuesAfter({}))).toBe(false);
  });

  it('ignores spaces around the name and type, and emptied fields that were empty', () => {
    expect(isLocationChanged(stored, valuesAfter({ name: '  Västra Fors ', type: 'by ', primaryLink: '' }))).toBe(
      false,
    );
    expect(isLocationChanged(stored, valuesAfter({ description: '   ' }))).toBe(false);
  });

  it('sees a change of any field, the coordinates and the parent', () => {
    expect(isLocationChanged(stored, valuesAfter({ name: 'Östra Fors' }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ type: '' }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ description: 'Vid älven' }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ primaryLink: 'https://sv.wikipedia.org/wiki/Sunne' }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ coordinates: { lat: 59.8, lng: 13.2 } }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ coordinates: null }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ parent: null }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ parent: { id: stored.ancestors[0]?.id ?? '', name: 'S' } }))).toBe(
      true,
    );
  });

  it('counts sources added or deleted as a change (SPEC §3), and sends them as sourceIds', () => {
    const added = {
      id: '01900000-0000-7000-8000-000000000a02',
      whereWithinSourceText: 'Sida 2',
      whereWithinSourceURL: null,
      record: null,
    };
    expect(valuesAfter({}).sourceIds).toEqual(['01900000-0000-7000-8000-000000000a01']);
    expect(isLocationChanged(stored, valuesAfter({ sources: [...stored.sources, added] }))).toBe(true);
    expect(isLocationChanged(stored, valuesAfter({ sources: [] }))).toBe(true);
    const initial = draftOf(stored);
    expect(isDraftDirty(initial, { ...initial, sources: [] })).toBe(true);
    expect(isDraftDirty(initial, { ...initial, sources: [...stored.sources] })).toBe(false);
  });
});

describe('the draft', () => {
  it('starts from the place, its parent being the last ancestor', () => {
    expect(draftOf(stored).parent).toEqual({ id: stored.parentId, name: 'Sunne' });
    expect(draftOf(stored).type).toBe('by');
  });

  it('starts a new place from prepared data', () => {
    expect(preparedDraft({ name: 'Sunne', parent: { id: 'x', name: 'Värmland' } })).toMatchObject({
      name: 'Sunne',
      type: '',
      parent: { id: 'x', name: 'Värmland' },
    });
  });

  it('is dirty only when something other than spaces changed', () => {
    const initial = draftOf(stored);
    expect(isDraftDirty(initial, { ...initial, name: 'Västra Fors ' })).toBe(false);
    expect(isDraftDirty(initial, { ...initial, primaryLink: 'https://example.se' })).toBe(true);
    expect(isDraftDirty(initial, { ...initial, coordinates: { lat: 1, lng: 2 } })).toBe(true);
  });

  it('puts each problem under its field, as a catalogue code', () => {
    const checked = checkDraft({ ...draftOf(stored), name: ' ', primaryLink: 'not a link' });
    expect(checked).toEqual({
      ok: false,
      errors: { name: 'location.validation.nameRequired', primaryLink: 'location.validation.urlValidWebpage' },
    });
    const comma = checkDraft({ ...draftOf(stored), name: 'Sunne, Värmland' });
    expect(comma.ok ? null : comma.errors.name).toBe('location.validation.nameHasComma');
    const far = checkDraft({ ...draftOf(stored), coordinates: { lat: 91, lng: 0 } });
    expect(far.ok ? null : far.errors.coordinates).toBe('location.validation.invalidCoordinates');
  });
});
