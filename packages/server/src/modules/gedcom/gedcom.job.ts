import { readFile } from 'node:fs/promises';
import type { GedcomImportAnswer, Language } from '@anor/core';
import type { AppContext } from '../../context.ts';
import { activeJobInputs } from '../job/job.repository.ts';
import type { JobHandler, JobService } from '../job/job.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { GedcomService } from './gedcom.service.ts';
import { removeSpooled, type SpooledFile, spoolDirOf, sweepSpool } from './gedcom.spool.ts';

/**
 * The GEDCOM import as a job (issue 20): the upload spools the file, makes the job and answers;
 * the job reads the spool file, checks it and writes the tree in one transaction that also marks
 * the job done, and the spool file is removed however the job ends.
 */
export interface GedcomImportJobInput {
  /** The spool file, and whether it holds text already decoded (the JSON form of the upload, as UTF-8). */
  path: string;
  bytes: number;
  text: boolean;
  treeName: string | null;
  language: Language;
  /** Stop before writing, with a preview, until the user confirms. */
  preview?: boolean;
}

export function gedcomImportHandler(gedcom: GedcomService, users: UserService): JobHandler {
  return {
    async run({ row, signal, progress, finish, waitForConfirmation }) {
      const input = row.input as unknown as GedcomImportJobInput;
      const { subscription } = await users.userInfo(row.createdBy);
      const spooled: SpooledFile = { path: input.path, bytes: input.bytes };
      const content = input.text ? await readFile(input.path, 'utf8') : spooled;
      await gedcom.importFile(
        { id: row.createdBy, name: '', email: '' },
        { content, treeName: input.treeName ?? undefined, language: input.language, subscription, treeId: row.treeId },
        {
          signal,
          progress,
          jobId: row.id,
          beforeCommit: (tx, answer: GedcomImportAnswer) => finish(tx, answer as unknown as Record<string, unknown>),
          // After the confirmation: the encoding the user picked in the preview, if any (gedcom.preview.ts).
          confirm: input.preview
            ? async (preview) => {
                await waitForConfirmation(preview as unknown as Record<string, unknown>);
                return gedcom.chosenEncoding(row.id);
              }
            : undefined,
        },
      );
    },
    async cleanup(input, ended) {
      const path = (input as { path?: unknown }).path;
      if (typeof path === 'string') await removeSpooled(path);
      // What the job committed of its tree, unless it ended done (the tree is then shown, not the job's).
      if (ended) await gedcom.discardImport(ended.treeId, ended.id);
    },
    sweep: () => gedcom.discardAbandonedImports(),
  };
}

export function registerGedcomImportJob(jobs: JobService, gedcom: GedcomService, users: UserService): void {
  jobs.register('gedcomImport', gedcomImportHandler(gedcom, users));
}

/**
 * Removes the spool files no active import needs (what a killed server left). The embedded
 * database has one server, so every file no active job names is left over; with PostgreSQL another
 * instance may be receiving an upload into a shared DATA_DIR, so only files older than 10 minutes go.
 */
export async function sweepGedcomSpool(ctx: Pick<AppContext, 'db' | 'config'>, embedded: boolean): Promise<number> {
  const keep = new Set(
    (await activeJobInputs(ctx.db))
      .map((input) => (input as { path?: unknown }).path)
      .filter((path): path is string => typeof path === 'string'),
  );
  return sweepSpool(spoolDirOf(ctx.config.dataDir), keep, embedded ? 0 : 10 * 60_000);
}
