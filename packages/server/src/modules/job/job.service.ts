import { randomUUID } from 'node:crypto';
import type { Job, JobKind, JobPhase } from '@anor/core';
import { jobPhases, jobStates } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { isStorageFull } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { JobRow } from './job.repository.ts';
import * as jobs from './job.repository.ts';

/**
 * The job runner (issue 20). A job is a row of the `job` table; this instance claims queued jobs
 * (`FOR UPDATE SKIP LOCKED`, so several instances never take the same one), runs one at a time,
 * and writes a heartbeat with the phase and percentage every `heartbeatMs`. A job's work commits in
 * the same transaction that marks it done (`JobContext.finish`), so a cancelled, failed or
 * interrupted job leaves nothing behind. Every `sweepMs`, and at start-up, active jobs whose
 * heartbeat is older than `staleMs` are failed as interrupted (their server stopped; what they
 * wrote was never committed); the embedded database has one process only, so at its start-up every
 * active job is such a job.
 *
 * What a running job is doing is also kept in memory here: on the embedded database a job's
 * transaction holds the database, so its heartbeat reaches the row only between transactions.
 */

export interface JobContext {
  row: JobRow;
  signal: AbortSignal;
  /** What the job is doing, and how much of the whole job (0 to 1) is done. */
  progress(phase: JobPhase, fraction: number): void;
  /**
   * Last, inside the job's transaction: marks the job done with its result. Throws (and so rolls
   * the transaction back) when the job was cancelled or failed meanwhile.
   */
  finish(tx: Db, result: Record<string, unknown>): Promise<void>;
  /**
   * Stops in the state `waiting` with `preview` until the user confirms (on this instance or
   * another); rejects when the job is cancelled meanwhile.
   */
  waitForConfirmation(preview: Record<string, unknown>): Promise<void>;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /**
   * After the job ended in any way (also when it was failed as interrupted): removes its files and
   * what it left unfinished in the database (`ended`: the job, when known).
   */
  cleanup(input: Record<string, unknown>, ended?: { id: string; treeId: string }): Promise<void>;
  /** At every sweep: removes what jobs that are no longer active left (their clean-up did not run). */
  sweep?(): Promise<unknown>;
}

export interface JobServiceDeps {
  db: Db;
  /** The embedded database: one process, so at start-up every active job was interrupted. */
  embedded: boolean;
  heartbeatMs?: number;
  staleMs?: number;
  sweepMs?: number;
  log?: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void };
}

/** How a job run on this instance ended, for the metrics (modules/metrics). */
export type JobOutcome = 'done' | 'failed' | 'cancelled' | 'interrupted';

/** Told when this instance starts and ends running a job (GET /metrics counts them and their durations). */
export interface JobObserver {
  started(kind: string): void;
  ended(kind: string, outcome: JobOutcome, seconds: number): void;
}

interface Live {
  controller: AbortController;
  phase: JobPhase | null;
  progress: number;
  startedAt: number;
  /** The percentage at `startedAt` (a job confirmed after its preview goes on from there). */
  paceBase: number;
  done: Promise<void>;
  /** The error that ended the job, for a caller waiting on it (the synchronous upload). */
  error: unknown;
  /** Set while the job waits for the user's confirmation. */
  confirmed: (() => void) | null;
}

/** How long a job waits for its user's confirmation before it is cancelled. */
const waitLimitMs = 2 * 60 * 60_000;

function errorOf(error: unknown): { code: string; details?: unknown } {
  if (error instanceof AppError)
    return error.details === undefined ? { code: error.code } : { code: error.code, details: error.details };
  return { code: 'common.error.generic' };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function createJobService({
  db,
  embedded,
  heartbeatMs = 2_000,
  staleMs = 30_000,
  sweepMs = 10_000,
  log,
}: JobServiceDeps) {
  const instance = randomUUID();
  const handlers = new Map<string, JobHandler>();
  const live = new Map<string, Live>();
  let running = 0;
  const concurrency = 1;
  let sweeper: NodeJS.Timeout | null = null;
  let stopped = false;
  let kicking = false;
  let observer: JobObserver | null = null;

  function toJob(row: JobRow): Job {
    const now = live.get(row.id);
    const state = jobStates.includes(row.state as Job['state']) ? (row.state as Job['state']) : 'failed';
    const phase = now?.phase ?? (jobPhases.includes(row.phase as JobPhase) ? (row.phase as JobPhase) : null);
    const progress = Math.max(row.progress, now?.progress ?? 0);
    const startedAt = now?.startedAt ?? row.startedAt?.getTime() ?? null;
    // The time left, from the pace since the job started (or was confirmed after its preview, with
    // the percentage it had then): known once a little more of the job is done.
    const base = now?.paceBase ?? 0;
    const remainingMs =
      (state === 'running' || state === 'queued') && startedAt !== null && progress - base >= 1 && progress < 100
        ? Math.round(((Date.now() - startedAt) * (100 - progress)) / (progress - base))
        : null;
    const input = row.input as { treeName?: unknown; bytes?: unknown };
    return {
      id: row.id,
      treeId: row.treeId,
      kind: row.kind as JobKind,
      state,
      phase: state === 'running' || state === 'waiting' ? phase : null,
      progress: Math.round(progress * 10) / 10,
      remainingMs,
      treeName: typeof input.treeName === 'string' ? input.treeName : null,
      bytes: typeof input.bytes === 'number' ? input.bytes : null,
      error: (row.error as Job['error']) ?? null,
      preview:
        state === 'waiting'
          ? (((row.result as { preview?: unknown } | null)?.preview as Job['preview']) ?? null)
          : null,
      result: state === 'done' ? ((row.result as Job['result']) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
    };
  }

  async function run(row: JobRow): Promise<void> {
    const handler = handlers.get(row.kind);
    const controller = new AbortController();
    const runStarted = performance.now();
    let resolveDone = () => {};
    const entry: Live = {
      controller,
      phase: null,
      progress: 0,
      startedAt: Date.now(),
      paceBase: 0,
      done: new Promise<void>((resolve) => {
        resolveDone = resolve;
      }),
      error: null,
      confirmed: null,
    };
    live.set(row.id, entry);
    observer?.started(row.kind);
    let outcome: JobOutcome = 'done';
    let beating: Promise<unknown> | null = null;
    const heartbeat = setInterval(() => {
      // One at a time: on the embedded database a beat waits for the job's own transaction.
      if (beating) return;
      beating = jobs
        .beat(db, row.id, { phase: entry.phase, progress: entry.progress })
        .then((state) => {
          // Cancelled or failed by another instance (or request): stop the work.
          if (state === undefined) controller.abort(new AppError('job.error.cancelled'));
          // Confirmed through another instance: go on.
          else if (state === 'running') entry.confirmed?.();
        })
        .catch(() => undefined)
        .finally(() => {
          beating = null;
        });
    }, heartbeatMs);
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${row.kind}`);
      await handler.run({
        row,
        signal: controller.signal,
        progress(phase, fraction) {
          entry.phase = phase;
          entry.progress = Math.min(99.9, Math.max(entry.progress, fraction * 100));
        },
        async waitForConfirmation(preview) {
          controller.signal.throwIfAborted();
          const confirmed = new Promise<void>((resolve, reject) => {
            entry.confirmed = resolve;
            controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
          });
          if (!(await jobs.setWaiting(db, row.id, preview))) throw new AppError('job.error.cancelled');
          entry.phase = 'waiting';
          // A job that waits for its user takes no turn from others; one nobody confirms is cancelled.
          running -= 1;
          void kick();
          const giveUp = setTimeout(() => controller.abort(new AppError('job.error.cancelled')), waitLimitMs);
          giveUp.unref();
          try {
            await confirmed;
          } finally {
            clearTimeout(giveUp);
            entry.confirmed = null;
            running += 1;
          }
          entry.phase = 'writing';
          // The time the user took to confirm is no part of the pace.
          entry.startedAt = Date.now();
          entry.paceBase = entry.progress;
        },
        async finish(tx, result) {
          controller.signal.throwIfAborted();
          if (!(await jobs.finishJob(tx, row.id, result))) throw new AppError('job.error.cancelled');
        },
      });
    } catch (error) {
      // Aborted: by a cancel, or by this server stopping (then the job was interrupted, not cancelled).
      // A job that failed for a reason of its own keeps it, even when the server stops meanwhile
      // because of that reason (the embedded database out of disk: 507 storageFull, not "interrupted").
      const ownFailure =
        error !== controller.signal.reason &&
        (isStorageFull(error) || (error instanceof AppError && !error.code.startsWith('job.error.')));
      const reason: unknown = controller.signal.aborted && !ownFailure ? controller.signal.reason : null;
      const interrupted = reason instanceof AppError && reason.code === 'job.error.interrupted';
      const cancelled = controller.signal.aborted && !ownFailure && !interrupted;
      const ending = cancelled
        ? new AppError('job.error.cancelled')
        : interrupted
          ? new AppError('job.error.interrupted')
          : error;
      entry.error = ending;
      outcome = cancelled ? 'cancelled' : interrupted ? 'interrupted' : 'failed';
      await jobs.endJob(db, row.id, cancelled ? 'cancelled' : 'failed', errorOf(ending)).catch(() => false);
      if (!controller.signal.aborted && !(error instanceof AppError)) {
        log?.error({ err: error, job: row.id }, 'a job failed');
      }
    } finally {
      clearInterval(heartbeat);
      await beating;
      live.delete(row.id);
      await handler?.cleanup(row.input, { id: row.id, treeId: row.treeId }).catch(() => undefined);
      observer?.ended(row.kind, outcome, (performance.now() - runStarted) / 1000);
      resolveDone();
    }
  }

  /** Runs queued jobs while there is room. */
  async function kick(): Promise<void> {
    if (kicking || stopped) return;
    kicking = true;
    try {
      while (running < concurrency && !stopped) {
        const row = await jobs.claimNextJob(db, instance);
        if (!row) break;
        running += 1;
        void run(row).finally(() => {
          running -= 1;
          void kick();
        });
      }
    } catch (error) {
      log?.warn({ err: error }, 'could not claim a job');
    } finally {
      kicking = false;
    }
  }

  /** Fails the jobs whose server stopped, and removes their files. */
  async function sweep(ms: number): Promise<void> {
    await jobs.touchQueued(db, instance);
    const failed = await jobs.failStaleJobs(db, ms, [...live.keys()]);
    for (const { input, id, treeId } of failed) {
      log?.warn({ job: id }, 'a job whose heartbeat stopped was failed; nothing of it was kept');
      for (const handler of handlers.values()) await handler.cleanup(input, { id, treeId }).catch(() => undefined);
    }
    for (const handler of handlers.values()) await handler.sweep?.().catch(() => undefined);
  }

  async function ownJob(userId: string, jobId: string): Promise<JobRow> {
    const row = await jobs.findJobOf(db, userId, jobId);
    if (!row) throw new AppError('job.error.notFound');
    return row;
  }

  return {
    instance,

    /** Where the runner reports what went wrong (the app's log; set once the app has one). */
    useLog(next: NonNullable<JobServiceDeps['log']>): void {
      log = next;
    },

    /** Who is told of the jobs this instance runs (the metrics; set once the app has them). */
    useObserver(next: JobObserver): void {
      observer = next;
    },

    register(kind: JobKind, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /** Starts the runner: fails what a stopped server left, then looks for work every `sweepMs`. */
    async start(): Promise<void> {
      await sweep(embedded ? 0 : staleMs);
      sweeper = setInterval(() => {
        void sweep(staleMs)
          .then(kick)
          .catch(() => undefined);
      }, sweepMs);
      sweeper.unref();
      await kick();
    },

    /** Stops: running jobs are aborted (their transactions roll back) and awaited. */
    async stop(): Promise<void> {
      stopped = true;
      if (sweeper) clearInterval(sweeper);
      for (const entry of live.values()) entry.controller.abort(new AppError('job.error.interrupted'));
      await Promise.all([...live.values()].map((entry) => entry.done));
    },

    /**
     * A new job of `userId`, pinned to this instance (its input is on this instance's disk), and
     * started when its turn comes.
     */
    async submit(values: {
      id?: string;
      treeId: string;
      kind: JobKind;
      input: Record<string, unknown>;
      userId: string;
    }) {
      const row = await jobs.insertJob(db, {
        id: values.id ?? randomUUID(),
        treeId: values.treeId,
        kind: values.kind,
        input: values.input,
        createdBy: values.userId,
        claimedBy: instance,
      });
      void kick();
      return toJob(row);
    },

    /** Waits for a job of this instance to end; throws the error that ended it. */
    async settle(jobId: string): Promise<JobRow> {
      for (;;) {
        const entry = live.get(jobId);
        if (entry) {
          await entry.done;
          if (entry.error) throw entry.error;
        }
        const row = await jobs.findJobById(db, jobId);
        if (!row) throw new AppError('job.error.notFound');
        if (!['queued', 'running', 'waiting'].includes(row.state)) {
          if (row.state === 'done') return row;
          throw new AppError((row.error?.code ?? 'common.error.generic') as never, row.error?.details);
        }
        if (!live.has(jobId)) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async get(userId: string, jobId: string): Promise<Job> {
      return toJob(await ownJob(userId, jobId));
    },

    async list(userId: string): Promise<Job[]> {
      return (await jobs.listJobsOf(db, userId, 5)).map(toJob);
    },

    /** The user confirms a job that waits with its preview: it goes on to write. */
    async confirm(userId: string, jobId: string): Promise<Job> {
      await ownJob(userId, jobId);
      if (!(await jobs.confirmJob(db, jobId, userId))) throw new AppError('job.error.notWaiting');
      live.get(jobId)?.confirmed?.();
      return toJob(await ownJob(userId, jobId));
    },

    /** Cancels an active job of the user (a finished one stays as it ended). */
    async cancel(userId: string, jobId: string): Promise<Job> {
      const entry = live.get(jobId);
      const row = await ownJob(userId, jobId);
      if (entry) {
        entry.controller.abort(new AppError('job.error.cancelled'));
        await entry.done;
      }
      if (await jobs.endJob(db, jobId, 'cancelled', { code: 'job.error.cancelled' }, userId)) {
        await handlers
          .get(row.kind)
          ?.cleanup(row.input, { id: row.id, treeId: row.treeId })
          .catch(() => undefined);
      }
      return toJob(await ownJob(userId, jobId));
    },

    /** For tests: one sweep with this staleness. */
    sweep,
  };
}

export type JobService = ReturnType<typeof createJobService>;
