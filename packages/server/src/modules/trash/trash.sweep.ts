import { trashDays } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { purgeDeletedTrees } from '../tree/tree.repository.ts';
import { sweepChangeSets } from './trash.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
const batch = 500;

/**
 * The trash's purge (issue 21): change sets older than `days` are swept (what their deletes removed
 * is dropped from the history for good, and they can no longer be undone), and trees deleted longer
 * ago than that are deleted for good with everything in them and their history. In batches, each
 * its own statement; several instances may sweep at once (each skips the rows another has locked).
 */
export async function sweepTrash(db: Db, days = trashDays): Promise<{ changeSets: number; trees: number }> {
  let changeSets = 0;
  for (;;) {
    const passed = await sweepChangeSets(db, days, batch);
    changeSets += passed;
    if (passed < batch) break;
  }
  let trees = 0;
  const before = new Date(Date.now() - days * dayMs);
  for (;;) {
    const deleted = await purgeDeletedTrees(db, before);
    trees += deleted;
    if (deleted === 0) break;
  }
  return { changeSets, trees };
}

/** Runs the sweep now and then every `everyMs` (an hour) until stopped; a failed sweep is logged and tried again later. */
export function startTrashSweep(
  db: Db,
  log: { info(object: unknown, message: string): void; warn(object: unknown, message: string): void },
  everyMs = 60 * 60_000,
  /** After each sweep: the media files no row names any more are removed (media/media.gc.ts). */
  afterSweep: () => Promise<{ deleted: number }> = async () => ({ deleted: 0 }),
): { stop(): void; done: Promise<void> } {
  const run = () =>
    sweepTrash(db)
      .then(async (swept) => {
        if (swept.changeSets > 0 || swept.trees > 0) log.info(swept, 'the trash sweep purged what is past the trash');
        const files = await afterSweep();
        if (files.deleted > 0) log.info(files, 'removed media files no media object names any more');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'the trash sweep failed; it runs again later'));
  const done = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), done };
}
