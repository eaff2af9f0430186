import type { Db } from '../../db/client.ts';
import { referencedHashes } from './media.repository.ts';
import type { MediaStorage } from './storage/storage.ts';

/**
 * Removes stored files no media row names any more (issue 22): those of media purged from the trash
 * (their rows gone and the history that could restore them swept) and of deleted trees purged for
 * good. A hash is kept while any media row of any tree has it, or any change of the history still
 * holds it (a delete that can be undone). A file younger than `minAgeMs` is kept whatever: an upload
 * stores its files inside its transaction, before its row is visible to anyone else. Runs after the
 * trash's hourly sweep (trash.sweep.ts).
 */
export async function collectMediaGarbage(
  db: Db,
  storage: MediaStorage,
  minAgeMs = 60 * 60_000,
): Promise<{ deleted: number }> {
  const referenced = new Set(await referencedHashes(db));
  const before = Date.now() - minAgeMs;
  let deleted = 0;
  for await (const { key, modified } of storage.list()) {
    if (referenced.has(key.slice(0, 64)) || modified.getTime() > before) continue;
    await storage.delete(key);
    deleted += 1;
  }
  return { deleted };
}
