/**
 * The backup file (see backup.ts): gzip-compressed JSON lines, written and read as a stream, and
 * its verification after a backup.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { AdminError } from './admin.ts';
import { fileSection, skipFile } from './backup-media.ts';

export const backupFormat = 'anor-backup';
/** 2: media files after the tables (issue 22). A restore reads versions 1 and 2. */
export const backupVersion = 2;
const readableVersions = new Set([1, 2]);

export interface BackupHeader {
  format: typeof backupFormat;
  version: number;
  /** The last migration applied to the database the backup was taken from. */
  migration: { tag: string | null; createdAt: number | null };
  createdAt: string;
  /** Which database it was taken from (information only: either restores into either). */
  database: string;
  tables: { name: string; columns: string[]; rows: number }[];
}

/**
 * Writes lines to a gzip stream, waiting when it is full (the file is never held in memory). An
 * error of the file (no such folder, disk full) rejects the next write or the close.
 */
export class GzipLineWriter {
  private readonly gzip = createGzip();
  private readonly output;
  private readonly failed: Promise<never>;
  private failure: Error | null = null;

  constructor(file: string) {
    this.output = createWriteStream(file);
    this.gzip.pipe(this.output);
    this.failed = new Promise<never>((_, reject) => {
      const fail = (error: Error) => {
        this.failure ??= error;
        reject(this.failure);
      };
      this.output.on('error', fail);
      this.gzip.on('error', fail);
    });
    this.failed.catch(() => undefined);
  }

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.gzip.write(text)) await Promise.race([once(this.gzip, 'drain'), this.failed]);
  }

  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.gzip.end();
    await Promise.race([finished(this.output), this.failed]);
  }

  destroy(): void {
    this.gzip.destroy();
    this.output.destroy();
  }
}

/**
 * The lines of a gzip file, one at a time. A truncated or damaged file throws: zlib checks the
 * stream's end, length and CRC-32 as the last bytes arrive.
 */
export async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  gunzip.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      rest += chunk;
      let start = 0;
      for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n', start)) {
        yield rest.slice(start, end);
        start = end + 1;
      }
      rest = rest.slice(start);
    }
    if (rest !== '') yield rest;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

export function parseLine<T>(line: string | undefined, what: string): T {
  if (line === undefined)
    throw new AdminError(`The backup file ends too early (${what} is missing): it is incomplete.`);
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new AdminError(`The backup file is damaged: ${what} is not JSON.`);
  }
}

export function checkHeader(header: BackupHeader): BackupHeader {
  if (header?.format !== backupFormat || !Array.isArray(header.tables)) {
    throw new AdminError('This is not an Anor backup file.');
  }
  if (!readableVersions.has(header.version)) {
    throw new AdminError(
      `The backup is of format version ${header.version}; this Anor reads versions ${[...readableVersions].join(' and ')}.`,
    );
  }
  return header;
}

/** An operator's message for what went wrong reading a file (others are passed on). */
export function asFileError(error: unknown, file: string): unknown {
  if (error instanceof AdminError) return error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT') return new AdminError(`No such file: ${file}`);
  if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new AdminError(`The backup file is damaged or incomplete (${message}).`);
  }
  return error;
}

/** Reads and checks a backup's header (the first line). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readLines(file);
  try {
    const first = await lines.next();
    return checkHeader(parseLine<BackupHeader>(first.done ? undefined : first.value, 'the header'));
  } catch (error) {
    throw asFileError(error, file);
  } finally {
    await lines.return(undefined);
  }
}

/**
 * Reads a backup file through and checks it against the header it should have (the one written):
 * the gzip stream complete and intact, the same header, every table's section in order with as
 * many rows as the header counts (each a JSON object), `files` media files each of its size (an
 * original's bytes of its hash), the end marker and nothing after it.
 * Answers the rows read per table; throws an AdminError saying what is wrong.
 */
export async function verifyBackupFile(
  file: string,
  expected: BackupHeader,
  files = 0,
): Promise<Record<string, number>> {
  const lines = readLines(file);
  const read: Record<string, number> = {};
  const next = async (what: string) => {
    const result = await lines.next();
    if (result.done) throw new AdminError(`it ends too early (${what} is missing)`);
    return result.value;
  };
  try {
    try {
      const header = checkHeader(parseLine<BackupHeader>(await next('the header'), 'the header'));
      if (JSON.stringify(header) !== JSON.stringify(expected))
        throw new AdminError('its header is not the one written');
      for (const table of expected.tables) {
        const section = parseLine<{ table?: string; rows?: number }>(await next(`${table.name}`), 'a table header');
        if (section.table !== table.name || section.rows !== table.rows) {
          throw new AdminError(`${table.name} should begin with ${table.rows} rows, found ${JSON.stringify(section)}`);
        }
        let rows = 0;
        for (; rows < table.rows; rows++) {
          const line = await next(`row ${rows + 1} of ${table.rows} of ${table.name}`);
          const row = parseLine<unknown>(line, `row ${rows + 1} of ${table.name}`);
          if (row === null || typeof row !== 'object' || Array.isArray(row) || 'table' in row || 'end' in row) {
            throw new AdminError(`row ${rows + 1} of ${table.name} is not a row`);
          }
        }
        read[table.name] = rows;
      }
      let end = parseLine<{ end?: boolean; file?: unknown; size?: unknown }>(
        await next('the end marker'),
        'the end marker',
      );
      let filesRead = 0;
      for (let section = fileSection(end); section; section = fileSection(end)) {
        await skipFile(section, next);
        filesRead += 1;
        end = parseLine(await next('the end marker'), 'the end marker');
      }
      if (filesRead !== files) throw new AdminError(`it has ${filesRead} media files, not ${files}`);
      if (end.end !== true) throw new AdminError('it has more rows than its header counts, or no end marker');
      const after = await lines.next();
      if (!after.done) throw new AdminError('it has lines after its end marker');
    } catch (error) {
      const cause = asFileError(error, file);
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new AdminError(`backup verification failed: ${file}: ${message}`, { cause: error });
    }
  } finally {
    await lines.return(undefined);
  }
  return read;
}
