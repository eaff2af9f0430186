import type { Person, PersonSummary } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { asksForAnother, excludedFromSearch, initialGender, nextRound, parentAddModes } from './person-form-modes.ts';

function summary(id: string, gender: PersonSummary['gender'] = 'unknown'): PersonSummary {
  return { id, fName: id, pName: null, lName: null, gender, occupation: null, rootRelation: 'none' };
}

describe('person creation modes', () => {
  it('presets the gender for father and mother only', () => {
    expect(initialGender('father')).toBe('male');
    expect(initialGender('mother')).toBe('female');
    expect(initialGender('child')).toBe('unknown');
  });

  it('asks for another after a child or sibling, and after the first parent of a person without parents', () => {
    const first = { anchorHadNoParents: true, counter: 1 };
    expect(asksForAnother('child', first)).toBe(true);
    expect(asksForAnother('sibling', { anchorHadNoParents: false, counter: 3 })).toBe(true);
    expect(asksForAnother('father', first)).toBe(true);
    expect(asksForAnother('father', { anchorHadNoParents: true, counter: 2 })).toBe(false);
    expect(asksForAnother('parent', { anchorHadNoParents: false, counter: 1 })).toBe(false);
    expect(asksForAnother('partner', first)).toBe(false);
    expect(asksForAnother('intro', first)).toBe(false);
  });

  it('follows a father with a mother, and flips the gender for ancestors, parents and partners', () => {
    expect(nextRound('father', 'male')).toEqual({ mode: 'mother', gender: 'female' });
    expect(nextRound('mother', 'female')).toEqual({ mode: 'father', gender: 'male' });
    expect(nextRound('ancestor', 'female')).toEqual({ mode: 'ancestor', gender: 'male' });
    expect(nextRound('partner', 'male')).toEqual({ mode: 'partner', gender: 'female' });
    expect(nextRound('parent', 'unknown')).toEqual({ mode: 'parent', gender: 'unknown' });
    expect(nextRound('child', 'male')).toEqual({ mode: 'child', gender: 'unknown' });
  });

  it('leaves the person and those already in the relation out of the search', () => {
    const person: Person = {
      ...summary('a'),
      treeId: 't',
      description: null,
      names: [],
      revision: 1,
      isRoot: false,
      rootId: 'r',
      parentIds: ['p'],
      childIds: ['c'],
      partnerIds: ['q'],
      siblingIds: ['s'],
      parents: [],
      children: [],
      partners: [],
      siblings: [],
      birth: null,
      death: null,
      createdAt: '',
      updatedAt: '',
    };
    expect(excludedFromSearch('mother', person, 'r')).toEqual(['a', 'p']);
    expect(excludedFromSearch('partner', person, 'r')).toEqual(['a', 'q']);
    expect(excludedFromSearch('child', person, 'r')).toEqual(['a', 'c']);
    expect(excludedFromSearch('sibling', person, 'r')).toEqual(['a', 's']);
    expect(excludedFromSearch('root', person, 'r')).toEqual(['r']);
  });

  it('offers father and mother for no parents, the missing one beside a known one, none for two', () => {
    expect(parentAddModes([])).toEqual(['father', 'mother']);
    expect(parentAddModes([summary('f', 'male')])).toEqual(['mother']);
    expect(parentAddModes([summary('m', 'female')])).toEqual(['father']);
    expect(parentAddModes([summary('x', 'other')])).toEqual(['parent']);
    expect(parentAddModes([summary('f', 'male'), summary('m', 'female')])).toEqual([]);
  });
});
