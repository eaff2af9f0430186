/**
 * The letters test (issue 20): every line holding a non-ASCII character, and every person's
 * names holding one, read by Anor's decoder exactly as standard tools read them. The reference
 * (reference.json) was made once by make-reference.mjs with glibc's iconv, and YAZ's yaz-iconv
 * for ANSEL, which iconv lacks; its header says how. Files: every sample of
 * shared/gedcom-samples/encodings and eichmann-charset, and the files made for the code pages no
 * sample has (fixtures/made-encodings, with their UTF-8 sources).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decode, parse, parseGedcom } from '../../src/index.ts';

interface Reference {
  file: string;
  encoding: string;
  why: string;
  tool: string;
  lines: [number, string][];
  names: Record<string, string[]>;
}

const references = JSON.parse(readFileSync(new URL('./reference.json', import.meta.url), 'utf8')) as Reference[];
const nonAscii = /[\u0080-\uffff]/;
const read = (file: string) => new Uint8Array(readFileSync(new URL(`../${file}`, import.meta.url)));

describe('the letters test', () => {
  it('covers every file of the encodings samples', () => {
    const files = new Set(references.map((reference) => reference.file));
    for (const name of [
      'Ansi.ged',
      'Heredis7PC.ged',
      'Irish+Kings.ged',
      'US+Presidents+Trees+I.ged',
      'ansel-lf.ged',
      'chaune.ged',
      'druzina.ged',
      'utf16be.ged',
      'utf16le.ged',
      'utf8-nobom-lf.ged',
      'utf8-unicode.ged',
      'utf8.ged',
      'utf8_cr_nobom.ged',
      'utf8_crlf_bom.ged',
      'utf8_crlf_nobom.ged',
      'utf8_lf_nobom.ged',
      'willis-ansel.ged',
      'willis-ascii.ged',
      'willis-unicode-bigendian.ged',
      'willis-unicode-littleendian.ged',
      'willis.ged',
    ]) {
      expect(files.has(`fixtures/encodings/${name}`), name).toBe(true);
    }
  });

  it.each(references.map((reference) => [reference.file, reference] as const))(
    '%s: the lines with non-ASCII letters read as the reference does',
    (file, reference) => {
      const decoded = decode(read(file));
      const lines = decoded.text.split(/\r\n|\n\r|\r|\n/);
      const wrong = reference.lines
        .filter(([line, text]) => lines[line - 1] !== text)
        .map(([line, text]) => ({ line, expected: text, read: lines[line - 1] }));
      expect(wrong, `read as ${decoded.encoding}, the reference as ${reference.encoding}`).toEqual([]);
      // And nothing the reference reads as ASCII came out otherwise.
      const expected = new Set(reference.lines.map(([line]) => line));
      const extra = lines.flatMap((text, index) =>
        nonAscii.test(text) && !expected.has(index + 1) ? [index + 1] : [],
      );
      expect(extra).toEqual([]);
    },
  );

  it.each(
    references
      .filter((reference) => Object.keys(reference.names).length > 0)
      .map((reference) => [reference.file, reference] as const),
  )('%s: the names with non-ASCII letters are the reference names', (file, reference) => {
    const document = parse(read(file));
    const names: Record<string, string[]> = {};
    for (const record of document.records) {
      if (record.tag !== 'INDI' || record.xref === undefined) continue;
      const withLetters = record.children
        .filter((child) => child.tag === 'NAME' && nonAscii.test(child.value ?? ''))
        .map((child) => (child.value ?? '').trim());
      if (withLetters.length > 0) names[record.xref] = withLetters;
    }
    expect(names).toEqual(reference.names);
  });

  it('reads "Marin Držić" from CP852 bytes under a header that says ANSEL, and says why', () => {
    const decoded = decode(read('letters/made/cp852-ansel.ged'));
    expect(decoded.encoding).toBe('CP852');
    expect(decoded.text).toContain('1 NAME Marin /Držić/');
    expect(decoded.choice.reason).toBe('letters');
    expect(decoded.choice.example).toEqual({ word: 'Držić', other: expect.any(String), otherEncoding: 'ANSEL' });
    expect(decoded.warnings.map((warning) => warning.code)).toEqual(['encoding-mismatch']);
  });

  it('reads the bytes in the encoding the user picks, whole or streamed', async () => {
    const bytes = read('letters/made/cp852-ansel.ged');
    const picked = decode(bytes, 'CP1250');
    expect(picked.encoding).toBe('CP1250');
    expect(picked.text).toContain('1 NAME Marin /Dr§i†/');
    expect(picked.choice).toEqual({ reason: 'chosen', example: null, ranked: [] });
    expect(picked.warnings).toEqual([]);
    expect(parse(bytes, { encoding: 'CP1250' }).encoding).toBe('CP1250');
    const chunks = (async function* () {
      for (let at = 0; at < bytes.length; at += 100) yield bytes.subarray(at, at + 100);
    })();
    const streamed = await parseGedcom(chunks, { encoding: 'CP1250' });
    expect(streamed.encoding).toBe('CP1250');
    expect(streamed.records[0]?.children.find((child) => child.tag === 'NAME')?.value).toBe('Marin /Dr§i†/');
  });
});
