import type { ChildSummary, Person, PersonSummary, SiblingSummary } from '@anor/core';
import { describe, expect, it } from 'vitest';
import { suggestChildSurname, suggestSiblingSurname } from './surname.ts';

function summary(id: string, overrides: Partial<PersonSummary> = {}): PersonSummary {
  return {
    id,
    fName: id,
    pName: null,
    lName: null,
    gender: 'unknown',
    occupation: null,
    rootRelation: 'none',
    ...overrides,
  };
}

function person(overrides: Partial<Person> = {}): Person {
  return {
    ...summary('anchor'),
    treeId: 'tree',
    description: null,
    names: [],
    revision: 1,
    isRoot: false,
    rootId: null,
    parentIds: [],
    childIds: [],
    partnerIds: [],
    siblingIds: [],
    parents: [],
    children: [],
    partners: [],
    siblings: [],
    birth: null,
    death: null,
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}

const child = (id: string, lName: string | null, otherParentId: string | null): ChildSummary => ({
  ...summary(id, { lName }),
  otherParentId,
});
const sibling = (id: string, lName: string | null): SiblingSummary => ({ ...summary(id, { lName }), kind: 'full' });

describe('suggestChildSurname', () => {
  const mother = person({ gender: 'female', lName: 'Berg' });
  const father = summary('father', { gender: 'male', lName: 'Lind' });

  it('takes the last name the couple’s children share', () => {
    const parent = person({
      ...mother,
      children: [child('a', 'Berglind', 'father'), child('b', 'Berglind', 'father'), child('c', 'Ek', null)],
    });
    expect(suggestChildSurname(parent, father)).toBe('Berglind');
  });

  it('else the father’s, when the children differ or there are none', () => {
    const parent = person({ ...mother, children: [child('a', 'Berg', 'father'), child('b', 'Lind', 'father')] });
    expect(suggestChildSurname(parent, father)).toBe('Lind');
    expect(suggestChildSurname(mother, father)).toBe('Lind');
  });

  it('else the parent’s own, and null without any last name', () => {
    expect(suggestChildSurname(mother, null)).toBe('Berg');
    expect(suggestChildSurname(person(), summary('other'))).toBeNull();
  });

  it('counts only the children of the chosen other parent', () => {
    const parent = person({ ...mother, children: [child('a', 'Ek', null), child('b', 'Lind', 'father')] });
    expect(suggestChildSurname(parent, null)).toBe('Ek');
  });
});

describe('suggestSiblingSurname', () => {
  it('takes the last name most siblings carry', () => {
    expect(suggestSiblingSurname(person({ lName: 'Ek', siblings: [sibling('a', 'Lind'), sibling('b', 'Lind')] }))).toBe(
      'Lind',
    );
  });

  it('prefers the person’s own on a tie, and is null without any', () => {
    expect(suggestSiblingSurname(person({ lName: 'Ek', siblings: [sibling('a', 'Lind')] }))).toBe('Ek');
    expect(suggestSiblingSurname(person({ siblings: [sibling('a', null)] }))).toBeNull();
  });
});
