import { createReadStream } from 'node:fs';
import type { Language } from '@anor/core';
import {
  type DecodeResult,
  decode,
  type EncodingName,
  type GedcomAsyncRecordStream,
  GedcomError,
  type GedcomNode,
  type GedcomRecord,
  type GedcomRecordStream,
  type GedcomWarning,
  iterateRecords,
  iterateRecordsAsync,
} from '@anor/gedcom';
import { AppError } from '../../http/errors.ts';
import { createGedcomMapper, isImage } from './gedcom.mapper.ts';
import { type DrainedRows, ImportCounts } from './gedcom.plan.ts';
import { type InTransaction, insertDrained, insertRest } from './gedcom.repository.ts';

/**
 * Reading a GEDCOM file through the mapper, for the import (gedcom.service.ts). A file held in
 * memory (text, or bytes decoded once) is walked record by record; a spooled file on disk is
 * decoded and walked as it streams from the disk (`iterateRecordsAsync`: the encoding is decided
 * from its first 256 KB), so it is never whole in memory. Either way `onProgress` hears how much
 * of the file has been read (0 to 1).
 */

export function unreadable(error: unknown): unknown {
  return error instanceof GedcomError
    ? new AppError('gedcom.error.unreadable', { reason: error.code, line: error.line })
    : error;
}

/** Rows are written in batches of about this many while a large file is read. */
const drainEvery = 5000;

export interface Writing {
  /** Each batch's statements run in transactions this gives (an import job's chunks, or the caller's one). */
  inTransaction: InTransaction;
  treeId: string;
  signal: AbortSignal | undefined;
  /** Past this many nodes writing stops (the caller refuses the file and rolls back); reading goes on to count. */
  maxNodes: number;
}

/** What the import reads: text or bytes in memory, or a spooled file of `bytes` on disk. */
export type GedcomSource =
  | { kind: 'memory'; content: Uint8Array | string }
  | { kind: 'file'; path: string; bytes: number };

/** The file opened for one read: its records, and what the reader learnt of it. */
interface Opened {
  records: Iterable<GedcomRecord> | AsyncIterable<GedcomRecord>;
  stream: GedcomRecordStream | GedcomAsyncRecordStream;
  /** The share of the file read so far. */
  position: () => number;
}

/** Text decoded once for a file in memory, so that its two reads decode nothing again. */
export interface Decoded {
  text: string;
  decoded: DecodeResult | null;
}

/** `encoding`: read the bytes in it (the user's pick in the preview) instead of the detected one. */
export function decodeInMemory(content: Uint8Array | string, encoding?: EncodingName | null): Decoded {
  try {
    if (typeof content === 'string') return { text: content, decoded: null };
    const decoded = decode(content, encoding);
    return { text: decoded.text, decoded };
  } catch (error) {
    throw unreadable(error);
  }
}

function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

function openMemory(decoded: Decoded): Opened {
  const stream = iterateRecords(decoded.text);
  const lines = lineCount(decoded.text);
  let line = 0;
  const records = (function* () {
    for (const record of stream) {
      line = record.line;
      yield record;
    }
  })();
  return { records, stream, position: () => line / lines };
}

function openFile(path: string, bytes: number, signal?: AbortSignal, encoding?: EncodingName | null): Opened {
  let read = 0;
  const chunks = (async function* () {
    const file = createReadStream(path, { highWaterMark: 256 * 1024, signal });
    for await (const chunk of file as AsyncIterable<Buffer>) {
      read += chunk.length;
      yield chunk as Uint8Array;
    }
  })();
  const stream = iterateRecordsAsync(chunks, encoding ? { encoding } : undefined);
  return { records: stream, stream, position: () => (bytes > 0 ? read / bytes : 1) };
}

/**
 * One read of the file through the mapper. Without `writing`, everything stays in memory and is
 * handed back to be written; with it, rows are written in batches as they come.
 */
export async function readGedcom(
  source: { decoded: Decoded } | { path: string; bytes: number; encoding?: EncodingName | null },
  language: Language,
  writing: Writing | null,
  { signal, onProgress }: { signal?: AbortSignal | undefined; onProgress?: (fraction: number) => void } = {},
) {
  const counts = new ImportCounts();
  const kept: DrainedRows[] = [];
  let writeOn = writing !== null;
  const image = (media: { format: string | null; fileReference: string }) => isImage(media.format, media.fileReference);
  let mapper: ReturnType<typeof createGedcomMapper> | null = null;
  /**
   * The batch being written while the file is read on: the database writes one batch while this
   * process maps the next (on PostgreSQL, in another process: the two overlap). Batches are written
   * one after the other, in order, as the foreign keys need; a failed one fails the next drain.
   */
  let inFlight = null as Promise<void> | null;
  const written = async () => {
    const batch = inFlight;
    inFlight = null;
    await batch;
  };
  async function drain(): Promise<void> {
    if (!mapper) return;
    const rows = mapper.drain();
    counts.addDrained(rows, image);
    if (!writing) kept.push(rows);
    else if (writeOn) {
      await written();
      if (counts.nodes > writing.maxNodes) writeOn = false;
      else {
        inFlight = insertDrained(writing.inTransaction, writing.treeId, rows, writing.signal);
        // Awaited at the next drain or the end; marked handled meanwhile (a failure is not lost).
        inFlight.catch(() => undefined);
      }
    }
  }
  let opened: Opened | null = null;
  let seen = 0;
  try {
    opened =
      'decoded' in source ? openMemory(source.decoded) : openFile(source.path, source.bytes, signal, source.encoding);
    if (Symbol.asyncIterator in opened.records) {
      for await (const record of opened.records) {
        mapper ??= createGedcomMapper(opened.stream.header, { language });
        mapper.add(record);
        if (++seen % 1000 === 0) {
          onProgress?.(opened.position());
          signal?.throwIfAborted();
        }
        if (writing && mapper.pending() >= drainEvery) await drain();
      }
    } else {
      for (const record of opened.records) {
        mapper ??= createGedcomMapper(opened.stream.header, { language });
        mapper.add(record);
        if (++seen % 1000 === 0) {
          onProgress?.(opened.position());
          // A file in memory is read without a pause otherwise: let a cancel and the heartbeat in.
          signal?.throwIfAborted();
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (writing && mapper.pending() >= drainEvery) await drain();
      }
    }
  } catch (error) {
    // A batch still being written ends before the import fails (its clean-up then finds it all).
    await inFlight?.catch(() => undefined);
    throw unreadable(error);
  }
  if (!opened) throw new AppError('common.error.generic');
  mapper ??= createGedcomMapper(opened.stream.header, { language });
  const { plan, report } = mapper.finish();
  await drain();
  await written();
  counts.addFinal(plan);
  if (writing && writeOn) await insertRest(writing.inTransaction, writing.treeId, plan, writing.signal);
  onProgress?.(1);
  const stream = opened.stream;
  return { counts, report, stream, plan, kept };
}

/** The header alone (for the tree's name), from the start of the file. */
export async function headerOf(
  source: { decoded: Decoded } | { path: string; bytes: number },
): Promise<GedcomNode | null> {
  try {
    if ('decoded' in source) {
      const stream = iterateRecords(source.decoded.text);
      stream[Symbol.iterator]().next();
      return stream.header;
    }
    const controller = new AbortController();
    const { stream } = openFile(source.path, source.bytes, controller.signal);
    const iterator = (stream as GedcomAsyncRecordStream)[Symbol.asyncIterator]();
    try {
      await iterator.next();
    } finally {
      controller.abort();
      await iterator.return?.(undefined).catch(() => undefined);
    }
    return stream.header;
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return null;
    throw unreadable(error);
  }
}

/** The decoder's warnings and the parser's, in the order the report lists them. */
export function readWarnings(decoded: Decoded | null, stream: { warnings: GedcomWarning[] }): GedcomWarning[] {
  return [...(decoded?.decoded?.warnings ?? []), ...stream.warnings];
}
