import { describe, expect, it } from 'vitest';
import { generateGedcom } from '../bench/generate.ts';
import {
  GedcomError,
  type GedcomNode,
  type GedcomWarning,
  iterateRecords,
  iterateRecordsAsync,
  parse,
  parseGedcom,
} from '../src/index.ts';
import { bytesOf, childOf, chunksOf, plain, readFixture } from './support.ts';

const head = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
const seven = ['0 HEAD', '1 GEDC', '2 VERS 7.0'];
const family = [
  '0 @I1@ INDI',
  '1 NAME Anna /Ström/',
  '1 BIRT',
  '2 DATE 1 JAN 1850',
  '2 PLAC Älvdalen',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 WIFE @I1@',
];
const file = (lines: string[], ending = '\n') => lines.join(ending) + ending;
const codes = (warnings: GedcomWarning[]) => warnings.map((warning) => warning.code);
const refusal = (action: () => unknown): GedcomError => {
  try {
    action();
  } catch (error) {
    if (error instanceof GedcomError) return error;
    throw error;
  }
  throw new Error('no GedcomError');
};

describe('parse: lines and records', () => {
  it('builds records with levels, xrefs, values, pointers and line numbers', () => {
    const document = parse(file([...head, ...family, '0 TRLR']));
    expect(document.version).toBe('5.5.1');
    expect(document.declared).toBe('UTF-8');
    expect(document.header?.tag).toBe('HEAD');
    expect(document.warnings).toEqual([]);
    const [person, fam] = document.records as [GedcomNode, GedcomNode];
    expect(person).toMatchObject({ level: 0, xref: 'I1', tag: 'INDI', line: 5 });
    expect(person.value).toBeUndefined();
    expect(childOf(person, 'NAME')).toMatchObject({ level: 1, value: 'Anna /Ström/', line: 6 });
    expect(childOf(childOf(person, 'BIRT'), 'PLAC')).toMatchObject({ level: 2, value: 'Älvdalen', line: 9 });
    expect(childOf(person, 'FAMS')).toMatchObject({ pointer: 'F1', value: undefined });
    expect(childOf(fam, 'WIFE')?.pointer).toBe('I1');
  });

  it('reads CR, LF, CRLF and LF+CR line endings alike, and all of them mixed in one file', () => {
    const lines = [...head, ...family, '0 TRLR'];
    const expected = plain(parse(file(lines)).records[0] as GedcomNode);
    for (const ending of ['\r', '\n', '\r\n', '\n\r']) {
      const document = parse(file(lines, ending));
      expect(document.warnings).toEqual([]);
      expect(plain(document.records[0] as GedcomNode)).toEqual(expected);
      expect(document.records[1]?.line).toBe(11);
    }
    const mixed = lines.map((line, index) => line + ['\r\n', '\n', '\r', '\r\n'][index % 4]).join('');
    const document = parse(mixed);
    expect(document.warnings).toEqual([]);
    expect(plain(document.records[0] as GedcomNode)).toEqual(expected);
    expect(document.records[1]?.line).toBe(11);
  });

  it('reads the samples with mixed line endings', () => {
    for (const name of [
      'odd/gedcom4j-5.5.1-sample-4.ged',
      'odd/gedcom4j-5.5.1-sample-5.ged',
      'encodings/utf8_cr_nobom.ged',
    ]) {
      expect(parse(readFixture(name)).warnings).toEqual([]);
    }
    const lfCr = parse(readFixture('eichmann-charset/unicode-littleendian-crlf.ged'));
    expect(lfCr.warnings).toEqual([]);
    expect(lfCr.records[1]).toMatchObject({ xref: 'FATHER', line: 46 });
  });

  it('tolerates leading white space and extra spaces between level, xref and tag', () => {
    const document = parse(
      file([...head, '0 @I1@ INDI', '  1 NAME Space /Indented/', '\t1 SEX M', '1   BIRT', '0 TRLR']),
    );
    expect(document.warnings).toEqual([]);
    expect((document.records[0] as GedcomNode).children.map((child) => child.tag)).toEqual(['NAME', 'SEX', 'BIRT']);
  });

  it('keeps a value exactly as written after the one delimiter', () => {
    const document = parse(file([...head, '0 @I1@ INDI', '1 NAME  Two spaces ', '1 NOTE trailing  ', '0 TRLR']));
    const person = document.records[0] as GedcomNode;
    expect(childOf(person, 'NAME')?.value).toBe(' Two spaces ');
    expect(childOf(person, 'NOTE')?.value).toBe('trailing  ');
  });

  it('reads user-defined tags like any other', () => {
    const document = parse(readFixture('odd/customtagstorture.ged'));
    expect(document.warnings).toEqual([]);
    const tags = new Set<string>();
    const walk = (node: GedcomNode) => {
      tags.add(node.tag);
      node.children.forEach(walk);
    };
    document.records.forEach(walk);
    expect([...tags].filter((tag) => tag.startsWith('_')).length).toBeGreaterThan(3);
  });

  it('builds complete trees in a large file too (past the line where nodes get their own allocation sites)', () => {
    const generated = generateGedcom(15_000);
    const text = generated.text;
    const document = parse(text);
    expect(document.warnings).toEqual([]);
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThan(250_000);
    const continuations = new Set(lines.flatMap((line, index) => (/^\d+ CON[CT]\b/.test(line) ? [index + 1] : [])));
    const count = (node: GedcomNode): number => 1 + node.children.reduce((sum, child) => sum + count(child), 0);
    const records = [document.header as GedcomNode, ...document.records];
    records.forEach((record, index) => {
      const next = records[index + 1]?.line ?? lines.length - 1;
      let continued = 0;
      for (let line = record.line; line < next; line++) if (continuations.has(line)) continued++;
      expect(count(record) + continued).toBe(next - record.line);
    });
    expect(document.records.filter((record) => record.tag === 'INDI')).toHaveLength(generated.persons);
  });

  it('reads lines of any length', () => {
    const long = 'x'.repeat(100_000);
    const document = parse(file([...head, `0 @N1@ NOTE ${long}`, '0 TRLR']));
    expect(document.records[0]?.value).toBe(long);
    expect(parse(readFixture('odd/superlongline-ansel.ged')).records[1]?.value?.length).toBeGreaterThan(255);
  });
});

describe('parse: CONC, CONT and @', () => {
  it('folds CONC and CONT into the value, CONT as a line break', () => {
    const document = parse(
      file([...head, '0 @N1@ NOTE First', '1 CONC  part', '1 CONT', '1 CONT Third line', '1 CONC , end', '0 TRLR']),
    );
    expect(document.records[0]).toMatchObject({ value: 'First part\n\nThird line, end', children: [] });
  });

  it('continues a value that had none on its own line', () => {
    const document = parse(file([...head, '0 @I1@ INDI', '1 NOTE', '2 CONT second', '0 TRLR']));
    expect(childOf(document.records[0], 'NOTE')?.value).toBe('\nsecond');
  });

  it('reads the CONC/CONT sample', () => {
    const document = parse(readFixture('odd/cont-conc.ged'));
    expect(document.warnings).toEqual([]);
    const notes = new Map(document.records.map((record) => [record.xref, record.value]));
    expect(notes.get('N1')).toBe(
      'This note tests CONT (continuation) which adds a newline.\nThis is the second line after a CONT.\n' +
        'This is the third line after another CONT.\n\nThis line follows a blank CONT line.',
    );
    expect(notes.get('N3')).toBe(
      'Mixed CONT and CONC test. This line has CONC text concatenated immediately after it.\n' +
        'This line starts on a new line due to CONT. But this text is concatenated to the CONT line above.\n' +
        'Another new line. With more concatenated text.',
    );
    expect(notes.get('N5')).toBe('Edge case: CONC with empty value\nShould be on new line');
  });

  it('turns @@ into @ anywhere in a 5.x value, and keeps date escapes', () => {
    const document = parse(
      file([...head, '0 @I1@ INDI', '1 EMAIL anna@@example.se', '1 BIRT', '2 DATE @#DJULIAN@ 1 JAN 1700', '0 TRLR']),
    );
    const person = document.records[0] as GedcomNode;
    expect(childOf(person, 'EMAIL')?.value).toBe('anna@example.se');
    expect(childOf(childOf(person, 'BIRT'), 'DATE')?.value).toBe('@#DJULIAN@ 1 JAN 1700');
  });

  it('turns only a leading @@ into @ in 7.0', () => {
    const document = parse(file([...seven, '0 @I1@ INDI', '1 NOTE @@me and a@@b', '0 TRLR']));
    expect(childOf(document.records[0], 'NOTE')?.value).toBe('@me and a@@b');
  });

  it('reads the 5.5.1 and 7.0 @ samples', () => {
    const five = parse(readFixture('gedcom7/gedcom7code-test-files/5/atsign.ged'));
    const seventh = parse(readFixture('gedcom7/gedcom7code-test-files/7/atsign.ged'));
    expect(five.version).toBe('5.5.1');
    expect(seventh.version).toBe('7.0');
    expect(five.warnings).toEqual([]);
    expect(seventh.warnings).toEqual([]);
  });

  it('reads a pointer with @VOID@ and a value that only looks like one', () => {
    const document = parse(file([...seven, '0 @F1@ FAM', '1 HUSB @VOID@', '1 NOTE @@I1@', '0 TRLR']));
    const fam = document.records[0] as GedcomNode;
    expect(childOf(fam, 'HUSB')?.pointer).toBe('VOID');
    expect(childOf(fam, 'NOTE')).toMatchObject({ value: '@I1@', pointer: undefined });
  });
});

describe('parse: versions', () => {
  it('reads 5.5, 5.5.1, 5.5.5 and 7.0 files', () => {
    expect(parse(readFixture('torture-55/TGC551LF.ged')).version).toBe('5.5');
    expect(parse(readFixture('real-world/kennedy.ged')).version).toBe('5.5.1');
    expect(parse(readFixture('gedcom-org-555/555SAMPLE.GED')).version).toBe('5.5.5');
    const maximal = parse(readFixture('gedcom7/familysearch/gedcom70/maximal70.ged'));
    expect(maximal.version).toBe('7.0');
    expect(maximal.encoding).toBe('UTF-8');
    expect(maximal.warnings).toEqual([]);
    expect(maximal.records.filter((record) => record.tag === 'INDI')).toHaveLength(4);
  });
});

describe('parse: malformed input gives warnings with line numbers', () => {
  it('skips lines that are not GEDCOM, and blank lines', () => {
    const document = parse(file([...head, '0 @I1@ INDI', 'this is no line', '', '   ', '1 NAME A', '0 TRLR']));
    expect(document.warnings).toEqual([
      expect.objectContaining({ code: 'invalid-line', line: 6 }),
      expect.objectContaining({ code: 'blank-line', line: 7 }),
    ]);
    expect(childOf(document.records[0], 'NAME')?.value).toBe('A');
  });

  it('reads a level jump as the next level down, with a warning', () => {
    const document = parse(readFixture('odd/malformed/level-jump-skip.ged'));
    expect(document.warnings).toEqual([expect.objectContaining({ code: 'level-jump', line: 8 })]);
    const date = childOf(childOf(document.records[0], 'BIRT'), 'DATE');
    expect(date).toMatchObject({ level: 2, value: '1 JAN 1900', line: 8 });
  });

  it('skips a level deeper than 99', () => {
    const document = parse(readFixture('odd/issue102_100levels.ged'));
    expect(document.warnings).toEqual([expect.objectContaining({ code: 'invalid-level', line: 108 })]);
    const over = parse(readFixture('odd/malformed/level-over-99.ged'));
    expect(codes(over.warnings)).toEqual(['invalid-level', 'invalid-level']);
    const ninetyNine = parse(readFixture('odd/issue102_99levels.ged'));
    let depth = 0;
    for (let node = ninetyNine.records[0]; node; node = node.children[0]) depth = node.level;
    expect(depth).toBe(99);
  });

  it('warns about a missing header and a missing trailer', () => {
    const document = parse(file(['0 @I1@ INDI', '1 NAME A']));
    expect(document.header).toBeNull();
    expect(codes(document.warnings)).toEqual(['missing-header', 'missing-trailer']);
    expect(document.records).toHaveLength(1);
    expect(codes(parse(readFixture('odd/malformed/missing-header.ged')).warnings)).toEqual(['missing-header']);
  });

  it('reads a header without GEDC or CHAR', () => {
    const document = parse(readFixture('odd/input-bare-header.ged'));
    expect(document.version).toBeNull();
    expect(document.declared).toBeNull();
    expect(document.warnings).toEqual([]);
  });

  it('leaves out an xref without its closing @, with a warning', () => {
    const document = parse(readFixture('odd/malformed/unterminated-xref.ged'));
    expect(document.warnings).toEqual([expect.objectContaining({ code: 'unterminated-xref', line: 4 })]);
    expect(document.records[0]).toMatchObject({ tag: 'INDI', xref: undefined });
  });

  it('skips lines before the first record, CONT with nothing to continue, and warns about records after TRLR', () => {
    const document = parse(file(['1 NAME orphan', ...head, '0 CONT x', '0 TRLR', '0 @I1@ INDI']));
    expect(codes(document.warnings)).toEqual(['orphan-line', 'orphan-continuation', 'data-after-trailer']);
    expect(document.records.map((record) => record.xref)).toEqual(['I1']);
  });

  it('refuses text that is not GEDCOM, naming the line', () => {
    const error = refusal(() => parse(readFixture('torture-55/README.txt')));
    expect(error.code).toBe('not-gedcom');
    expect(error.line).toBe(1);
    expect(error.message).toMatch(/^Line 1: this is not a GEDCOM file/);
    expect(refusal(() => parse('\n\nHello\nWorld\n')).line).toBe(3);
    // One GEDCOM line among the first ten is enough: the rest are warnings.
    expect(codes(parse('Hello\n0 HEAD\n0 TRLR\n').warnings)).toEqual(['invalid-line']);
  });

  it('refuses empty input', () => {
    expect(refusal(() => parse('')).code).toBe('empty');
    expect(refusal(() => parse('\n\n')).code).toBe('empty');
  });

  it('keeps at most maxWarnings warnings and says how many more there were', () => {
    const lines = [...head, '0 @I1@ INDI', ...Array.from({ length: 50 }, () => 'junk'), '0 TRLR'];
    const seen: GedcomWarning[] = [];
    const document = parse(file(lines), { maxWarnings: 10, onWarning: (warning) => seen.push(warning) });
    expect(document.warnings).toHaveLength(11);
    expect(document.warnings[10]).toMatchObject({
      code: 'too-many-warnings',
      message: '40 more warnings were not kept',
    });
    expect(seen).toHaveLength(50);
  });
});

describe('iterateRecords and the streaming readers', () => {
  const text = file([...head, ...family, '0 TRLR']);

  it('hands out one record at a time, with the header set before the first', () => {
    const stream = iterateRecords(bytesOf(text));
    const seen: string[] = [];
    for (const record of stream) {
      expect(stream.header?.tag).toBe('HEAD');
      seen.push(record.tag);
    }
    expect(seen).toEqual(['INDI', 'FAM']);
    expect(stream.encoding).toBe('UTF-8');
    expect(stream.version).toBe('5.5.1');
  });

  it('reads byte chunks of any size, split anywhere (inside CRLF, inside a UTF-8 letter)', async () => {
    const bytes = bytesOf(file([...head, ...family, '0 TRLR'], '\r\n'));
    const expected = parse(bytes);
    for (const size of [1, 2, 3, 5, 64]) {
      const document = await parseGedcom(chunksOf(bytes, size));
      expect(document.records).toEqual(expected.records);
      expect(document.header).toEqual(expected.header);
      expect(document.warnings).toEqual([]);
    }
  });

  it('reads an async stream of UTF-16 and ANSEL files like the whole file', async () => {
    for (const name of ['encodings/willis-unicode-bigendian.ged', 'torture-55/TGC55C.ged']) {
      const bytes = readFixture(name);
      const expected = parse(bytes);
      async function* stream() {
        yield* chunksOf(bytes, 1000);
      }
      const reader = iterateRecordsAsync(stream());
      const records: GedcomNode[] = [];
      for await (const record of reader) records.push(record);
      expect(records).toEqual(expected.records);
      expect(reader.encoding).toBe(expected.encoding);
      expect(reader.version).toBe(expected.version);
    }
  });

  it('switches a stream that turns out not to be UTF-8 to the fallback code page, with a warning', async () => {
    const start = bytesOf(file([...head, '0 @N1@ NOTE', ...Array.from({ length: 30_000 }, () => '1 CONT line')]));
    const tail = new Uint8Array([...bytesOf('0 @I1@ INDI\n1 NAME G'), 0xf6, ...bytesOf('ran\n0 TRLR\n')]);
    const document = await parseGedcom([start, tail]);
    expect(childOf(document.records[1], 'NAME')?.value).toBe('Göran');
    expect(codes(document.warnings)).toEqual(['invalid-bytes']);
  });

  it('refuses a stream that is not GEDCOM with the same error as a whole file', async () => {
    await expect(parseGedcom(chunksOf(readFixture('torture-55/README.txt'), 100))).rejects.toMatchObject({
      code: 'not-gedcom',
      line: 1,
    });
    await expect(parseGedcom([new Uint8Array(0)])).rejects.toBeInstanceOf(GedcomError);
  });
});
