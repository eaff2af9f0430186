/**
 * The media files in a backup (issue 22; see backup.ts for the file). After the tables, before the
 * end marker, one section per stored file:
 *
 *   {"file":"<key>","size":N}
 *   then ceil(N / 786,432) lines of base64, each at most 1 MiB of text.
 *
 * The files are those of every content hash a media row or the change history names (the same the
 * hourly collection keeps, media.repository.ts referencedHashes), each with the versions made from
 * it: the original and the thumbnail and screen version as stored, so a restore serves the same
 * bytes without processing anything again. They are read from the configured storage (the directory
 * or S3, through one interface) and written to the restoring server's storage the same way.
 * Streams both ways: one chunk of one file in memory at a time.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client.ts';
import { referencedHashes } from '../modules/media/media.repository.ts';
import { isKey, type MediaStorage } from '../modules/media/storage/storage.ts';
import { AdminError } from './admin.ts';
import type { GzipLineWriter } from './backup-file.ts';

/** Raw bytes per base64 line (1 MiB of text). */
export const MEDIA_CHUNK = 768 * 1024;

const variants = ['', '.thumb', '.screen'] as const;

export interface MediaBackupCount {
  files: number;
  bytes: number;
  /** Originals a row names that the storage does not have (an operator's warning; the backup goes on). */
  missing: string[];
}

/** The hashes to back up, read in the backup's snapshot transaction. */
export const hashesToBackUp = (tx: Db) => referencedHashes(tx);

/** Writes the sections of every stored file of these hashes. */
export async function writeMediaFiles(
  storage: MediaStorage,
  hashes: readonly string[],
  out: GzipLineWriter,
): Promise<MediaBackupCount> {
  const count: MediaBackupCount = { files: 0, bytes: 0, missing: [] };
  for (const hash of hashes) {
    for (const suffix of variants) {
      const key = `${hash}${suffix}`;
      const stored = await storage.get(key);
      if (!stored) {
        if (suffix === '') count.missing.push(hash);
        continue;
      }
      await out.write(`${JSON.stringify({ file: key, size: stored.size })}\n`);
      let written = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (all: boolean) => {
        let joined = Buffer.concat(pending);
        while (joined.length >= MEDIA_CHUNK || (all && joined.length > 0)) {
          const chunk = joined.subarray(0, MEDIA_CHUNK);
          await out.write(`${chunk.toString('base64')}\n`);
          joined = joined.subarray(chunk.length);
        }
        pending = joined.length > 0 ? [joined] : [];
        pendingBytes = joined.length;
      };
      for await (const piece of stored.stream) {
        const buffer = piece as Buffer;
        pending.push(buffer);
        pendingBytes += buffer.length;
        written += buffer.length;
        if (pendingBytes >= MEDIA_CHUNK) await flush(false);
      }
      await flush(true);
      if (written !== stored.size) {
        throw new AdminError(
          `backup failed: media file ${key}: the storage said ${stored.size} bytes but gave ${written}`,
        );
      }
      count.files += 1;
      count.bytes += written;
    }
  }
  return count;
}

/** A file section's first line, or null for a line that is not one. */
export function fileSection(line: { file?: unknown; size?: unknown }): { key: string; size: number } | null {
  if (typeof line.file !== 'string') return null;
  if (!isKey(line.file) || typeof line.size !== 'number' || !Number.isSafeInteger(line.size) || line.size < 0) {
    throw new AdminError('The backup file is damaged: a media file section is not one.');
  }
  return { key: line.file, size: line.size };
}

const linesOf = (size: number) => Math.ceil(size / MEDIA_CHUNK);
const base64Line = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of one file section, read from the backup's lines: checked for their size, and an
 * original against its name (the SHA-256 of its bytes).
 */
async function* fileBytes(
  section: { key: string; size: number },
  next: (what: string) => Promise<string>,
): AsyncGenerator<Buffer> {
  const hash = section.key.length === 64 ? createHash('sha256') : null;
  let read = 0;
  const count = linesOf(section.size);
  for (let i = 0; i < count; i++) {
    const line = await next(`part ${i + 1} of media file ${section.key}`);
    if (!base64Line.test(line)) throw new AdminError(`The backup file is damaged: media file ${section.key}.`);
    const bytes = Buffer.from(line, 'base64');
    read += bytes.length;
    hash?.update(bytes);
    yield bytes;
  }
  if (read !== section.size || (hash && hash.digest('hex') !== section.key)) {
    throw new AdminError(`The backup file is damaged: media file ${section.key} is not the file it names.`);
  }
}

/** Reads a file section through (verification, or a file the storage has already), checking it. */
export async function skipFile(section: { key: string; size: number }, next: (what: string) => Promise<string>) {
  for await (const _ of fileBytes(section, next)) {
    // Read and checked only.
  }
}

/** Stores one file section's bytes (unless the storage has that key already: same key, same bytes). */
export async function restoreFile(
  storage: MediaStorage,
  section: { key: string; size: number },
  next: (what: string) => Promise<string>,
): Promise<boolean> {
  if (await storage.has(section.key)) {
    await skipFile(section, next);
    return false;
  }
  // Read whole and checked into a temporary file first, then stored from it: a damaged section stores
  // nothing, and an upload to S3 does not wait on the backup's decompression between its parts.
  const dir = await mkdtemp(path.join(tmpdir(), 'anor-restore-'));
  try {
    const file = path.join(dir, 'file');
    await pipeline(Readable.from(fileBytes(section, next)), createWriteStream(file));
    await storage.put(section.key, createReadStream(file), section.size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return true;
}
