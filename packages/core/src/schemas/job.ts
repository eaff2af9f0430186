import { z } from 'zod';
import { idSchema } from './common.ts';
import { gedcomImportAnswerSchema, gedcomImportPreviewSchema } from './gedcom.ts';

/**
 * Jobs (issue 20): long work run outside the request, such as a GEDCOM import. The upload answers
 * at once with the job; `GET /api/user/{userId}/job/{jobId}` tells its state, phase, percentage and
 * an estimate of the time left, and `POST …/cancel` stops it. Only the user who started a job sees
 * it; a cancelled, failed or interrupted job leaves nothing behind.
 */
export const jobKinds = ['gedcomImport'] as const;
export type JobKind = (typeof jobKinds)[number];

/**
 * queued: waiting for its turn; running; waiting: for the user's confirmation (the preview of an
 * import, to come); done, failed, cancelled: finished.
 */
export const jobStates = ['queued', 'running', 'waiting', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];
export const activeJobStates: readonly JobState[] = ['queued', 'running', 'waiting'];

/** What a running import does: reads the file, checks it against the limits, writes the tree. */
export const jobPhases = ['reading', 'checking', 'waiting', 'writing'] as const;
export type JobPhase = (typeof jobPhases)[number];

export const jobParamsSchema = z.strictObject({
  userId: z.string().min(1).max(64),
  jobId: idSchema,
});

export const jobSchema = z.object({
  id: z.string(),
  /** The tree the job concerns: for an import, the tree it creates (it exists once the job is done). */
  treeId: z.string(),
  kind: z.enum(jobKinds),
  state: z.enum(jobStates),
  phase: z.enum(jobPhases).nullable(),
  /** 0 to 100, over the whole job. */
  progress: z.number(),
  /** The time left, in milliseconds, estimated from the progress so far; null when unknown. */
  remainingMs: z.number().int().nullable(),
  /** The import's tree name as asked for, and the file's size. */
  treeName: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** Why the job failed (a code of the error catalogue, with its details). */
  error: z.object({ code: z.string(), details: z.unknown().optional() }).nullable(),
  /** An import waiting for the user's confirmation: what the file holds, before anything is written. */
  preview: gedcomImportPreviewSchema.nullable(),
  /** A finished import's report. */
  result: gedcomImportAnswerSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({ jobs: z.array(jobSchema) });
export type JobList = z.infer<typeof jobListSchema>;
