import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The spool: uploaded GEDCOM files on their way to an import, under DATA_DIR/spool, one file per
 * upload. A file is written while the body arrives (never whole in memory), read by the import job,
 * and removed when the import ends in any way; start-up and a periodic sweep remove what a killed
 * server left behind.
 */
export interface SpooledFile {
  path: string;
  bytes: number;
}

export function spoolDirOf(dataDir: string): string {
  return path.join(dataDir, 'spool');
}

/** Removes a spool file; a file already gone is no error. */
export async function removeSpooled(file: string): Promise<void> {
  await rm(file, { force: true });
}

/**
 * Writes `payload` to a new file in `dir`, refusing it with `tooLarge(bytes)` as soon as it passes
 * `max` bytes (the file is removed and the rest of the body left unread). Backpressure: the body is
 * paused while the disk catches up, so at most a chunk or two are in memory.
 */
export async function spoolBody(
  dir: string,
  payload: Readable,
  max: number,
  tooLarge: (bytes: number) => Error,
): Promise<SpooledFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.ged`);
  const out = createWriteStream(file, { flags: 'wx' });
  let length = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const stop = () => {
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        payload.removeListener('error', onError);
      };
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        stop();
        reject(error);
      };
      const onData = (data: Buffer | string) => {
        const chunk = typeof data === 'string' ? Buffer.from(data) : data;
        length += chunk.length;
        if (length > max) {
          fail(tooLarge(length));
          return;
        }
        if (!out.write(chunk)) {
          payload.pause();
          out.once('drain', () => {
            if (!failed) payload.resume();
          });
        }
      };
      const onEnd = () => {
        stop();
        out.end(() => resolve());
      };
      const onError = (error: Error) => fail(error);
      out.on('error', fail);
      payload.on('data', onData);
      payload.on('end', onEnd);
      payload.on('error', onError);
      payload.resume();
    });
  } catch (error) {
    // The file is opened asynchronously: wait until the stream has closed it, or a refusal that
    // came before the open would remove nothing and the open would then leave an empty file.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()).destroy());
    await removeSpooled(file);
    throw error;
  }
  return { path: file, bytes: length };
}

/** Text already decoded (the JSON form of the upload), spooled as UTF-8. */
export async function spoolText(dir: string, text: string): Promise<SpooledFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.ged`);
  await writeFile(file, text, { encoding: 'utf8', flag: 'wx' });
  return { path: file, bytes: Buffer.byteLength(text, 'utf8') };
}

/**
 * Removes the spool files no active job needs: those not in `keep` (the paths of queued, running
 * and waiting jobs) and older than `olderThanMs` (an upload still arriving has no job yet).
 */
export async function sweepSpool(dir: string, keep: ReadonlySet<string>, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    if (keep.has(file)) continue;
    try {
      if (olderThanMs > 0 && now - (await stat(file)).mtimeMs < olderThanMs) continue;
      await removeSpooled(file);
      removed += 1;
    } catch {
      // Gone meanwhile.
    }
  }
  return removed;
}
