import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../../db/client.ts';
import { type StoredFileRow, storedFiles } from '../media/media.repository.ts';
import type { MediaStorage } from '../media/storage/storage.ts';

/**
 * GEDZIP (GEDCOM 7.0, `.gdz`): a zip holding `gedcom.ged` and the tree's uploaded files, each
 * under the path its OBJE's FILE line gives (`media/<name>`). Written with yazl as a stream: the
 * GEDCOM text in parts as the export makes it, each file read from the media storage only when
 * the zip reaches it, so neither the text nor the files are ever whole in memory.
 */

/** A file's name as a path inside the zip and a FILE value: letters, digits, `.`, `-` and `_` only. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '');
  return cleaned.slice(-120) || 'file';
}

export interface ZipFile {
  path: string;
  hash: string;
}

/**
 * The path of each uploaded file in the zip, by media object (objects with the same bytes share
 * one), unique however many files have the same name (`a.jpg`, `a-2.jpg`).
 */
export async function zipPaths(db: Db, treeId: string): Promise<{ byMedia: Map<string, string>; files: ZipFile[] }> {
  const rows: StoredFileRow[] = await storedFiles(db, treeId);
  const byHash = new Map<string, string>();
  const taken = new Set<string>();
  const byMedia = new Map<string, string>();
  for (const row of rows) {
    let path = byHash.get(row.contentHash);
    if (path === undefined) {
      const name = safeName(row.fileName ?? row.fileReference);
      const dot = name.lastIndexOf('.');
      const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
      path = `media/${name}`;
      for (let n = 2; taken.has(path.toLowerCase()); n++) path = `media/${stem}-${n}${extension}`;
      taken.add(path.toLowerCase());
      byHash.set(row.contentHash, path);
    }
    byMedia.set(row.id, path);
  }
  return { byMedia, files: [...byHash].map(([hash, path]) => ({ hash, path })) };
}

/** The zip as a stream: `gedcom.ged` (deflated), then each file as stored (photos are compressed already). */
export function gedzipStream(parts: Iterable<string>, files: readonly ZipFile[], storage: MediaStorage): Readable {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  zip.outputStream.on('error', (error) => output.destroy(error));
  zip.outputStream.pipe(output);
  zip.addReadStream(Readable.from(parts, { objectMode: false }), 'gedcom.ged', { compress: true });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false }, (done) => {
      storage.get(file.hash).then(
        (stored) => done(stored ? null : new Error(`media file ${file.hash} is missing`), stored?.stream as Readable),
        (error: Error) => done(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return output;
}
