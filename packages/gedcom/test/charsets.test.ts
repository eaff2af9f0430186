/**
 * The same trees in different encodings must give the same names, letter by letter: the willis
 * file in all five encodings and the Eichmann character-set tests, against their UTF-8 versions.
 */
import { describe, expect, it } from 'vitest';
import { type GedcomDocument, type GedcomNode, parse } from '../src/index.ts';
import { childOf, plain, readFixture } from './support.ts';

function namesByXref(document: GedcomDocument): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const record of document.records) {
    if (record.tag !== 'INDI' || record.xref === undefined) continue;
    names.set(
      record.xref,
      record.children.filter((child) => child.tag === 'NAME').map((name) => name.value ?? ''),
    );
  }
  return names;
}

function place(record: GedcomNode | undefined, event: string): string {
  return childOf(childOf(record, event), 'PLAC')?.value ?? '';
}

function byXref(document: GedcomDocument): Map<string | undefined, GedcomNode> {
  return new Map(document.records.map((record) => [record.xref, record]));
}

describe('willis.ged in five encodings', () => {
  const reference = parse(readFixture('encodings/willis.ged'));
  const referenceNames = namesByXref(reference);

  it('has 761 persons with names in the UTF-8 version', () => {
    expect(reference.encoding).toBe('UTF-8');
    expect(referenceNames.size).toBe(761);
    expect([...referenceNames.values()].flat().every((name) => name.length > 0)).toBe(true);
  });

  it.each([
    ['encodings/willis-ansel.ged', 'ANSEL'],
    ['encodings/willis-ascii.ged', 'ASCII'],
    ['encodings/willis-unicode-bigendian.ged', 'UTF-16BE'],
    ['encodings/willis-unicode-littleendian.ged', 'UTF-16LE'],
  ])('%s gives the same names as the UTF-8 version', (file, encoding) => {
    const document = parse(readFixture(file));
    expect(document.encoding).toBe(encoding);
    expect(document.warnings).toEqual([]);
    expect(namesByXref(document)).toEqual(referenceNames);
  });

  it('reads the one non-ASCII letter of the ANSEL version like the UTF-8 version (Brøderbund)', () => {
    const footnote = (document: GedcomDocument) =>
      document.records
        .flatMap((record) => record.children)
        .flatMap((child) => child.children)
        .find((node) => node.tag === 'SOUR' && node.value?.startsWith('Footnote: Br'))?.value;
    expect(footnote(parse(readFixture('encodings/willis-ansel.ged')))).toMatch(/^Footnote: Brøderbund /);
    expect(footnote(reference)).toMatch(/^Footnote: Brøderbund /);
  });
});

describe('the Eichmann character-set tests', () => {
  const utf8 = parse(readFixture('encodings/utf8-nobom-lf.ged'));
  const ansel = parse(readFixture('eichmann-charset/ANSEL.GED'));

  it('reads the UTF-16 versions (LF+CR and CR line endings, no byte order mark) exactly like the UTF-8 one', () => {
    for (const file of [
      'eichmann-charset/unicode-littleendian-crlf.ged',
      'eichmann-charset/unicode-littleendian-cronly.ged',
    ]) {
      const document = parse(readFixture(file));
      expect(document.encoding).toBe('UTF-16LE');
      expect(document.warnings).toEqual([]);
      expect(namesByXref(document)).toEqual(namesByXref(utf8));
      expect(document.records.map(plain)).toEqual(utf8.records.map(plain));
    }
    const father = byXref(utf8).get('FATHER');
    expect(place(father, 'BIRT')).toBe('АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ');
    expect(place(byXref(utf8).get('MOTHER'), 'DEAT')).toBe('αβγδεζηθικλμνξοπρςστυφχψω');
  });

  it('reads the two ANSEL versions (CRLF and LF) alike, as ANSEL', () => {
    const lf = parse(readFixture('encodings/ansel-lf.ged'));
    expect(ansel.encoding).toBe('ANSEL');
    expect(lf.encoding).toBe('ANSEL');
    expect(ansel.warnings).toEqual([]);
    expect(lf.records.map(plain)).toEqual(ansel.records.map(plain));
  });

  it('reads every ANSEL special character as the UTF-8 version has it', () => {
    const inParentheses = (text: string) => [...text.matchAll(/\(([^)]+)\)/g)].map((match) => match[1]).join('');
    const anselRecords = byXref(ansel);
    const utf8Records = byXref(utf8);
    for (let child = 0; child <= 3; child++) {
      const a = anselRecords.get(`CHILD${child}`);
      const u = utf8Records.get(`CHILD${child}`);
      expect(inParentheses(place(a, 'BIRT'))).toBe(inParentheses(place(u, 'BIRT')));
      expect(inParentheses(place(a, 'DEAT'))).toBe(inParentheses(place(u, 'DEAT')));
    }
    expect(inParentheses(place(anselRecords.get('CHILD3'), 'DEAT'))).toBe('♯¿¡ß');
  });

  it('composes every letter with every combining diacritic to the letters of the UTF-8 version', () => {
    // Letters Unicode added after the 1998 reference file (Ǹ, Ȧ, Ȯ, Ȳ, Ȟ, Ȩ, Ș, Ț): the ANSEL
    // version composes them too, the UTF-8 version does not list them.
    const newer = /[\u01f8\u01f9\u0218-\u0233]/u;
    const anselRecords = byXref(ansel);
    const utf8Records = byXref(utf8);
    let compared = 0;
    for (let child = 4; child <= 32; child++) {
      const a = anselRecords.get(`CHILD${child}`);
      const u = utf8Records.get(`CHILD${child}`);
      // ANSEL: each of A-Z and a-z under the mark; keep those that composed to one letter.
      const composed = [...(place(a, 'BIRT') + place(a, 'DEAT'))]
        .filter((letter) => /\p{L}/u.test(letter) && letter.normalize('NFD') !== letter && !newer.test(letter))
        .sort();
      // UTF-8: the composed letters are listed in DEAT, their bases in BIRT.
      const listed =
        place(u, 'DEAT') === '- none -' ? [] : [...place(u, 'DEAT')].filter((letter) => letter !== ',').sort();
      expect(composed).toEqual(listed);
      compared += listed.length;
    }
    expect(compared).toBeGreaterThan(300);
  });
});
