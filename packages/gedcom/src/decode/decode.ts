/**
 * Bytes → text. The order of evidence: a byte order mark; UTF-16 from the pattern of zero bytes;
 * whether the bytes are valid UTF-8; then the header's CHAR for 8-bit files. When the bytes
 * contradict the header the bytes win, with a warning on the CHAR line.
 */
import { GedcomError } from '../errors.ts';
import type { DecodeResult, EncodingChoice, EncodingName, GedcomWarning } from '../types.ts';
import { AnselDecoder } from './ansel.ts';
import { codePageTable, decodeWithTable, isSingleByteEncoding } from './code-pages.ts';
import { charsetFromDeclared, type DeclaredCharset, sniffHeader, sniffUtf16 } from './detect.ts';
import { eightBitCandidates, exampleWord, rankEightBit } from './plausibility.ts';

/** Turns chunks of bytes into text; `final` flushes whatever a chunk boundary held back. */
export interface StreamDecoder {
  decode(bytes: Uint8Array, final: boolean): string;
}

export interface Detection {
  encoding: EncodingName;
  declared: string | null;
  /** Where the text starts (after a byte order mark). */
  offset: number;
  warnings: GedcomWarning[];
  /** The decoded text, when detection had to decode the whole input anyway. */
  text?: string;
  /** For UTF-8 read in chunks: the code page to fall back to if invalid bytes turn up later. */
  fallback: EncodingName;
  /** Why this encoding. */
  choice: EncodingChoice;
}

/** Every encoding a user may pick for a file (the import's preview), in the order a menu shows them. */
export const selectableEncodings: readonly EncodingName[] = [
  'UTF-8',
  'UTF-16LE',
  'UTF-16BE',
  'ANSEL',
  'CP1252',
  'ISO-8859-1',
  'ISO-8859-15',
  'CP1250',
  'ISO-8859-2',
  'CP850',
  'CP852',
  'CP437',
  'MACROMAN',
];

const noChoice = (reason: EncodingChoice['reason']): EncodingChoice => ({ reason, example: null, ranked: [] });

const sniffWindow = 65536;
const latin1 = new TextDecoder('latin1');

function hasPrefix(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function mismatch(line: number, declared: string, encoding: EncodingName): GedcomWarning {
  return {
    line,
    code: 'encoding-mismatch',
    message: `the header says CHAR ${declared} but the bytes are ${encoding}; read as ${encoding}`,
  };
}

/** Is this declared charset satisfied by a file whose bytes are all 7-bit? */
function isAsciiCompatible(charset: DeclaredCharset | null): charset is EncodingName {
  return charset !== null && charset !== 'UTF-16' && charset !== 'UTF-16LE' && charset !== 'UTF-16BE';
}

/**
 * Decides the encoding of a file (or of its first chunk, when `complete` is false). For a complete
 * input that turns out to be UTF-8 the text comes back too, so it is decoded once.
 */
export function detectEncoding(bytes: Uint8Array, complete: boolean, chosen?: EncodingName | null): Detection {
  if (complete && bytes.length === 0) throw new GedcomError('empty', 1, 'the file is empty');
  if (hasPrefix(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    throw new GedcomError(
      'archive',
      1,
      'this is a ZIP archive (a GEDZIP .gdz file?), not GEDCOM text: unpack it and read the .ged file inside',
    );
  }

  if (chosen) return chosenDetection(bytes, chosen);

  // Unicode with a byte order mark, or UTF-16 recognised from its zero bytes.
  let utf16: 'UTF-16LE' | 'UTF-16BE' | null = null;
  let offset = 0;
  let hasBom = false;
  if (hasPrefix(bytes, [0xff, 0xfe])) {
    utf16 = 'UTF-16LE';
    offset = 2;
  } else if (hasPrefix(bytes, [0xfe, 0xff])) {
    utf16 = 'UTF-16BE';
    offset = 2;
  } else if (hasPrefix(bytes, [0xef, 0xbb, 0xbf])) {
    offset = 3;
    hasBom = true;
  } else {
    utf16 = sniffUtf16(bytes);
  }

  if (utf16) {
    const window = bytes.subarray(offset, offset + sniffWindow);
    const head = new TextDecoder(utf16.toLowerCase()).decode(window.subarray(0, window.length & ~1));
    const facts = sniffHeader(head);
    const warnings: GedcomWarning[] = [];
    const charset = facts.char === null ? null : charsetFromDeclared(facts.char);
    if (facts.char !== null && charset !== 'UTF-16' && charset !== utf16) {
      warnings.push(mismatch(facts.charLine, facts.char, utf16));
    }
    return {
      encoding: utf16,
      declared: facts.char,
      offset,
      warnings,
      fallback: utf16,
      choice: noChoice(offset > 0 ? 'bom' : 'utf16'),
    };
  }

  const body = bytes.subarray(offset);
  const facts = sniffHeader(latin1.decode(body.subarray(0, sniffWindow)));
  const declared = facts.char;
  const charset = declared === null ? null : charsetFromDeclared(declared);
  const warnings: GedcomWarning[] = [];
  if (declared !== null && charset === null) {
    warnings.push({
      line: facts.charLine,
      code: 'encoding-unknown',
      message: `unknown character set "${declared}"; the encoding was taken from the bytes`,
    });
  }

  // Valid UTF-8? A complete input is decoded here once; a first chunk only checked.
  const sample = complete ? body : body.subarray(0, sniffWindow);
  let utf8: string | null = null;
  try {
    utf8 = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !complete });
  } catch {
    utf8 = null;
  }

  if (utf8 !== null) {
    const isAscii = utf8.length === sample.length;
    if (isAscii && !hasBom) {
      // Every ASCII-compatible encoding reads these bytes alike: report what the header says.
      const encoding: EncodingName = isAsciiCompatible(charset) ? charset : 'UTF-8';
      if (declared !== null && charset !== null && !isAsciiCompatible(charset)) {
        warnings.push(mismatch(facts.charLine, declared, 'UTF-8'));
      }
      const fallback: EncodingName = encoding === 'UTF-8' || encoding === 'ASCII' ? 'CP1252' : encoding;
      const result: Detection = { encoding, declared, offset, warnings, fallback, choice: noChoice('ascii') };
      if (complete) result.text = utf8;
      return result;
    }
    if (declared !== null && charset !== null && charset !== 'UTF-8') {
      warnings.push(mismatch(facts.charLine, declared, 'UTF-8'));
    }
    const result: Detection = {
      encoding: 'UTF-8',
      declared,
      offset,
      warnings,
      fallback: 'CP1252',
      choice: noChoice(hasBom ? 'bom' : 'utf8'),
    };
    if (complete) result.text = utf8;
    return result;
  }

  // 8-bit.
  const { encoding, choice } = chooseEightBit(sample, charset, declared, facts.charLine, warnings);
  if (hasBom) {
    warnings.push({
      line: 1,
      code: 'invalid-bytes',
      message: `the file starts with a UTF-8 byte order mark but is not UTF-8; read as ${encoding}`,
    });
  }
  return { encoding, declared, offset, warnings, fallback: encoding, choice };
}

/**
 * Decides among the 8-bit code pages by the letters they give (plausibility.ts): the header's code
 * page wins unless another one reads the words clearly better. A file whose header names no
 * 8-bit code page (none, ASCII, UTF-8, UTF-16) is read in the best one, with a warning.
 */
function chooseEightBit(
  bytes: Uint8Array,
  charset: DeclaredCharset | null,
  declared: string | null,
  charLine: number,
  warnings: GedcomWarning[],
): { encoding: EncodingName; choice: EncodingChoice } {
  const named =
    charset !== null && eightBitCandidates.includes(charset as EncodingName) ? (charset as EncodingName) : null;
  const ranked = rankEightBit(bytes, named);
  const best = ranked[0] as (typeof ranked)[number];
  const encoding = best.encoding;
  const runnerUp = ranked.find(
    (reading) => reading.encoding === (named !== null && named !== encoding ? named : ranked[1]?.encoding),
  );
  const example = runnerUp ? exampleWord(best, runnerUp) : null;
  const choice: EncodingChoice = {
    reason: named === encoding ? 'declared' : 'letters',
    example: example && runnerUp ? { ...example, otherEncoding: runnerUp.encoding } : null,
    ranked: ranked.map((reading) => reading.encoding),
  };
  if (named !== encoding) {
    warnings.push(
      declared === null
        ? { line: 1, code: 'encoding-guessed', message: `no CHAR in the header; the bytes look like ${encoding}` }
        : mismatch(charLine, declared, encoding),
    );
  }
  return { encoding, choice };
}

/** The detection for an encoding the caller chose (the user, in the import's preview). */
function chosenDetection(bytes: Uint8Array, encoding: EncodingName): Detection {
  let offset = 0;
  if (encoding === 'UTF-8' && hasPrefix(bytes, [0xef, 0xbb, 0xbf])) offset = 3;
  else if (encoding === 'UTF-16LE' && hasPrefix(bytes, [0xff, 0xfe])) offset = 2;
  else if (encoding === 'UTF-16BE' && hasPrefix(bytes, [0xfe, 0xff])) offset = 2;
  const window = bytes.subarray(offset, offset + sniffWindow);
  const head =
    encoding === 'UTF-16LE' || encoding === 'UTF-16BE'
      ? new TextDecoder(encoding.toLowerCase()).decode(window.subarray(0, window.length & ~1))
      : latin1.decode(window);
  return {
    encoding,
    declared: sniffHeader(head).char,
    offset,
    warnings: [],
    fallback: encoding === 'UTF-8' ? 'CP1252' : encoding,
    choice: noChoice('chosen'),
  };
}

const decoderLabels: Partial<Record<EncodingName, string>> = {
  'UTF-8': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
};

/** A streaming decoder for an encoding. */
export function createDecoder(encoding: EncodingName): StreamDecoder {
  if (encoding === 'ANSEL') return new AnselDecoder();
  if (isSingleByteEncoding(encoding)) {
    const table = codePageTable(encoding);
    return { decode: (bytes) => decodeWithTable(bytes, table) };
  }
  const decoder = new TextDecoder(decoderLabels[encoding] ?? 'utf-8');
  return { decode: (bytes, final) => decoder.decode(bytes, { stream: !final }) };
}

/**
 * A UTF-8 decoder that checks as it goes: the first invalid byte sequence switches the rest of
 * the stream to the fallback code page (and reports it once), instead of filling names with U+FFFD.
 */
export class CheckedUtf8Decoder implements StreamDecoder {
  private strict: InstanceType<typeof TextDecoder> | null = new TextDecoder('utf-8', { fatal: true });
  private fallback: StreamDecoder | null = null;

  constructor(
    private readonly fallbackEncoding: EncodingName,
    private readonly onSwitch: () => void,
  ) {}

  decode(bytes: Uint8Array, final: boolean): string {
    if (this.strict) {
      try {
        return this.strict.decode(bytes, { stream: !final });
      } catch {
        this.strict = null;
        this.fallback = createDecoder(this.fallbackEncoding);
        this.onSwitch();
      }
    }
    return (this.fallback as StreamDecoder).decode(bytes, final);
  }
}

/** Counts line breaks before an offset: the line a problem found in decoded text is on. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x0a) line++;
    else if (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a) line++;
  }
  return line;
}

/** Where the Ctrl-Z and NUL padding that DOS-era files end with begins. */
export function paddingStart(text: string): number {
  let end = text.length;
  while (end > 0) {
    const code = text.charCodeAt(end - 1);
    if (code !== 0x1a && code !== 0) break;
    end--;
  }
  return end;
}

/** Refuses text with a NUL character: binary data, not GEDCOM. `firstLine` numbers the text's first line. */
export function assertNoNul(text: string, firstLine = 1): void {
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    throw new GedcomError(
      'binary',
      firstLine - 1 + lineAt(text, nul),
      'the file holds binary data (a NUL byte), not GEDCOM text',
    );
  }
}

/** Drops end padding, refuses binary data and empty text. */
export function checkText(text: string): string {
  const end = paddingStart(text);
  const trimmed = end === text.length ? text : text.slice(0, end);
  assertNoNul(trimmed);
  if (trimmed.trim() === '') throw new GedcomError('empty', 1, 'the file is empty');
  return trimmed;
}

/**
 * Decodes a whole GEDCOM file to text. Throws GedcomError for an empty file, a ZIP archive or
 * binary data; everything else decodes, with warnings where the header and the bytes disagree.
 * `chosen` reads the bytes in that encoding whatever they look like (the user's pick).
 */
export function decode(bytes: Uint8Array, chosen?: EncodingName | null): DecodeResult {
  const detection = detectEncoding(bytes, true, chosen);
  let text = detection.text ?? createDecoder(detection.encoding).decode(bytes.subarray(detection.offset), true);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return {
    text: checkText(text),
    encoding: detection.encoding,
    declared: detection.declared,
    warnings: detection.warnings,
    choice: detection.choice,
  };
}
