import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, isKey, type MediaStorage } from './storage.ts';

/**
 * Media files in a directory (DATA_DIR/media): `ab/cd/<key>` by the key's first four hex digits,
 * so no directory holds more than a few hundred files. A write goes to a temporary name in the same
 * directory and is renamed into place, so a reader never sees half a file and a crash leaves at
 * most a `.tmp-…` file (removed by the next write's directory, or by hand).
 */
export function createLocalStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.tmp-${randomUUID()}`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await stat(fileOf(key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || !isKey(entry.name)) continue;
        const info = await stat(path.join(entry.parentPath, entry.name));
        yield { key: entry.name, modified: info.mtime };
      }
    },
  };
}
