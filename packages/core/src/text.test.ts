import { describe, expect, it } from 'vitest';
import { foldForSearch, personSortKey, searchTerms, swedishSortKey } from './text.ts';

const byKey = (a: string, b: string) => (swedishSortKey(a) < swedishSortKey(b) ? -1 : 1);

describe('swedishSortKey', () => {
  it('puts Å, Ä, Ö after Z, in that order, as Swedish does', () => {
    const names = ['Östberg', 'Zetterlund', 'Ahl', 'Åberg', 'Ärlig', 'Berg'];
    expect([...names].sort(byKey)).toEqual(['Ahl', 'Berg', 'Zetterlund', 'Åberg', 'Ärlig', 'Östberg']);
  });

  it('agrees with Intl.Collator("sv") on a mixed list', () => {
    const names = [
      'Öhman',
      'Øster',
      'Ek',
      'ek',
      'Ekman',
      'Eklund',
      'Émile',
      'Élise',
      'Ågren',
      'Ängel',
      'Zorn',
      'Wall',
      'Vall',
      'Åkesson',
      'Müller',
      'Myrdal',
      'Ærø',
      'Aaby',
      '1700-tal',
    ];
    const expected = [...names].sort(new Intl.Collator('sv').compare);
    const actual = [...names].sort(byKey);
    expect(actual).toEqual(expected);
  });

  it('keeps byte order of the keys meaningful for the database (COLLATE "C")', () => {
    const a = Buffer.from(swedishSortKey('Zorn'));
    const b = Buffer.from(swedishSortKey('Åberg'));
    expect(Buffer.compare(a, b)).toBe(-1);
  });

  it('sorts persons by last name, then first name', () => {
    const persons = [
      { lName: 'Eka', fName: 'Bo' },
      { lName: 'Ek', fName: 'Örjan' },
      { lName: 'Ek', fName: 'Anna' },
      { lName: null, fName: 'Okänd' },
    ];
    const sorted = [...persons].sort((x, y) => (personSortKey(x) < personSortKey(y) ? -1 : 1));
    expect(sorted.map((p) => `${p.lName ?? ''} ${p.fName}`)).toEqual([' Okänd', 'Ek Anna', 'Ek Örjan', 'Eka Bo']);
  });
});

describe('search folding', () => {
  it('folds case and accents, including letters without decomposition', () => {
    expect(foldForSearch('Åsa ÖBERG-Ødegård Þórsson Łukasz')).toBe('asa oberg-odegard thorsson lukasz');
  });

  it('splits a query into folded terms', () => {
    expect(searchTerms('  Anna   LINDQVIST ')).toEqual(['anna', 'lindqvist']);
    expect(searchTerms('   ')).toEqual([]);
  });
});
