/**
 * Every file of the sample collection (test/fixtures, a copy of shared/gedcom-samples): each GEDCOM
 * file reads without an exception, with as many INDI and FAM records as a plain regular expression
 * finds in its text; each file that is not GEDCOM text is refused with one GedcomError naming the
 * line; every tree survives write → parse in 5.5.1 and in 7.0; streaming gives the same tree.
 */
import { describe, expect, it } from 'vitest';
import { decode, GedcomError, type GedcomErrorCode, parse, parseGedcom, writeGedcom } from '../src/index.ts';
import { bytesOf, chunksOf, listFixtures, plain, readFixture } from './support.ts';

/** The files that are not GEDCOM text, and how they are refused. */
const refused: Record<string, GedcomErrorCode> = {
  'gedcom7/familysearch/gedcom70/maximal70.gdz': 'archive',
  'gedcom7/familysearch/gedcom70/maximal70/maximal70.gdz': 'archive',
  'gedcom7/familysearch/gedcom70/minimal70.gdz': 'archive',
  'gedcom7/familysearch/gedcom71/minimal71.gdz': 'archive',
  'gedcom7/gedcom7code-test-files/LICENSE': 'not-gedcom',
  'torture-55/README.txt': 'not-gedcom',
};

const files = listFixtures();
const gedcomFiles = files.filter((file) => !(file in refused));

function countRecords(text: string, tag: string): number {
  return text.match(new RegExp(`^\\s*0 @[^@\\r\\n]+@ ${tag}\\b`, 'gm'))?.length ?? 0;
}

describe('the sample collection', () => {
  it('holds all 175 files of shared/gedcom-samples', () => {
    expect(files).toHaveLength(175);
    expect(gedcomFiles).toHaveLength(169);
  });

  it.each(Object.entries(refused))('refuses %s with one clear error', (file, code) => {
    let error: unknown;
    try {
      parse(readFixture(file));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GedcomError);
    expect(error).toMatchObject({ code, line: 1 });
    expect((error as Error).message).toMatch(/^Line 1: /);
  });

  it.each(gedcomFiles)('reads %s with its INDI and FAM records', (file) => {
    const bytes = readFixture(file);
    const document = parse(bytes);
    const text = decode(bytes).text;
    const individuals = document.records.filter((record) => record.tag === 'INDI' && record.xref !== undefined);
    const families = document.records.filter((record) => record.tag === 'FAM' && record.xref !== undefined);
    expect(individuals.length).toBe(countRecords(text, 'INDI'));
    expect(families.length).toBe(countRecords(text, 'FAM'));
    for (const warning of document.warnings) expect(warning.line).toBeGreaterThan(0);
  });

  it.each(gedcomFiles)('writes %s as 5.5.1 and 7.0 and reads back the same records', (file) => {
    const document = parse(readFixture(file));
    const expected = document.records.map(plain);
    for (const version of ['5.5.1', '7.0'] as const) {
      const written = writeGedcom(document.records, { version, header: document.header });
      const again = parse(bytesOf(written));
      expect(again.warnings).toEqual([]);
      expect(again.version).toBe(version);
      expect(again.records.map(plain)).toEqual(expected);
      if (version === '5.5.1') {
        expect(again.declared).toBe('UTF-8');
        expect(Math.max(...written.split('\n').map((line) => line.length))).toBeLessThanOrEqual(255);
      }
    }
  });

  it.each(gedcomFiles)('streams %s in 4 KB chunks to the same tree', async (file) => {
    const bytes = readFixture(file);
    const whole = parse(bytes);
    const streamed = await parseGedcom(chunksOf(bytes, 4096));
    expect(streamed.records).toEqual(whole.records);
    expect(streamed.header).toEqual(whole.header);
    expect(streamed.encoding).toBe(whole.encoding);
    expect(streamed.warnings).toEqual(whole.warnings);
  });
});
