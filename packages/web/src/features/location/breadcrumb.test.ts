import { describe, expect, it } from 'vitest';
import { buildBreadcrumb, placeText } from './breadcrumb.ts';

const ancestors = [
  { id: 'se', name: 'Sverige' },
  { id: 'vl', name: 'Värmland' },
  { id: 'su', name: 'Sunne' },
];

describe('the breadcrumb', () => {
  it('lists the ancestors, root first, then the place', () => {
    expect(buildBreadcrumb(ancestors, { id: 'vf', name: 'Västra Fors' }).map((item) => [item.kind, item.name])).toEqual(
      [
        ['ancestor', 'Sverige'],
        ['ancestor', 'Värmland'],
        ['ancestor', 'Sunne'],
        ['current', 'Västra Fors'],
      ],
    );
  });

  it('is only the place for a top-level place', () => {
    expect(buildBreadcrumb([], { id: 'se', name: 'Sverige' })).toEqual([
      { kind: 'current', id: 'se', name: 'Sverige' },
    ]);
  });

  it('folds the middle of a long chain, keeping the first and the nearest ancestors', () => {
    const items = buildBreadcrumb(ancestors, null, 2);
    expect(items.map((item) => item.name)).toEqual(['Sverige', '…', 'Sunne']);
    expect(items[1]?.kind).toBe('gap');
    expect(items[1]?.hidden?.map((place) => place.name)).toEqual(['Värmland']);
  });

  it('writes a place as it is typed, nearest first', () => {
    expect(placeText('Västra Fors', ancestors)).toBe('Västra Fors, Sunne, Värmland, Sverige');
  });
});
