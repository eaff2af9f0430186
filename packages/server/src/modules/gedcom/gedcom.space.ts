import { AppError } from '../../http/errors.ts';

/**
 * A GEDCOM file takes many times its size in the embedded database's data directory: its rows and
 * their indexes, and the write-ahead log of the one transaction that writes them all (about 27
 * times measured for a 3 MB file of 20,000 persons with births, places and notes; files with long
 * notes take less). An import is refused up front only when the space is clearly too small: less
 * than this many times the file's size, plus one 16 MB log segment, is free.
 */
export const IMPORT_SPACE_FACTOR = 10;
export const IMPORT_SPACE_RESERVE = 16 * 1024 * 1024;

export function importSpaceNeeded(bytes: number): number {
  return IMPORT_SPACE_RESERVE + IMPORT_SPACE_FACTOR * bytes;
}

/**
 * Refuses an import of `bytes` with 507 `common.error.storageFull` before anything is written when
 * the data directory's free space (`freeBytes`, the embedded database only) is clearly too small.
 * For PostgreSQL the server's disk is not the app's to see: a write that runs out answers the same.
 */
export async function assertRoomForImport(freeBytes: (() => Promise<number>) | undefined, bytes: number) {
  if (!freeBytes) return;
  if ((await freeBytes()) < importSpaceNeeded(bytes)) throw new AppError('common.error.storageFull');
}
