/**
 * The reading API: parse() for a whole file, iterateRecords() to walk a file one record at a
 * time, iterateRecordsAsync() and parseGedcom() for bytes that arrive in chunks (a file stream,
 * an upload) so that memory stays bounded by one record and one chunk.
 */

import {
  assertNoNul,
  CheckedUtf8Decoder,
  checkText,
  createDecoder,
  decode,
  detectEncoding,
  paddingStart,
  type StreamDecoder,
} from '../decode/decode.ts';
import { sniffHeader } from '../decode/detect.ts';
import { WarningSink } from '../errors.ts';
import type {
  EncodingChoice,
  EncodingName,
  GedcomDocument,
  GedcomNode,
  GedcomRecord,
  GedcomWarning,
  ParseOptions,
} from '../types.ts';
import { GedcomScanner } from './scanner.ts';

export type GedcomInput = Uint8Array | string;
export type GedcomChunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** GEDCOM 7 escapes only a leading @; 5.x every @. */
function escapesAll(version: string | null): boolean {
  return version === null || !/^\s*7/.test(version);
}

function headerVersion(header: GedcomNode | null): string | null {
  const gedc = header?.children.find((child) => child.tag === 'GEDC');
  const vers = gedc?.children.find((child) => child.tag === 'VERS');
  return vers?.value?.trim() ?? null;
}

/** What HEAD, TRLR and the order of records mean; shared by the sync and async readers. */
class RecordRules {
  header: GedcomNode | null = null;
  private seenFirst = false;
  private seenTrailer = false;
  private warnedAfterTrailer = false;

  constructor(private readonly warnings: WarningSink) {}

  /** The record to hand out, or null for HEAD and TRLR. */
  accept(record: GedcomNode): GedcomNode | null {
    const isFirst = !this.seenFirst;
    this.seenFirst = true;
    if (record.tag === 'HEAD') {
      if (isFirst) {
        this.header = record;
      } else {
        this.warnings.add(record.line, 'misplaced-header', 'a second HEAD record; skipped');
      }
      return null;
    }
    if (isFirst) this.warnings.add(record.line, 'missing-header', 'the file does not start with a HEAD record');
    if (record.tag === 'TRLR') {
      this.seenTrailer = true;
      return null;
    }
    if (this.seenTrailer && !this.warnedAfterTrailer) {
      this.warnedAfterTrailer = true;
      this.warnings.add(record.line, 'data-after-trailer', 'records after TRLR; they were read as well');
    }
    return record;
  }

  end(lastLine: number): void {
    if (!this.seenTrailer) this.warnings.add(lastLine, 'missing-trailer', 'the file does not end with TRLR');
    this.warnings.finish(lastLine);
  }
}

/**
 * A whole file, walked one record at a time. The header, encoding and warnings are on the object;
 * `header` is set before the first record is handed out.
 */
export class GedcomRecordStream implements Iterable<GedcomRecord> {
  readonly encoding: EncodingName | null;
  readonly declared: string | null;
  /** Why the encoding was chosen; null for text. */
  readonly choice: EncodingChoice | null;
  private readonly sink: WarningSink;
  private readonly rules: RecordRules;
  private readonly text: string;
  private readonly sniffedVersion: string | null;
  private started = false;

  constructor(input: GedcomInput, options: ParseOptions = {}) {
    this.sink = new WarningSink(options);
    this.rules = new RecordRules(this.sink);
    if (typeof input === 'string') {
      this.text = checkText(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
      const facts = sniffHeader(this.text);
      this.encoding = null;
      this.choice = null;
      this.declared = facts.char;
      this.sniffedVersion = facts.version;
    } else {
      const decoded = decode(input, options.encoding);
      this.text = decoded.text;
      this.encoding = decoded.encoding;
      this.choice = decoded.choice;
      this.declared = decoded.declared;
      this.sink.addAll(decoded.warnings);
      this.sniffedVersion = sniffHeader(this.text).version;
    }
  }

  get header(): GedcomNode | null {
    return this.rules.header;
  }

  get warnings(): GedcomWarning[] {
    return this.sink.list;
  }

  get version(): string | null {
    return headerVersion(this.rules.header) ?? this.sniffedVersion;
  }

  *[Symbol.iterator](): Generator<GedcomRecord, void, undefined> {
    const scanner = this.start(false);
    for (let record = scanner.next(); record !== null; record = scanner.next()) {
      const accepted = this.rules.accept(record);
      if (accepted) yield accepted;
    }
    this.rules.end(scanner.line);
  }

  /** Every record at once, as parse() returns them: the same as iterating, without a generator. */
  readAll(): GedcomRecord[] {
    const scanner = this.start(true);
    const records: GedcomRecord[] = [];
    for (let record = scanner.next(); record !== null; record = scanner.next()) {
      const accepted = this.rules.accept(record);
      if (accepted) records.push(accepted);
    }
    this.rules.end(scanner.line);
    return records;
  }

  private start(keepsRecords: boolean): GedcomScanner {
    if (this.started) throw new Error('a GEDCOM record stream can be read once');
    this.started = true;
    const scanner = new GedcomScanner(this.sink, escapesAll(this.sniffedVersion), keepsRecords);
    scanner.push(this.text, true);
    return scanner;
  }
}

/** Walks a whole file (bytes or text) one level-0 record at a time. */
export function iterateRecords(input: GedcomInput, options?: ParseOptions): GedcomRecordStream {
  return new GedcomRecordStream(input, options);
}

/** Reads a whole GEDCOM file: bytes in any encoding the decoder knows, or text. */
export function parse(input: GedcomInput, options?: ParseOptions): GedcomDocument {
  const stream = new GedcomRecordStream(input, options);
  const records = stream.readAll();
  return {
    header: stream.header,
    records,
    warnings: stream.warnings,
    encoding: stream.encoding,
    declared: stream.declared,
    version: stream.version,
  };
}

/** Bytes gathered before the encoding is decided for input that arrives in chunks. */
const detectionWindow = 256 * 1024;

/**
 * A file read from chunks of bytes. The encoding is decided from the first 256 KB (the whole input
 * when it is shorter); a UTF-8 file that turns out to hold invalid bytes later switches to the
 * fallback code page with a warning.
 */
export class GedcomAsyncRecordStream implements AsyncIterable<GedcomRecord> {
  private readonly sink: WarningSink;
  private readonly rules: RecordRules;
  private readonly whole: GedcomRecordStream | null;
  private detected: { encoding: EncodingName; declared: string | null; choice: EncodingChoice } | null = null;
  private readonly chosen: EncodingName | null;
  private sniffedVersion: string | null = null;
  private scanner: GedcomScanner | null = null;
  private decoder: StreamDecoder | null = null;
  /** Ctrl-Z and NUL padding at the end of a chunk: harmless only if nothing follows it. */
  private held = '';
  private started = false;

  constructor(
    private readonly source: GedcomChunks | GedcomInput,
    options: ParseOptions = {},
  ) {
    this.sink = new WarningSink(options);
    this.rules = new RecordRules(this.sink);
    this.chosen = options.encoding ?? null;
    this.whole =
      typeof source === 'string' || source instanceof Uint8Array ? new GedcomRecordStream(source, options) : null;
  }

  get encoding(): EncodingName | null {
    return this.whole ? this.whole.encoding : (this.detected?.encoding ?? null);
  }

  get declared(): string | null {
    return this.whole ? this.whole.declared : (this.detected?.declared ?? null);
  }

  /** Why the encoding was chosen (null for text, or before the first chunk). */
  get choice(): EncodingChoice | null {
    return this.whole ? this.whole.choice : (this.detected?.choice ?? null);
  }

  get header(): GedcomNode | null {
    return this.whole ? this.whole.header : this.rules.header;
  }

  get warnings(): GedcomWarning[] {
    return this.whole ? this.whole.warnings : this.sink.list;
  }

  get version(): string | null {
    return this.whole ? this.whole.version : (headerVersion(this.rules.header) ?? this.sniffedVersion);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<GedcomRecord, void, undefined> {
    if (this.started) throw new Error('a GEDCOM record stream can be read once');
    this.started = true;
    if (this.whole) {
      yield* this.whole;
      return;
    }
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    for await (const chunk of this.source as GedcomChunks) {
      if (this.decoder) {
        yield* this.feed(this.decoder.decode(chunk, false), false);
        continue;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < detectionWindow) continue;
      const window = concat(pending, pendingBytes);
      pending = [];
      yield* this.feed(this.startDecoding(window, false), false);
    }
    const last = this.decoder
      ? this.decoder.decode(new Uint8Array(0), true)
      : this.startDecoding(concat(pending, pendingBytes), true);
    yield* this.feed(last, true);
    this.rules.end(this.scanner?.line ?? 1);
  }

  /** Decides the encoding from the first window of bytes and returns the window as text. */
  private startDecoding(window: Uint8Array, complete: boolean): string {
    const detection = detectEncoding(window, complete, this.chosen);
    this.detected = { encoding: detection.encoding, declared: detection.declared, choice: detection.choice };
    this.sink.addAll(detection.warnings);
    const decoder =
      detection.encoding === 'UTF-8'
        ? new CheckedUtf8Decoder(detection.fallback, () => {
            this.sink.add(
              this.scanner?.line ?? 1,
              'invalid-bytes',
              `bytes that are not UTF-8 after this line; the rest was read as ${detection.fallback}`,
            );
          })
        : createDecoder(detection.encoding);
    this.decoder = decoder;
    return decoder.decode(window.subarray(detection.offset), complete);
  }

  private *feed(text: string, final: boolean): Generator<GedcomRecord, void, undefined> {
    let chunk = this.held + text;
    let scanner = this.scanner;
    if (scanner === null) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      this.sniffedVersion = sniffHeader(chunk).version;
      scanner = new GedcomScanner(this.sink, escapesAll(this.sniffedVersion));
      this.scanner = scanner;
    }
    // Padding at the end of a chunk is held back: harmless at the end of the file, binary before it.
    const keep = paddingStart(chunk);
    this.held = final ? '' : chunk.slice(keep);
    const body = keep === chunk.length ? chunk : chunk.slice(0, keep);
    assertNoNul(body, scanner.line + 1);
    scanner.push(body, final);
    for (let record = scanner.next(); record !== null; record = scanner.next()) {
      const accepted = this.rules.accept(record);
      if (accepted) yield accepted;
    }
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

/** Walks bytes that arrive in chunks (a stream) one level-0 record at a time. */
export function iterateRecordsAsync(
  source: GedcomChunks | GedcomInput,
  options?: ParseOptions,
): GedcomAsyncRecordStream {
  return new GedcomAsyncRecordStream(source, options);
}

/** Reads a whole GEDCOM file from bytes, text or a stream of byte chunks. */
export async function parseGedcom(source: GedcomChunks | GedcomInput, options?: ParseOptions): Promise<GedcomDocument> {
  const stream = new GedcomAsyncRecordStream(source, options);
  const records: GedcomRecord[] = [];
  for await (const record of stream) records.push(record);
  return {
    header: stream.header,
    records,
    warnings: stream.warnings,
    encoding: stream.encoding,
    declared: stream.declared,
    version: stream.version,
  };
}
