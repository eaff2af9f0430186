import type { MainNodesAnswer, Person } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { needsRootWelcome } from './root-welcome.ts';

const root = {
  id: 'r',
  fName: null,
  pName: null,
  lName: null,
  isRoot: true,
  parentIds: [],
  childIds: [],
  partnerIds: [],
  siblingIds: [],
} as unknown as Person;

const newTree: MainNodesAnswer = {
  treeId: 't-welcome',
  name: 'T',
  rootId: 'r',
  root: null,
  personsAmount: 1,
  locationsAmount: 0,
  eventsAmount: 0,
  sourcesAmount: 0,
  canEdit: true,
};

describe('the root-person welcome', () => {
  it('greets the owner at a new tree’s empty, nameless root', () => {
    expect(needsRootWelcome(root, newTree)).toBe(true);
  });

  it('never greets a visitor, a named root, a tree with more in it, or a nameless person with relatives', () => {
    expect(needsRootWelcome(root, { ...newTree, canEdit: false })).toBe(false);
    expect(needsRootWelcome({ ...root, lName: 'Ek' }, newTree)).toBe(false);
    expect(needsRootWelcome(root, { ...newTree, personsAmount: 40, eventsAmount: 80 })).toBe(false);
    expect(needsRootWelcome({ ...root, parentIds: ['p'] }, newTree)).toBe(false);
    expect(needsRootWelcome({ ...root, isRoot: false, id: 'x' }, { ...newTree, personsAmount: 2 })).toBe(false);
  });
});
