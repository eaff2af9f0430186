import { describe, expect, it } from 'vitest';
import { givenNameVariantGroups } from './given-name-variants.ts';
import {
  foldNameSpelling,
  givenNameKey,
  MAX_MATCH_KEYS,
  namesMatch,
  nameVariants,
  personMatchKeys,
  surnameKey,
} from './name-match.ts';

describe('patronymics', () => {
  it.each([
    ['Andersdotter', 'Andersson'],
    ['Andersen', 'Andersson'],
    ['Andersdatter', 'Andersson'],
    ['Anderssen', 'Andersson'],
    ['Andersdr.', 'Andersson'],
    ['Pehrsson', 'Persson'],
    ['Pedersen', 'Persson'],
    ['Nielsen', 'Nilsson'],
    ['Olsdotter', 'Olofsson'],
    ['Ersson', 'Eriksson'],
    ['Mattsson', 'Madsen'],
    ['Petri', 'Persson'],
    ['Laurentii', 'Larsson'],
    ['Andreae', 'Andersson'],
  ])('%s ~ %s', (a, b) => {
    expect(surnameKey(a)).toBe(surnameKey(b));
    expect(surnameKey(a).startsWith('p:')).toBe(true);
  });

  it('keeps different fathers apart', () => {
    expect(surnameKey('Andersson')).not.toBe(surnameKey('Eriksson'));
    expect(surnameKey('Nilsdotter')).not.toBe(surnameKey('Olsdotter'));
    expect(surnameKey('Hansson')).not.toBe(surnameKey('Jönsson'));
  });

  it('leaves a surname that is no patronymic as its spelling', () => {
    expect(surnameKey('Lindqvist')).toBe('lindkvist');
    expect(surnameKey('Lindquist')).toBe(surnameKey('Lindkvist'));
    expect(surnameKey('Ström')).toBe(surnameKey('Strøm'));
  });
});

describe('spellings of eras and clerks', () => {
  it.each([
    ['Pehr', 'Per'],
    ['Carl', 'Karl'],
    ['Ericus', 'Erik'],
    ['Eric', 'Erik'],
    ['Christina', 'Kristina'],
    ['Philip', 'Filip'],
    ['Thore', 'Tore'],
    ['Wilhelm', 'Vilhelm'],
    ['Matts', 'Mats'],
    ['Sophie', 'Sofi'],
    ['Olaus', 'Olof'],
    ['Petrus', 'Per'],
    ['Catharina', 'Karin'],
    ['Kerstin', 'Christina'],
    ['Brita', 'Birgitta'],
    ['Juho', 'Johan'],
    ['Niels', 'Nils'],
  ])('%s ~ %s', (a, b) => {
    expect(givenNameKey(a)).toBe(givenNameKey(b));
  });

  it('does not fold names that are different names', () => {
    expect(givenNameKey('Johan')).not.toBe(givenNameKey('Jöns'));
    expect(givenNameKey('Anna')).not.toBe(givenNameKey('Maria'));
    expect(givenNameKey('Erik')).not.toBe(givenNameKey('Eskil'));
  });

  it('keeps Å apart from A but reads the old double aa as Å', () => {
    // Å is a letter of its own in the Nordic alphabets: Åby and Aby, Åke and Ake are different names.
    expect(foldNameSpelling('Åby')).not.toBe(foldNameSpelling('Aby'));
    expect(surnameKey('Åberg')).not.toBe(surnameKey('Aberg'));
    // Danish and Norwegian wrote å as aa until 1948 and 1917: Aaby is Åby.
    expect(foldNameSpelling('Aaby')).toBe(foldNameSpelling('Åby'));
    // Ä and Æ, Ö and Ø are one letter each, written the Swedish or the Danish–Norwegian way.
    expect(foldNameSpelling('Bæk')).toBe(foldNameSpelling('Bäk'));
    expect(foldNameSpelling('Ö')).not.toBe(foldNameSpelling('O'));
  });

  it('drops other accents', () => {
    expect(foldNameSpelling('Élise')).toBe(foldNameSpelling('Elise'));
  });
});

describe('personMatchKeys and namesMatch', () => {
  it('matches Anna Andersdotter with Anna Andersson, and Pehr Ericsson with Per Eriksson', () => {
    expect(namesMatch({ fName: 'Anna', lName: 'Andersdotter' }, { fName: 'Anna', lName: 'Andersson' })).toBe(true);
    expect(namesMatch({ fName: 'Pehr', lName: 'Ericsson' }, { fName: 'Per', lName: 'Eriksson' })).toBe(true);
    expect(namesMatch({ fName: 'Carl Johan', lName: 'Nilsson' }, { fName: 'Johan', lName: 'Nielsen' })).toBe(true);
    // The nickname (pName) is no surname.
    expect(personMatchKeys([{ fName: 'Anna', pName: 'Lillan', lName: 'Berg' }])).toEqual(['ana|berg']);
  });

  it('does not match other persons', () => {
    expect(namesMatch({ fName: 'Anna', lName: 'Andersdotter' }, { fName: 'Anna', lName: 'Eriksdotter' })).toBe(false);
    expect(namesMatch({ fName: 'Anna', lName: 'Andersdotter' }, { fName: 'Maria', lName: 'Andersdotter' })).toBe(false);
  });

  it('makes keys of other names too, and none without a given name', () => {
    const keys = personMatchKeys([
      { fName: 'Maja', lName: 'Persdotter' },
      { fName: 'Maria', lName: 'Lind' },
    ]);
    expect(keys).toEqual(['maria|p:per', 'maria|lind']);
    expect(personMatchKeys([{ lName: 'Andersson' }])).toEqual([]);
    expect(personMatchKeys([{ fName: 'Anna' }])).toEqual(['ana|']);
  });

  it('stores at most MAX_MATCH_KEYS keys', () => {
    expect(
      personMatchKeys(
        Array.from({ length: 10 }, (_, i) => ({
          fName: `${'abcdefghij'[i]}a ${'abcdefghij'[i]}o`,
          lName: 'Lind',
        })),
      ).length,
    ).toBe(MAX_MATCH_KEYS);
  });

  it('names the variants it took as one', () => {
    expect(nameVariants({ fName: 'Pehr', lName: 'Andersdotter' }, { fName: 'Per', lName: 'Andersson' })).toEqual([
      { a: 'Pehr', b: 'Per' },
      { a: 'Andersdotter', b: 'Andersson' },
    ]);
    expect(nameVariants({ fName: 'Anna', lName: 'Lind' }, { fName: 'anna', lName: 'Lind' })).toEqual([]);
  });
});

describe('the variant table', () => {
  it('puts each form in one group only', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const group of givenNameVariantGroups) {
      const canonical = foldNameSpelling(group[0] ?? '');
      for (const form of new Set(group.map(foldNameSpelling))) {
        const other = seen.get(form);
        if (other !== undefined && other !== canonical) clashes.push(`${form}: ${other} and ${canonical}`);
        seen.set(form, canonical);
      }
    }
    expect(clashes).toEqual([]);
  });
});
