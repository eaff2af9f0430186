/**
 * What the first bytes and the header say about a file: byte order marks, UTF-16 without a mark,
 * the header's CHAR and GEDC.VERS, and, for 8-bit files whose header is missing or wrong, a guess
 * between ANSEL, Windows-1252 and Windows-1250 from the bytes themselves.
 */
import type { EncodingName } from '../types.ts';

export interface HeaderFacts {
  /** `1 CHAR` value as written, or null. */
  char: string | null;
  /** Line number of the CHAR line (1 when there is none). */
  charLine: number;
  /** `2 VERS` under `1 GEDC`, or null. */
  version: string | null;
}

const headerLine = /^[ \t]*(\d+)[ \t]+(?:@[^@]*@[ \t]+)?(\S+)(?:[ \t](.*))?$/;

/**
 * Reads CHAR and GEDC.VERS from the start of a decoded text (only the header is looked at). Slow
 * on purpose (a regular expression per line) because it runs on a few dozen lines per file.
 */
export function sniffHeader(text: string): HeaderFacts {
  const facts: HeaderFacts = { char: null, charLine: 1, version: null };
  const lines = text.slice(0, 65536).split(/\r\n|\n\r|\r|\n/);
  let level1 = '';
  let seenRecord = false;
  for (let index = 0; index < lines.length; index++) {
    const match = headerLine.exec(lines[index] as string);
    if (!match) continue;
    const level = Number(match[1]);
    const tag = (match[2] as string).toUpperCase();
    const value = (match[3] ?? '').trim();
    if (level === 0) {
      if (seenRecord) break;
      seenRecord = true;
      continue;
    }
    if (level === 1) {
      level1 = tag;
      if (tag === 'CHAR' && facts.char === null) {
        facts.char = value;
        facts.charLine = index + 1;
      }
    } else if (level === 2 && level1 === 'GEDC' && tag === 'VERS' && facts.version === null) {
      facts.version = value;
    }
  }
  return facts;
}

/** What a CHAR value asks for: an encoding, 'UTF-16' (GEDCOM's "UNICODE") or null when unknown. */
export type DeclaredCharset = EncodingName | 'UTF-16';

/** Maps the CHAR values programs actually write to an encoding. */
export function charsetFromDeclared(declared: string): DeclaredCharset | null {
  const key = declared.toUpperCase().replace(/[\s_-]+/g, '');
  switch (key) {
    case 'ANSEL':
      return 'ANSEL';
    case 'UTF8':
    case 'UNICODEUTF8':
      return 'UTF-8';
    case 'UNICODE':
    case 'UTF16':
    case 'UCS2':
      return 'UTF-16';
    case 'UTF16LE':
      return 'UTF-16LE';
    case 'UTF16BE':
      return 'UTF-16BE';
    case 'ASCII':
    case 'USASCII':
      return 'ASCII';
    case 'ANSI':
    case 'IBMWINDOWS':
    case 'WINDOWS':
    case 'WINDOWS1252':
    case 'CP1252':
    case 'MSWINDOWS':
    case 'ISO88591':
    case 'ISO8859':
    case 'LATIN1':
    case '8859':
      return 'CP1252';
    case 'WINDOWS1250':
    case 'CP1250':
      return 'CP1250';
    case 'IBMPC':
    case 'IBM':
    case 'DOS':
    case 'CP437':
    case 'IBM437':
    case 'MSDOS':
      return 'CP437';
    case 'CP850':
    case 'IBM850':
    case 'IBMPC850':
    case 'DOS850':
      return 'CP850';
    case 'MACINTOSH':
    case 'MAC':
    case 'MACROMAN':
    case 'APPLEMAC':
      return 'MACROMAN';
    default:
      return null;
  }
}

/** Looks for UTF-16 without a byte order mark: every other byte of ASCII text is zero. */
export function sniffUtf16(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  const length = Math.min(bytes.length, 1024) & ~1;
  if (length < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenZeros++;
    if (bytes[index + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'UTF-16LE';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'UTF-16BE';
  return null;
}

export interface EightBitScores {
  /** Evidence for ANSEL: combining marks placed before a letter they can sit on. */
  ansel: number;
  /** Evidence for a Windows code page: accented letters ending words, 0x80-0x9F letters, 0xC9-0xDF. */
  windows: number;
  /** Evidence for Windows-1250 over 1252: Š/Ž/š/ž together with č/ř/ě/ł/ą/ę …, and no å. */
  centralEuropean: boolean;
}

const isAsciiLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
const isAsciiVowel = (byte: number) => 'AEIOUYaeiouy'.includes(String.fromCharCode(byte));

/** Bytes that are letters in Windows-1250 but not (or other letters) in Windows-1252. */
const centralEuropeanLetters = new Set([
  0xe8, 0xc8, 0xf8, 0xd8, 0xec, 0xcc, 0xf9, 0xd9, 0xb9, 0xa5, 0xea, 0xca, 0xb3, 0xa3, 0x9c, 0x8c, 0x9f, 0x8f, 0xbf,
  0xaf, 0xe6, 0xc6, 0xf0, 0xd0, 0xf2, 0xd2, 0x9d, 0x8d, 0xef, 0xcf, 0xf5, 0xd5, 0xfb, 0xdb, 0xe3, 0xc3, 0xbe, 0xbc,
]);

/**
 * Scores the bytes of an 8-bit file for ANSEL against a Windows code page. ANSEL puts a combining
 * mark before its letter, so a mark is followed by a vowel, by a letter it composes with or by
 * another mark; a Windows accented letter is as often followed by a consonant, a space or the end
 * of a word, and Windows text uses bytes ANSEL leaves undefined (0x80-0x9F quotes and dashes,
 * 0xC9-0xDF capitals, 0xFF). Marks on letters with no precomposed form count a little for Windows:
 * real ANSEL data rarely has them (only the torture tests, which have thousands of the others).
 */
export function scoreEightBit(
  bytes: Uint8Array,
  canCompose: (mark: number, letter: number) => boolean,
  isUndefinedAnsel: (byte: number) => boolean,
): EightBitScores {
  let ansel = 0;
  let windows = 0;
  let slavicCaronLetters = 0;
  let centralOnly = 0;
  let nordic = 0;
  const length = bytes.length;
  for (let index = 0; index < length; index++) {
    const byte = bytes[index] as number;
    if (byte < 0x80) continue;
    if (byte === 0x8a || byte === 0x8e || byte === 0x9a || byte === 0x9e) slavicCaronLetters++;
    if (centralEuropeanLetters.has(byte)) centralOnly++;
    if (byte === 0xe5 || byte === 0xc5) nordic++;
    if (byte >= 0xe0 && byte <= 0xfe && !isUndefinedAnsel(byte)) {
      const next = index + 1 < length ? (bytes[index + 1] as number) : 0x0a;
      if (next >= 0xe0 && next <= 0xfe) ansel += 1;
      else if (isAsciiVowel(next)) ansel += 1;
      else if (isAsciiLetter(next)) {
        if (canCompose(byte, next)) ansel += 1;
        else windows += 0.25;
      } else windows += 2;
    } else if (isUndefinedAnsel(byte)) {
      windows += byte < 0xa0 ? 5 : 3;
    }
  }
  return { ansel, windows, centralEuropean: slavicCaronLetters > 0 && centralOnly > 0 && nordic === 0 };
}
