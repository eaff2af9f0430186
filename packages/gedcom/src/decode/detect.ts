/**
 * What the first bytes and the header say about a file: byte order marks, UTF-16 without a mark,
 * the header's CHAR and GEDC.VERS. Which 8-bit code page the bytes are in is decided by their
 * letters (plausibility.ts).
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
    case 'CP852':
    case 'IBM852':
    case 'DOS852':
    case 'IBMPC852':
      return 'CP852';
    case 'ISO88592':
    case 'LATIN2':
      return 'ISO-8859-2';
    case 'ISO885915':
    case 'LATIN9':
      return 'ISO-8859-15';
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
