/**
 * Makes the reference of the letters test (letters.test.ts), ONCE, with standard tools instead of
 * Anor's decoder: every line of every file that holds a non-ASCII character, as glibc's `iconv`
 * (or, for ANSEL, YAZ's `yaz-iconv -f marc8`) reads it, and the NAME values of each INDI record
 * that hold one. Run from the repository root after `apt-get install yaz`:
 *
 *   node packages/gedcom/test/letters/make-reference.mjs
 *
 * and commit the JSON it writes. Which encoding each file is really in is a person's judgement,
 * written in the table below with the evidence.
 *
 * ANSEL: iconv has no ANSEL, so ANSEL lines go through `yaz-iconv -f marc8 -t utf8` (MARC-8's Latin
 * set is ANSEL), one line at a time because yaz drops line breaks. GEDCOM's own additions to ANSEL,
 * which MARC-8 lacks or reads otherwise, are put in from the GEDCOM 5.5.1 table (p. 73) instead of
 * through yaz: 0xBE □, 0xBF ■, 0xCD midline e, 0xCE midline o, 0xCF ß, and alif 0xAE ʾ and ayn 0xB0 ʿ
 * as the Eichmann character-set test's Unicode twin has them. Five combining marks where yaz
 * differs from the Library of Congress's MARC-8 table or from that twin are put behind their
 * letter from the table instead: the ligature and double-tilde halves 0xEB U+FE20, 0xEC U+FE21,
 * 0xFA U+FE22, 0xFB U+FE23 (LC's table; yaz writes U+0361 and U+0360), and the underscore 0xF6 as
 * U+0331 macron below (the Eichmann twin's ḏ ṯ ẖ; LC says U+0332). The result is composed to NFC
 * (a UTF-8 file and Anor store the composed form).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const test = 'packages/gedcom/test';
const out = 'packages/gedcom/test/letters/reference.json';

/** [file, encoding (iconv name, or ANSEL), why] */
const files = [
  [
    'fixtures/encodings/Ansi.ged',
    'CP1252',
    'CHAR ANSI; a table of Windows-1252 (0x80 is the euro sign, 0x85 the ellipsis)',
  ],
  ['fixtures/encodings/Heredis7PC.ged', 'MACINTOSH', 'CHAR MACINTOSH; 0xA9 after "bsd concept" is the copyright sign'],
  ['fixtures/encodings/Irish+Kings.ged', 'CP1252', 'CHAR ANSI; "La Coruña", "León", "£5.99"'],
  ['fixtures/encodings/US+Presidents+Trees+I.ged', 'CP437', 'CHAR IBMPC; "John C. Frémont" (0x82)'],
  ['fixtures/encodings/ansel-lf.ged', 'ANSEL', 'CHAR ANSEL; the Eichmann ANSEL character-set test'],
  ['fixtures/encodings/chaune.ged', 'ANSEL', 'CHAR ANSEL; 0xF0 (cedilla) before c: "François"'],
  [
    'fixtures/encodings/druzina.ged',
    'CP1250',
    'CHAR ASCII, but Slovenian words "žena", "hčerka", "očetu" in Windows-1250',
  ],
  ['fixtures/encodings/utf16be.ged', 'UTF-16', 'byte order mark'],
  ['fixtures/encodings/utf16le.ged', 'UTF-16', 'byte order mark'],
  ['fixtures/encodings/utf8-nobom-lf.ged', 'UTF-8', 'valid UTF-8'],
  ['fixtures/encodings/utf8-unicode.ged', 'UTF-8', 'valid UTF-8'],
  ['fixtures/encodings/utf8.ged', 'UTF-8', 'byte order mark'],
  ['fixtures/encodings/utf8_cr_nobom.ged', 'UTF-8', 'valid UTF-8'],
  ['fixtures/encodings/utf8_crlf_bom.ged', 'UTF-8', 'byte order mark'],
  ['fixtures/encodings/utf8_crlf_nobom.ged', 'UTF-8', 'valid UTF-8'],
  ['fixtures/encodings/utf8_lf_nobom.ged', 'UTF-8', 'valid UTF-8'],
  ['fixtures/encodings/willis-ansel.ged', 'ANSEL', 'CHAR ANSEL; "Brøderbund" (0xB2)'],
  ['fixtures/encodings/willis-ascii.ged', 'ASCII', 'only 7-bit bytes'],
  ['fixtures/encodings/willis-unicode-bigendian.ged', 'UTF-16BE', 'zero bytes first in each pair'],
  ['fixtures/encodings/willis-unicode-littleendian.ged', 'UTF-16LE', 'zero bytes second in each pair'],
  ['fixtures/encodings/willis.ged', 'UTF-8', 'valid UTF-8'],
  ['fixtures/eichmann-charset/ANSEL.GED', 'ANSEL', 'CHAR ANSEL; the Eichmann ANSEL character-set test'],
  ['fixtures/eichmann-charset/unicode-littleendian-crlf.ged', 'UTF-16LE', 'zero bytes second in each pair'],
  ['fixtures/eichmann-charset/unicode-littleendian-cronly.ged', 'UTF-16LE', 'zero bytes second in each pair'],
  ['letters/made/cp852-ansel.ged', 'CP852', 'made with iconv -t CP852 from source/cp852-ansel.utf8.ged'],
  ['letters/made/cp1250-ansel.ged', 'CP1250', 'made with iconv -t CP1250 from source/cp1250-ansel.utf8.ged'],
  ['letters/made/cp850-none.ged', 'CP850', 'made with iconv -t CP850 from source/cp850-none.utf8.ged'],
  [
    'letters/made/iso-8859-2-ansi.ged',
    'ISO-8859-2',
    'made with iconv -t ISO-8859-2 from source/iso-8859-2-ansi.utf8.ged',
  ],
  [
    'letters/made/iso-8859-15-ansi.ged',
    'ISO-8859-15',
    'made with iconv -t ISO-8859-15 from source/iso-8859-15-ansi.utf8.ged',
  ],
  ['letters/made/macroman-ansel.ged', 'MACINTOSH', 'made with iconv -t MACINTOSH from source/macroman-ansel.utf8.ged'],
];

const gedcomAnsel = new Map([
  [0xbe, '\u25a1'],
  [0xbf, '\u25a0'],
  [0xcd, 'e'],
  [0xce, 'o'],
  [0xcf, '\u00df'],
  [0xae, '\u02be'],
  [0xb0, '\u02bf'],
]);

function yaz(bytes) {
  if (bytes.length === 0) return '';
  return execFileSync('yaz-iconv', ['-f', 'marc8', '-t', 'utf8'], { input: Buffer.from(bytes) }).toString('utf8');
}

const tableMarks = new Map([
  [0xeb, '\ufe20'],
  [0xec, '\ufe21'],
  [0xfa, '\ufe22'],
  [0xfb, '\ufe23'],
  [0xf6, '\u0331'],
]);

/** One ANSEL line through yaz, GEDCOM's additions and the five marks put in from the tables above. */
function anselLine(bytes) {
  let text = '';
  let start = 0;
  for (let at = 0; at < bytes.length; at++) {
    const special = gedcomAnsel.get(bytes[at]);
    const mark = tableMarks.get(bytes[at]);
    if (special !== undefined) {
      text += yaz(bytes.subarray(start, at)) + special;
      start = at + 1;
    } else if (mark !== undefined && bytes[at + 1] !== undefined && bytes[at + 1] < 0x80) {
      // The mark comes before its (ASCII) letter in ANSEL, after it in Unicode.
      text += yaz(bytes.subarray(start, at)) + String.fromCharCode(bytes[at + 1]) + mark;
      at++;
      start = at + 1;
    }
  }
  return (text + yaz(bytes.subarray(start))).normalize('NFC');
}

/** Splits bytes into lines the way a GEDCOM reader does (CR LF, LF CR, CR, LF). */
function byteLines(bytes) {
  const lines = [];
  let start = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte !== 0x0a && byte !== 0x0d) continue;
    lines.push(bytes.subarray(start, at));
    const next = bytes[at + 1];
    if ((byte === 0x0d && next === 0x0a) || (byte === 0x0a && next === 0x0d)) at++;
    start = at + 1;
  }
  lines.push(bytes.subarray(start));
  return lines;
}

function textLines(text) {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\n\r|\r|\n/);
}

const nonAscii = /[\u0080-\uffff]/;
const reference = [];
for (const [file, encoding, why] of files) {
  const bytes = readFileSync(`${test}/${file}`);
  let lines;
  let tool;
  if (encoding === 'ANSEL') {
    tool = 'yaz-iconv -f marc8 -t utf8, one line at a time, GEDCOM additions from its table, NFC';
    lines = byteLines(bytes).map((line) =>
      line.some((byte) => byte >= 0x80) ? anselLine(line) : line.toString('latin1'),
    );
  } else {
    const from = encoding === 'ASCII' ? 'ASCII' : encoding;
    tool = `iconv -f ${from} -t UTF-8`;
    lines = textLines(execFileSync('iconv', ['-f', from, '-t', 'UTF-8'], { input: bytes }).toString('utf8'));
  }
  const withLetters = [];
  const names = {};
  let xref = null;
  lines.forEach((line, index) => {
    const record = /^\s*0\s+@([^@]+)@\s+INDI\b/.exec(line);
    if (/^\s*0\s/.test(line)) xref = record ? record[1] : null;
    if (!nonAscii.test(line)) return;
    withLetters.push([index + 1, line]);
    const name = /^\s*1\s+NAME\s(.*)$/.exec(line);
    if (name && xref !== null) {
      names[xref] ??= [];
      names[xref].push(name[1].trim());
    }
  });
  reference.push({ file, encoding, why, tool, lines: withLetters, names });
  console.log(`${file}: ${encoding}, ${withLetters.length} lines, ${Object.keys(names).length} persons`);
}
writeFileSync(out, `${JSON.stringify(reference, null, 1)}\n`);
