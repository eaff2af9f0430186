import type { TreeInfo } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { filterTrees, sortTrees } from './tree-list-tools.ts';

function tree(name: string, total: number, createdAt: string, updatedAt: string): TreeInfo {
  return {
    id: name,
    name,
    rootId: null,
    ownerId: 'u',
    isOwner: true,
    role: 'owner',
    personsAmount: total,
    locationsAmount: 0,
    eventsAmount: 0,
    sourcesAmount: 0,
    total,
    limit: 100_000,
    createdAt,
    updatedAt,
  };
}

const trees = [
  tree('Släkten Öberg', 10, '2026-01-03', '2026-01-04'),
  tree('Släkten Andersson i Småland', 300, '2026-01-01', '2026-03-01'),
  tree('Ahlgren', 50, '2026-01-02', '2026-01-02'),
];

describe('the tree list tools', () => {
  it('finds trees whose name holds every term, in any case', () => {
    expect(filterTrees(trees, 'släkten').map((t) => t.name)).toEqual(['Släkten Öberg', 'Släkten Andersson i Småland']);
    expect(filterTrees(trees, 'SMÅLAND släkten').map((t) => t.name)).toEqual(['Släkten Andersson i Småland']);
    expect(filterTrees(trees, '  ')).toHaveLength(3);
    expect(filterTrees(trees, 'ek')).toEqual([]);
  });

  it('sorts by Swedish name, last change, creation and size', () => {
    expect(sortTrees(trees, 'name').map((t) => t.name)).toEqual([
      'Ahlgren',
      'Släkten Andersson i Småland',
      'Släkten Öberg',
    ]);
    expect(sortTrees(trees, 'changed')[0]?.name).toBe('Släkten Andersson i Småland');
    expect(sortTrees(trees, 'created')[0]?.name).toBe('Släkten Öberg');
    expect(sortTrees(trees, 'size').map((t) => t.total)).toEqual([300, 50, 10]);
  });
});
