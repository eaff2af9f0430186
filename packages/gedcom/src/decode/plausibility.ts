/**
 * Which 8-bit code page a file is in, decided by its letters: the lines holding bytes 0x80-0xFF
 * are read in every candidate code page, and each reading is scored by whether the characters it
 * gives form plausible words. Hand-made scoring, no statistics trained on data:
 *
 * - a letter of a European alphabet scores (common letters such as é ö å č š ž ł more than rare
 *   ones such as ȯ or ŀ); a symbol, a box-drawing character or a control inside a word costs
 *   ("Dr§i†" is CP852's "Držić" read as Windows-1250); a capital straight after a small letter
 *   costs ("èAsa" is ANSEL's "Äsa" read as Windows-1252); an ANSEL mark with no letter under it costs;
 * - the non-ASCII letters of the whole sample should come from one language's alphabet: the
 *   letters no single language covers count half ("ž" and "è" in one file: Windows-1252 misreading
 *   Windows-1250's "ž" and "č");
 * - the code page the header names gets a small head start, so that readings that tie (the same
 *   text in two code pages) or nearly tie go its way; a few words that read clearly better in
 *   another code page overrule it.
 */
import type { EncodingName } from '../types.ts';
import { decodeAnsel } from './ansel.ts';
import { codePageTable, decodeWithTable, type SingleByteEncoding } from './code-pages.ts';

/** The code pages an 8-bit file may be in, in the order that breaks ties (after the header's). */
export const eightBitCandidates: readonly EncodingName[] = [
  'CP1252',
  'ANSEL',
  'CP1250',
  'ISO-8859-15',
  'ISO-8859-2',
  'CP850',
  'CP437',
  'CP852',
  'MACROMAN',
  'ISO-8859-1',
];

/** Letters common in European names: each scores 1. Other Latin letters score 0.6, the rest 0.3. */
const common = new Set([...'àáâäåæçèéêëíîïñóôöøúüßčšžłąęśżćńźřěýůõãœ']);
const lessCommon = new Set([...'ìòùûÿðþďťňđőűăşţșțğıľĺŕėįųūāēīņļķģŗŵŷ']);

/** The non-ASCII letters of languages whose names turn up in genealogy files (small letters). */
const alphabets: readonly string[] = [
  'åäöéü', // Swedish
  'æøåéüöä', // Danish, Norwegian
  'äöåšž', // Finnish
  'äöüßé', // German
  'àâçéèêëîïôùûüÿœæ', // French
  'áéíóúñü', // Spanish
  'áâãàçéêíóôõúü', // Portuguese
  'àèéìòùíóúî', // Italian
  'éëïèöüá', // Dutch
  'áðéíóúýþæö', // Icelandic
  'áíóúýðæø', // Faroese
  'ąćęłńóśźż', // Polish
  'áčďéěíňóřšťúůýž', // Czech
  'áäčďéíĺľňóôŕšťúýž', // Slovak
  'čćđšž', // Croatian, Bosnian, Serbian (Latin), Slovene
  'áéíóöőúüű', // Hungarian
  'ăâîșşțţ', // Romanian
  'çğıöşüîâ', // Turkish
  'äöõüšž', // Estonian
  'āčēģīķļņšūž', // Latvian
  'ąčęėįšųūž', // Lithuanian
  'çë', // Albanian
  'âêîôûŵŷäëïöüáéíóúàèìòù', // Welsh
].map((letters) => letters.normalize('NFC'));
const alphabetSets = alphabets.map((letters) => new Set([...letters]));

/** Quotes, dashes and the like: harmless at the edge of a word (“Jojo”, O’Brien). */
const punctuation = new Set([...'‘’‚‛“”„‟–—…«»‹›¿¡·']);

const LETTER = 1;
const MARK = 2;
const UPPER = 4;
const LOWER = 8;
const LATIN = 16;
const CONTROL = 32;
const classes = new Map<string, number>();

/** What a character is, as bits (looked up once per character: the regular expressions are slow). */
function classOf(char: string): number {
  let bits = classes.get(char);
  if (bits === undefined) {
    bits =
      (/\p{L}/u.test(char) ? LETTER : 0) |
      (/\p{M}/u.test(char) ? MARK : 0) |
      (char !== char.toLowerCase() && char === char.toUpperCase() ? UPPER : 0) |
      (char !== char.toUpperCase() && char === char.toLowerCase() ? LOWER : 0) |
      (/\p{Script=Latin}/u.test(char) ? LATIN : 0) |
      (/[\p{Cc}\p{Co}\p{Cn}\uFFFD]/u.test(char) ? CONTROL : 0);
    classes.set(char, bits);
  }
  return bits;
}

const isLetter = (char: string) => (classOf(char) & LETTER) !== 0;
const isMark = (char: string) => (classOf(char) & MARK) !== 0;
const isUpper = (char: string) => (classOf(char) & UPPER) !== 0;
const isLower = (char: string) => (classOf(char) & LOWER) !== 0;
const isLatin = (char: string) => (classOf(char) & LATIN) !== 0;
const isControl = (char: string) => (classOf(char) & CONTROL) !== 0;

export interface Reading {
  encoding: EncodingName;
  score: number;
  /** The words with non-ASCII characters as read, in file order (at most `maxWords`). */
  words: string[];
}

interface WordScore {
  score: number;
  letters: string[];
}

/** Scores one word (already split at spaces and ASCII punctuation) that holds a non-ASCII character. */
function scoreWord(word: string): WordScore {
  const chars = [...word];
  let score = 0;
  const letters: string[] = [];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    if (char.charCodeAt(0) < 0x80) continue;
    const previous = chars[index - 1];
    const next = chars[index + 1];
    if (isMark(char)) {
      // An ANSEL mark that composed with nothing: on a letter a rare letter, elsewhere an error.
      if (previous !== undefined && (isLetter(previous) || isMark(previous))) score += 0.2;
      else score -= 3;
    } else if (isLetter(char)) {
      if (!isLatin(char)) {
        score -= 1.5; // Greek or Cyrillic letters from CP437's maths block in a Latin word
        continue;
      }
      const small = char.toLowerCase();
      letters.push(small);
      score += common.has(small) ? 1 : lessCommon.has(small) ? 0.6 : 0.3;
      if (isUpper(char) && previous !== undefined && isLower(previous)) score -= 2;
      if (isLower(char) && next !== undefined && isUpper(next)) score -= 2;
    } else if (isControl(char)) {
      score -= 3;
    } else if (punctuation.has(char)) {
      const inside = previous !== undefined && next !== undefined && isLetter(previous) && isLetter(next);
      if (inside && char !== '’' && char !== '·') score -= 1.5;
    } else {
      // A symbol: harmless alone (© 1999, £5), wrong inside or at the end of a word.
      const inside = previous !== undefined && next !== undefined && isLetter(previous) && isLetter(next);
      const touching = (previous !== undefined && isLetter(previous)) || (next !== undefined && isLetter(next));
      score -= inside ? 2 : touching ? 1 : 0;
    }
  }
  return { score, letters };
}

const wordSplit = /[\s/,;:()[\]{}<>"=+*&%$#!?|\\@^_~`.-]+/;

/** Splits decoded lines into the words that hold non-ASCII characters. */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(wordSplit)) {
    if (word !== '' && /[\u0080-\uffff]/.test(word)) words.push(word);
  }
  return words;
}

/** The lines that hold a byte 0x80-0xFF, each ended by LF: only they differ between code pages. */
export function eightBitLines(bytes: Uint8Array, maxLines = 4000): Uint8Array {
  const parts: Uint8Array[] = [];
  let start = 0;
  let high = false;
  let total = 0;
  const length = bytes.length;
  for (let at = 0; at <= length && parts.length < maxLines; at++) {
    const byte = at < length ? (bytes[at] as number) : 0x0a;
    if (byte === 0x0a || byte === 0x0d) {
      if (high) {
        parts.push(bytes.subarray(start, at));
        total += at - start + 1;
      }
      start = at + 1;
      high = false;
    } else if (byte >= 0x80) high = true;
  }
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
    joined[at++] = 0x0a;
  }
  return joined;
}

/** Decodes bytes in one of the 8-bit candidates. */
export function decodeEightBit(bytes: Uint8Array, encoding: EncodingName): string {
  if (encoding === 'ANSEL') return decodeAnsel(bytes);
  return decodeWithTable(bytes, codePageTable(encoding as SingleByteEncoding));
}

/**
 * Reads the 8-bit lines in every candidate and scores each reading, best first. `declared` (the
 * header's code page, if it names one) gets a head start: 2 points for the words programs write
 * whatever their bytes are (ANSEL, GEDCOM's default; ANSI, whatever the Windows code page was),
 * 4 for a header that names one code page (CP850, MACINTOSH, ISO-8859-2 …).
 */
export function rankEightBit(bytes: Uint8Array, declared: EncodingName | null, maxWords = 4000): Reading[] {
  const headStart = declared === 'ANSEL' || declared === 'CP1252' ? 2 : 4;
  const lines = eightBitLines(bytes);
  const readings = eightBitCandidates.map((encoding, order) => {
    const words = wordsOf(decodeEightBit(lines, encoding)).slice(0, maxWords);
    let score = 0;
    const letterCounts = new Map<string, number>();
    for (const word of words) {
      const scored = scoreWord(word);
      score += scored.score;
      for (const letter of scored.letters) letterCounts.set(letter, (letterCounts.get(letter) ?? 0) + 1);
    }
    // Letters no single alphabet covers together with the rest count half.
    let best = 0;
    let bestSet: Set<string> | null = null;
    for (const alphabet of alphabetSets) {
      let covered = 0;
      for (const [letter, count] of letterCounts) if (alphabet.has(letter)) covered += count;
      if (covered > best) {
        best = covered;
        bestSet = alphabet;
      }
    }
    for (const [letter, count] of letterCounts) {
      if (bestSet?.has(letter)) continue;
      score -= 0.5 * count * (common.has(letter) ? 1 : lessCommon.has(letter) ? 0.6 : 0.3);
    }
    if (encoding === declared) score += headStart;
    return { encoding, score, words, order: encoding === declared ? -1 : order };
  });
  readings.sort((a, b) => b.score - a.score || a.order - b.order);
  return readings.map(({ encoding, score, words }) => ({ encoding, score, words }));
}

/**
 * A word that shows the difference between two readings: the first word the two read differently,
 * preferring one that the chosen reading has letters in and the other a symbol or control.
 */
export function exampleWord(chosen: Reading, other: Reading): { word: string; other: string } | null {
  const count = Math.min(chosen.words.length, other.words.length);
  let first: { word: string; other: string } | null = null;
  for (let at = 0; at < count; at++) {
    const word = chosen.words[at] as string;
    const otherWord = other.words[at] as string;
    if (word === otherWord) continue;
    if (scoreWord(word).score > scoreWord(otherWord).score + 1) return { word, other: otherWord };
    first ??= { word, other: otherWord };
  }
  return first;
}
