import { describe, expect, it } from 'vitest';
import { checkFamily } from '../modules/person/person.bulk.ts';
import { generateFamily } from './generate-family.ts';

describe('generateFamily', () => {
  it('makes exactly the asked number of persons, deterministically, as a valid family', () => {
    const family = generateFamily({ persons: 5000, seed: 7 });
    expect(family.persons).toHaveLength(5000);
    expect(() => checkFamily(family)).not.toThrow();
    expect(generateFamily({ persons: 5000, seed: 7 }).parents).toEqual(family.parents);
    expect(family.generations.length).toBeGreaterThan(5);
    const rootParents = family.parents.filter(([, child]) => child === family.rootKey);
    expect(rootParents).toHaveLength(2);
  });
});

describe('checkFamily', () => {
  const person = (key: string) => ({
    key,
    fName: key,
    lName: 'X',
    gender: 'unknown' as const,
    searchText: key,
    sortKey: key,
  });

  it('refuses a cycle, a third parent and a self link', () => {
    const persons = ['a', 'b', 'c', 'd'].map(person);
    expect(() =>
      checkFamily({
        persons,
        parents: [
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ],
        partners: [],
      }),
    ).toThrow('person.error.cycle');
    expect(() =>
      checkFamily({
        persons,
        parents: [
          ['a', 'd'],
          ['b', 'd'],
          ['c', 'd'],
        ],
        partners: [],
      }),
    ).toThrow('person.error.tooManyParents');
    expect(() => checkFamily({ persons, parents: [], partners: [['a', 'a']] })).toThrow('person.error.selfRelation');
    expect(() =>
      checkFamily({
        persons,
        parents: [
          ['a', 'b'],
          ['a', 'c'],
          ['b', 'd'],
        ],
        partners: [['b', 'c']],
      }),
    ).not.toThrow();
  });
});
