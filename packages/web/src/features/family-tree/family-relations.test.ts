import type { FamilyAnswer, PersonSummary } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { childrenByOtherParent, familyMembers } from './family-relations.ts';

function summary(id: string, gender: PersonSummary['gender'] = 'unknown'): PersonSummary {
  return { id, fName: id, pName: null, lName: null, gender, occupation: null, rootRelation: 'none' };
}

const family: FamilyAnswer = {
  person: summary('me', 'female'),
  parents: [summary('mum', 'female'), summary('dad', 'male')],
  grandparents: [
    { ...summary('mumsmum', 'female'), childId: 'mum' },
    { ...summary('dadsdad', 'male'), childId: 'dad' },
    { ...summary('dadsmum', 'female'), childId: 'dad' },
    { ...summary('mumsparent'), childId: 'mum' },
  ],
  partners: [summary('p1', 'male'), summary('p2', 'female')],
  siblings: [
    { ...summary('bro', 'male'), kind: 'full' },
    { ...summary('halfsis', 'female'), kind: 'half' },
    { ...summary('sib'), kind: 'explicit' },
  ],
  children: [
    { ...summary('c1', 'male'), otherParentId: 'p2' },
    { ...summary('c2', 'female'), otherParentId: null },
    { ...summary('c3'), otherParentId: 'p2' },
    { ...summary('c4'), otherParentId: 'stranger' },
  ],
  otherParents: [summary('stranger', 'male')],
};

describe('familyMembers', () => {
  const members = familyMembers(family);
  const relationOf = (id: string) => members.filter((member) => member.person.id === id).map((m) => m.relation);

  it('lists the family oldest generation first, the father’s side before the mother’s', () => {
    expect(members.map((member) => member.person.id)).toEqual([
      'dadsdad',
      'dadsmum',
      'mumsparent',
      'mumsmum',
      'dad',
      'mum',
      'me',
      'p1',
      'p2',
      'bro',
      'halfsis',
      'sib',
      'c1',
      'c2',
      'c3',
      'c4',
    ]);
    expect(new Set(members.map((member) => member.key)).size).toBe(members.length);
  });

  it('names each relation by side and gender', () => {
    expect(relationOf('dadsdad')).toEqual(['paternalGrandfather']);
    expect(relationOf('dadsmum')).toEqual(['paternalGrandmother']);
    expect(relationOf('mumsmum')).toEqual(['maternalGrandmother']);
    expect(relationOf('mumsparent')).toEqual(['maternalGrandparent']);
    expect(relationOf('dad')).toEqual(['father']);
    expect(relationOf('mum')).toEqual(['mother']);
    expect(relationOf('me')).toEqual(['self']);
    expect(relationOf('p1')).toEqual(['partner']);
    expect(relationOf('bro')).toEqual(['brother']);
    expect(relationOf('halfsis')).toEqual(['halfSister']);
    expect(relationOf('sib')).toEqual(['sibling']);
    expect(relationOf('c1')).toEqual(['son']);
    expect(relationOf('c2')).toEqual(['daughter']);
    expect(relationOf('c3')).toEqual(['child']);
  });

  it('says grandparent without a side when the parent’s gender is unknown', () => {
    const unknownParent = familyMembers({
      ...family,
      parents: [summary('x')],
      grandparents: [{ ...summary('gx', 'male'), childId: 'x' }],
    });
    expect(unknownParent[0]?.relation).toBe('grandfather');
  });
});

describe('childrenByOtherParent', () => {
  it('groups children by partner in the partners’ order, then other co-parents, then unknown', () => {
    const groups = childrenByOtherParent(family, familyMembers(family));
    expect(groups.map((group) => [group.otherParentId, group.children.map((child) => child.person.id)])).toEqual([
      ['p2', ['c1', 'c3']],
      ['stranger', ['c4']],
      [null, ['c2']],
    ]);
    expect(groups[0]?.otherParent?.id).toBe('p2');
    expect(groups[1]?.otherParent?.id).toBe('stranger');
    expect(groups[2]?.otherParent).toBeNull();
  });
});
