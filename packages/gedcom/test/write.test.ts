import { describe, expect, it } from 'vitest';
import { type GedcomNode, parse, writeGedcom } from '../src/index.ts';
import { plain } from './support.ts';

function node(tag: string, fields: Partial<Omit<GedcomNode, 'tag'>> = {}): GedcomNode {
  return { level: 0, line: 0, children: [], tag, ...fields };
}

const person = node('INDI', {
  xref: 'I1',
  children: [
    node('NAME', { value: 'Åsa /Öberg/' }),
    node('BIRT', { children: [node('DATE', { value: '@#DJULIAN@ 1 JAN 1700' }), node('PLAC', { value: 'Älvdalen' })] }),
    node('EMAIL', { value: 'asa@example.se' }),
    node('NOTE', { value: 'First line\n\nThird line' }),
    node('FAMS', { pointer: 'F1' }),
  ],
});

describe('writeGedcom', () => {
  it('writes 5.5.1 with its header, CHAR UTF-8, escaped @ and CONT lines', () => {
    const text = writeGedcom([person], { version: '5.5.1' });
    expect(text.split('\n')).toEqual([
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '1 SOUR ANOR',
      '0 @I1@ INDI',
      '1 NAME Åsa /Öberg/',
      '1 BIRT',
      '2 DATE @#DJULIAN@ 1 JAN 1700',
      '2 PLAC Älvdalen',
      '1 EMAIL asa@@example.se',
      '1 NOTE First line',
      '2 CONT',
      '2 CONT Third line',
      '1 FAMS @F1@',
      '0 TRLR',
      '',
    ]);
  });

  it('keeps the French calendar escape, whose name holds a space, as it is (issue 20)', () => {
    const dated = node('EVEN', { children: [node('DATE', { value: '@#DFRENCH R@ 18 BRUM 8' })] });
    const lines = writeGedcom([node('INDI', { xref: 'I2', children: [dated] })], { version: '5.5.1' }).split('\n');
    expect(lines).toContain('2 DATE @#DFRENCH R@ 18 BRUM 8');
    // Other text between @# and @ with a space is no escape: its @ are doubled.
    const other = node('NOTE', { value: 'see @#x y@ here' });
    expect(writeGedcom([other], { version: '5.5.1' }).split('\n')).toContain('0 NOTE see @@#x y@@ here');
  });

  it('writes 7.0 without CHAR, escaping only a leading @', () => {
    const note = node('SNOTE', { xref: 'N1', value: '@home: a@b' });
    const text = writeGedcom([person, note], { version: '7.0', lineEnding: '\r\n' });
    const lines = text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual(['0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SOUR ANOR']);
    expect(lines).not.toContain('1 CHAR UTF-8');
    expect(lines).toContain('1 EMAIL asa@example.se');
    expect(lines).toContain('0 @N1@ SNOTE @@home: a@b');
    expect(parse(text).records.map(plain)).toEqual([person, note].map(plain));
  });

  it('splits long 5.5.1 values with CONC, never next to a space, and reads them back whole', () => {
    const words = Array.from({ length: 400 }, (_, index) => `ord${index} åäö`).join(' ');
    const long = node('NOTE', { xref: 'N1', value: `${words}\n${'x'.repeat(1000)}` });
    const text = writeGedcom([long], { version: '5.5.1' });
    const lines = text.split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(255);
    const conc = lines.filter((line) => line.startsWith('1 CONC '));
    expect(conc.length).toBeGreaterThan(10);
    for (const line of conc) {
      expect(line.charAt(7)).not.toBe(' ');
    }
    for (const line of lines.filter((line) => /^(0 @N1@ NOTE|1 CONC|1 CONT) /.test(line))) {
      expect(line.endsWith(' ')).toBe(false);
    }
    expect(parse(text).records[0]?.value).toBe(long.value);
    // 7.0 has no line limit and no CONC.
    expect(writeGedcom([long], { version: '7.0' })).not.toContain('CONC');
  });

  it('never splits a surrogate pair or an @@ escape', () => {
    const emoji = '😀'.repeat(300);
    const ats = '@'.repeat(300);
    const text = writeGedcom([node('NOTE', { xref: 'N1', value: emoji }), node('NOTE', { xref: 'N2', value: ats })], {
      version: '5.5.1',
    });
    const records = parse(text).records;
    expect(records[0]?.value).toBe(emoji);
    expect(records[1]?.value).toBe(ats);
  });

  it('writes levels from the tree, whatever the nodes say', () => {
    const wrong = node('INDI', {
      xref: 'I1',
      children: [node('BIRT', { level: 5, children: [node('DATE', { value: '1900' })] })],
    });
    expect(writeGedcom([wrong], { version: '5.5.1' })).toContain('0 @I1@ INDI\n1 BIRT\n2 DATE 1900\n');
  });

  it('carries over a parsed header, except what the writer writes itself', () => {
    const source = parse(
      ['0 HEAD', '1 SOUR OLD', '1 GEDC', '2 VERS 5.5', '1 CHAR ANSEL', '1 SUBM @U1@', '1 FILE a.ged', '0 TRLR'].join(
        '\n',
      ),
    );
    const five = writeGedcom([], { version: '5.5.1', header: source.header, source: 'Anor 1.0' });
    expect(five).toBe(
      '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n1 SOUR Anor 1.0\n1 SUBM @U1@\n1 FILE a.ged\n0 TRLR\n',
    );
    const seven = writeGedcom([], { version: '7.0', header: source.header });
    expect(seven).toBe('0 HEAD\n1 GEDC\n2 VERS 7.0\n1 SOUR ANOR\n1 SUBM @U1@\n0 TRLR\n');
  });

  it('leaves out HEAD and TRLR records given among the records', () => {
    const document = parse('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n0 TRLR\n');
    const records = [node('HEAD'), ...document.records, node('TRLR')];
    expect(writeGedcom(records, { version: '5.5.1' }).match(/^0 (HEAD|TRLR)$/gm)).toEqual(['0 HEAD', '0 TRLR']);
  });
});
