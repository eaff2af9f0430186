import { type Gender, personMatchKeys, personSearchText, personSortKey } from '@anor/core';
import type { BulkFamily, BulkPerson } from '../modules/person/person.bulk.ts';
import { seededRandom } from './random.ts';

/**
 * A deterministic, realistic-looking population for development and benchmarks: founding
 * couples, children who marry each other or people from outside, generation after generation,
 * until the asked number of persons exists. Pedigrees collapse as in real rural parishes.
 */

const maleNames = [
  'Erik',
  'Lars',
  'Karl',
  'Anders',
  'Johan',
  'Per',
  'Nils',
  'Olof',
  'Jonas',
  'Sven',
  'Gustav',
  'Carl',
  'Anders',
  'Magnus',
  'Isak',
  'Jöns',
  'Håkan',
  'Åke',
  'Örjan',
  'Mats',
];
const femaleNames = [
  'Anna',
  'Maria',
  'Karin',
  'Kerstin',
  'Brita',
  'Ingrid',
  'Elin',
  'Margareta',
  'Kristina',
  'Sara',
  'Lisa',
  'Stina',
  'Greta',
  'Märta',
  'Åsa',
  'Ebba',
  'Sigrid',
  'Helena',
  'Ulrika',
  'Maja',
];
const lastNames = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Lindqvist',
  'Ek',
  'Holm',
  'Berg',
  'Lund',
  'Ström',
  'Åberg',
  'Öberg',
  'Ängström',
  'Zetterlund',
  'Dahl',
  'Sjöberg',
  'Forsberg',
  'Wallin',
  'Björk',
];
const occupations = [
  'Bonde',
  'Torpare',
  'Dräng',
  'Piga',
  'Smed',
  'Skräddare',
  'Soldat',
  'Skomakare',
  'Klockare',
  'Lärare',
  null,
  null,
  null,
  null,
];

export interface GeneratedFamily extends BulkFamily {
  /** Keys by generation, oldest first. */
  generations: string[][];
}

export function generateFamily(options: { persons: number; seed?: number; founders?: number }): GeneratedFamily {
  const next = seededRandom(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const persons: BulkPerson[] = [];
  const parents: [string, string][] = [];
  const partners: [string, string][] = [];
  const generations: string[][] = [];

  const add = (gender: Gender, lName: string): string => {
    const key = `p${persons.length}`;
    const fName = pick(gender === 'male' ? maleNames : femaleNames);
    const occupation = pick(occupations);
    const names = { fName, pName: null, lName, occupation };
    persons.push({
      key,
      fName,
      lName,
      gender,
      occupation,
      searchText: personSearchText([{ fName, lName }], occupation),
      sortKey: personSortKey(names),
      matchKeys: personMatchKeys([{ fName, lName }]),
    });
    return key;
  };
  const genderOf = (key: string) => persons[Number(key.slice(1))]?.gender;
  const lastNameOf = (key: string) => persons[Number(key.slice(1))]?.lName ?? pick(lastNames);

  const founders = options.founders ?? Math.max(4, Math.round(options.persons / 50));
  let current: string[] = [];
  for (let i = 0; i < founders && persons.length < options.persons; i++) {
    current.push(add(i % 2 === 0 ? 'male' : 'female', pick(lastNames)));
  }
  generations.push(current);

  while (persons.length < options.persons) {
    const men = current.filter((key) => genderOf(key) === 'male');
    const women = current.filter((key) => genderOf(key) === 'female');
    const couples: [string, string][] = [];
    for (const man of men) {
      if (persons.length >= options.persons) break;
      // Most marry within the parish; some marry someone from outside, who has no parents here.
      const wife =
        women.length > 0 && next() < 0.75 ? women.splice(Math.floor(next() * women.length), 1)[0] : undefined;
      couples.push([man, wife ?? add('female', pick(lastNames))]);
    }
    for (const woman of women) {
      if (persons.length >= options.persons || next() < 0.3) continue;
      couples.push([add('male', pick(lastNames)), woman]);
    }
    const children: string[] = [];
    for (const [father, mother] of couples) {
      partners.push([father, mother]);
      const count = 1 + Math.floor(next() * 4);
      for (let i = 0; i < count && persons.length < options.persons; i++) {
        const child = add(next() < 0.5 ? 'male' : 'female', lastNameOf(father));
        parents.push([father, child], [mother, child]);
        children.push(child);
      }
    }
    if (children.length === 0) break;
    generations.push(children);
    current = children;
  }
  const youngest = generations.at(-1) ?? [];
  return { persons, parents, partners, generations, rootKey: youngest[Math.floor(youngest.length / 2)] };
}
