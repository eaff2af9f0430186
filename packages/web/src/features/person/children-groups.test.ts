import type { ChildSummary, PersonSummary } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { groupChildren } from './children-groups.ts';

function summary(id: string): PersonSummary {
  return { id, fName: id, pName: null, lName: null, gender: 'unknown', occupation: null, rootRelation: 'none' };
}
const child = (id: string, otherParentId: string | null): ChildSummary => ({ ...summary(id), otherParentId });

describe('groupChildren', () => {
  it('makes a group per other parent in the given order, then the unknown group', () => {
    const groups = groupChildren(
      [child('a', null), child('b', 'q'), child('c', 'p'), child('d', 'q')],
      [summary('q'), summary('p')],
    );
    expect(groups.map((group) => [group.key, group.children.map((c) => c.id)])).toEqual([
      ['q', ['b', 'd']],
      ['p', ['c']],
      ['unknown', ['a']],
    ]);
  });

  it('leaves out empty groups and puts children of an unlisted parent with the unknown ones', () => {
    const groups = groupChildren([child('a', 'x')], [summary('p')]);
    expect(groups.map((group) => group.key)).toEqual(['unknown']);
    expect(groupChildren([], [])).toEqual([]);
  });
});
