import { type TreeInfo, tierLimits } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { bindingLimit } from './binding-limit.ts';

function tree(counts: Partial<TreeInfo>): TreeInfo {
  const base = { personsAmount: 0, locationsAmount: 0, eventsAmount: 0, sourcesAmount: 0, ...counts };
  return {
    id: 't',
    name: 'T',
    rootId: null,
    ownerId: 'u',
    isOwner: true,
    role: 'owner',
    createdAt: '',
    updatedAt: '',
    limit: 5000,
    total: base.personsAmount + base.locationsAmount + base.eventsAmount + base.sourcesAmount,
    ...base,
  };
}

describe('the limit that binds a tree', () => {
  it('is the 20 persons of a free account, not its 5,000 items', () => {
    expect(bindingLimit(tree({ personsAmount: 3 }), tierLimits.free)).toEqual({ kind: 'persons', used: 3, limit: 20 });
    // An empty tree: persons come first.
    expect(bindingLimit(tree({}), tierLimits.free).kind).toBe('persons');
  });

  it('is whichever free limit is nearest to full', () => {
    expect(bindingLimit(tree({ personsAmount: 5, eventsAmount: 27 }), tierLimits.free)).toEqual({
      kind: 'events',
      used: 27,
      limit: 30,
    });
  });

  it('is the item ceiling of a paid account', () => {
    const paid = { ...tree({ personsAmount: 300 }), limit: 100_000 };
    expect(bindingLimit(paid, tierLimits.paid)).toEqual({ kind: 'nodes', used: 300, limit: 100_000 });
  });
});
