import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  nordicFoldForSearch,
  personSearchTerms,
  personSearchText,
  personSortKey,
  searchTerms,
  swedishSortKey,
} from './text.ts';

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

  it('sorts persons by last name, then first name, unknown names last', () => {
    const persons = [
      { lName: null, fName: null },
      { lName: 'Eka', fName: 'Bo' },
      { lName: 'Ek', fName: 'Örjan' },
      { lName: 'Ek', fName: null },
      { lName: 'Ek', fName: 'Anna' },
      { lName: '', fName: 'Okänd' },
      { lName: 'Öst', fName: 'Åke' },
    ];
    const sorted = [...persons].sort((x, y) =>
      Buffer.compare(Buffer.from(personSortKey(x)), Buffer.from(personSortKey(y))),
    );
    expect(sorted.map((p) => `${p.lName ?? ''} ${p.fName ?? ''}`)).toEqual([
      'Ek Anna',
      'Ek Örjan',
      'Ek ',
      'Eka Bo',
      'Öst Åke',
      ' Okänd',
      ' ',
    ]);
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

describe('Nordic search folding (issue 19, item 15)', () => {
  it('keeps å, ä, ö, æ and ø as letters of their own and folds other accents', () => {
    expect(nordicFoldForSearch('Åsa ÖBERG-Ødegård Æbelø Élise Müller')).toBe('åsa öberg-ødegård æbelø elise muller');
  });

  it('writes the Nordic line, then the fully folded one only where it differs', () => {
    expect(personSearchText([{ fName: 'Anna', lName: 'Öhman' }], 'Piga')).toBe('anna öhman piga\nanna ohman piga');
    expect(personSearchText([{ fName: 'Anna', lName: 'Ohman' }])).toBe('anna ohman');
    expect(personSearchText([{ fName: 'Anna', lName: 'Öhman' }, { lName: 'Berg' }])).toBe(
      'anna öhman berg\nanna ohman berg',
    );
  });

  it('keeps the Nordic letters of the typed terms', () => {
    expect(personSearchTerms('  Ö  ohman Élise')).toEqual(['ö', 'ohman', 'elise']);
  });
});
