/**
 * ANSEL (ANSI Z39.47, the default character set of GEDCOM 5.x) with the GEDCOM extensions.
 * Its combining diacritics (0xE0-0xFE) come BEFORE the letter they sit on; Unicode puts them after.
 * The decoder moves them behind their base letter and the result is composed to NFC, so that
 * 0xE2 'e' becomes "é" (U+00E9), the same string a UTF-8 file holds.
 */
import { unitsToString } from './code-pages.ts';

/** Spacing characters 0x80-0xDF as [byte, code point]; -1 = dropped. Bytes not listed are undefined (U+FFFD). */
const spacing: readonly (readonly [number, number])[] = [
  [0x88, -1], // NSB, non-sorting begin: a MARC sorting marker, nothing to show
  [0x89, -1], // NSE, non-sorting end
  [0x8d, 0x200d], // zero width joiner
  [0x8e, 0x200c], // zero width non-joiner
  [0xa1, 0x0141], // Ł
  [0xa2, 0x00d8], // Ø
  [0xa3, 0x0110], // Đ
  [0xa4, 0x00de], // Þ
  [0xa5, 0x00c6], // Æ
  [0xa6, 0x0152], // Œ
  [0xa7, 0x02b9], // ʹ modifier prime (miagkii znak)
  [0xa8, 0x00b7], // · middle dot
  [0xa9, 0x266d], // ♭ music flat
  [0xaa, 0x00ae], // ® patent mark
  [0xab, 0x00b1], // ±
  [0xac, 0x01a0], // Ơ
  [0xad, 0x01af], // Ư
  // Alif and ayn: MARC-8 tables say U+02BC/U+02BB; the Eichmann GEDCOM character-set test, whose
  // Unicode twin is the reference every GEDCOM reader is checked against, says U+02BE/U+02BF.
  [0xae, 0x02be], // ʾ alif
  [0xb0, 0x02bf], // ʿ ayn
  [0xb1, 0x0142], // ł
  [0xb2, 0x00f8], // ø
  [0xb3, 0x0111], // đ
  [0xb4, 0x00fe], // þ
  [0xb5, 0x00e6], // æ
  [0xb6, 0x0153], // œ
  [0xb7, 0x02ba], // ʺ modifier double prime (tverdyi znak)
  [0xb8, 0x0131], // ı dotless i
  [0xb9, 0x00a3], // £
  [0xba, 0x00f0], // ð
  [0xbc, 0x01a1], // ơ
  [0xbd, 0x01b0], // ư
  [0xbe, 0x25a1], // □ empty box (GEDCOM)
  [0xbf, 0x25a0], // ■ black box (GEDCOM)
  [0xc0, 0x00b0], // °
  [0xc1, 0x2113], // ℓ script small l
  [0xc2, 0x2117], // ℗ sound recording copyright
  [0xc3, 0x00a9], // ©
  [0xc4, 0x266f], // ♯ music sharp
  [0xc5, 0x00bf], // ¿
  [0xc6, 0x00a1], // ¡
  [0xc7, 0x00df], // ß (MARC-21)
  [0xc8, 0x20ac], // € (MARC-21)
  [0xcd, 0x0065], // midline e (GEDCOM)
  [0xce, 0x006f], // midline o (GEDCOM)
  [0xcf, 0x00df], // ß es zet (GEDCOM)
];

/** Combining diacritics 0xE0-0xFE as [byte, code point], written before their base letter. */
const combining: readonly (readonly [number, number])[] = [
  [0xe0, 0x0309], // hook above
  [0xe1, 0x0300], // grave
  [0xe2, 0x0301], // acute
  [0xe3, 0x0302], // circumflex
  [0xe4, 0x0303], // tilde
  [0xe5, 0x0304], // macron
  [0xe6, 0x0306], // breve
  [0xe7, 0x0307], // dot above
  [0xe8, 0x0308], // diaeresis (umlaut)
  [0xe9, 0x030c], // caron (hacek)
  [0xea, 0x030a], // ring above
  [0xeb, 0xfe20], // ligature, left half
  [0xec, 0xfe21], // ligature, right half
  [0xed, 0x0315], // comma above right
  [0xee, 0x030b], // double acute
  [0xef, 0x0310], // candrabindu
  [0xf0, 0x0327], // cedilla
  [0xf1, 0x0328], // ogonek (right hook)
  [0xf2, 0x0323], // dot below
  [0xf3, 0x0324], // diaeresis below
  [0xf4, 0x0325], // ring below
  [0xf5, 0x0333], // double low line
  // Underscore: MARC-8 says U+0332 (low line), but what it marks in names is the macron below of
  // transliterations (ḏ, ṯ, ẖ, ḵ), and the Eichmann test's Unicode twin has those letters: U+0331
  // composes to them, U+0332 composes to nothing.
  [0xf6, 0x0331], // macron below (underscore)
  [0xf7, 0x0326], // comma below (left hook)
  [0xf8, 0x031c], // left half ring below (right cedilla)
  [0xf9, 0x032e], // breve below (upadhmaniya)
  [0xfa, 0xfe22], // double tilde, left half
  [0xfb, 0xfe23], // double tilde, right half
  [0xfc, 0x0338], // long solidus overlay
  [0xfe, 0x0313], // comma above
];

const replacement = 0xfffd;

/** byte → code unit; combining marks are flagged by MARK_FLAG so the hot loop needs one lookup. */
const MARK_FLAG = 0x10000;
const DROP = 0x20000;
const byteTable = new Uint32Array(256).fill(replacement);
for (let byte = 0; byte < 0x80; byte++) byteTable[byte] = byte;
for (const [byte, code] of spacing) byteTable[byte] = code === -1 ? DROP : code;
for (const [byte, code] of combining) byteTable[byte] = code | MARK_FLAG;

/** The Unicode character an ANSEL byte stands for (a combining mark for 0xE0-0xFE); for tests and tables. */
export function anselCharacter(byte: number): string {
  const entry = byteTable[byte] ?? replacement;
  return entry === DROP ? '' : String.fromCharCode(entry & 0xffff);
}

/** True for the bytes ANSEL leaves undefined (read as U+FFFD). */
export function isUndefinedAnsel(byte: number): boolean {
  return byte >= 0x80 && byteTable[byte] === replacement;
}

/**
 * Streaming ANSEL decoder. Marks that end a chunk wait for the next chunk's base letter.
 */
export class AnselDecoder {
  private pending: number[] = [];

  decode(bytes: Uint8Array, final: boolean): string {
    const pending = this.pending;
    const length = bytes.length;
    const units = new Uint16Array(length + pending.length);
    let out = 0;
    let sawMark = pending.length > 0;
    for (let index = 0; index < length; index++) {
      const entry = byteTable[bytes[index] as number] as number;
      if (entry < MARK_FLAG) {
        if (pending.length === 0) {
          units[out++] = entry;
        } else if (entry === 0x0a || entry === 0x0d) {
          // A mark with no letter before the line ends stays on its own line.
          for (const mark of pending) units[out++] = mark;
          pending.length = 0;
          units[out++] = entry;
        } else {
          units[out++] = entry;
          for (const mark of pending) units[out++] = mark;
          pending.length = 0;
        }
      } else if (entry === DROP) {
        // nothing
      } else {
        pending.push(entry & 0xffff);
        sawMark = true;
      }
    }
    if (final) {
      for (const mark of pending) units[out++] = mark;
      pending.length = 0;
    }
    const text = unitsToString(units.subarray(0, out));
    return sawMark ? text.normalize('NFC') : text;
  }
}

/** Decodes a whole ANSEL byte string to NFC text. */
export function decodeAnsel(bytes: Uint8Array): string {
  return new AnselDecoder().decode(bytes, true);
}
