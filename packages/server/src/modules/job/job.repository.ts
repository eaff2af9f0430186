import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { job } from '../../db/schema.ts';

/** All SQL of the job table (issue 20). A job is claimed and failed with `FOR UPDATE SKIP LOCKED`. */

export type JobRow = typeof job.$inferSelect;
export type NewJob = Pick<JobRow, 'id' | 'treeId' | 'kind' | 'input' | 'createdBy'> & { claimedBy: string | null };

const active = ['queued', 'running', 'waiting'];

export async function insertJob(db: Db, values: NewJob): Promise<JobRow> {
  const [row] = await db
    .insert(job)
    .values({ ...values, state: 'queued', phase: null, progress: 0 })
    .returning();
  return row as JobRow;
}

/** A job of this user, or undefined: another user's job is as unknown as no job. */
export async function findJobOf(db: Db, createdBy: string, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(job)
    .where(and(eq(job.id, id), eq(job.createdBy, createdBy)));
  return row;
}

/** The user's active jobs and the last few finished ones, newest first. */
export async function listJobsOf(db: Db, createdBy: string, finishedToo: number): Promise<JobRow[]> {
  const rows = await db
    .select()
    .from(job)
    .where(
      and(
        eq(job.createdBy, createdBy),
        or(inArray(job.state, active), sql`${job.finishedAt} > now() - interval '1 day'`),
      ),
    )
    .orderBy(desc(job.createdAt))
    .limit(50);
  let finished = 0;
  return rows.filter((row) => active.includes(row.state) || finished++ < finishedToo);
}

/**
 * Claims the oldest queued job this instance may run (one not pinned to another instance: an
 * upload's file is on the disk of the instance that took it), marking it running. Another instance
 * claiming at the same time skips the locked row.
 */
export async function claimNextJob(db: Db, instance: string): Promise<JobRow | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update job set state = 'running', claimed_by = ${instance}, heartbeat = now(), started_at = now(),
          updated_at = now()
        where id = (select id from job
                    where state = 'queued' and (claimed_by is null or claimed_by = ${instance})
                    order by created_at limit 1 for update skip locked)
        returning id`,
  );
  const id = rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(job).where(eq(job.id, id));
  return row;
}

/**
 * The running instance's sign of life, with what the job is doing. Answers the job's state, or
 * undefined when it is no longer active (cancelled or failed elsewhere): the runner then stops.
 */
export async function beat(
  db: Db,
  id: string,
  values: { phase: string | null; progress: number; state?: 'running' | 'waiting' },
): Promise<string | undefined> {
  const rows = await queryRows<{ state: string }>(
    db,
    sql`update job set heartbeat = now(), updated_at = now(), phase = ${values.phase}, progress = ${values.progress},
          state = coalesce(${values.state ?? null}::text, state)
        where id = ${id} and state in ('running', 'waiting')
        returning state`,
  );
  return rows[0]?.state;
}

/**
 * Marks a running job done with its result: inside the job's own transaction, so the work and the
 * job's end commit together. False when the job is no longer running (cancelled or failed
 * meanwhile): the caller must then roll back.
 */
export async function finishJob(db: Db, id: string, result: Record<string, unknown>): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update job set state = 'done', phase = null, progress = 100, result = ${JSON.stringify(result)}::jsonb,
          finished_at = now(), updated_at = now(), heartbeat = now()
        where id = ${id} and state = 'running'
        returning id`,
  );
  return rows.length === 1;
}

/** Ends an active job as failed or cancelled; false when it had already ended. */
export async function endJob(
  db: Db,
  id: string,
  state: 'failed' | 'cancelled',
  error: { code: string; details?: unknown },
  createdBy?: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update job set state = ${state}, error = ${JSON.stringify(error)}::jsonb, finished_at = now(),
          updated_at = now()
        where id = ${id} and state in ('queued', 'running', 'waiting')
          ${createdBy === undefined ? sql`` : sql`and created_by = ${createdBy}`}
        returning id`,
  );
  return rows.length === 1;
}

/**
 * The sign of life of the jobs queued on this instance (waiting for their turn behind a long one):
 * without it another instance's sweep, or this one's, would take them for a stopped server's.
 */
export async function touchQueued(db: Db, instance: string): Promise<void> {
  await db.execute(sql`update job set heartbeat = now() where claimed_by = ${instance} and state = 'queued'`);
}

/**
 * Fails the active jobs whose heartbeat is older than `staleMs` (their server stopped), except
 * `mine` (this instance's own, alive). Rows another instance is updating are skipped. Answers the
 * failed jobs' ids and inputs (their spool files are then removed).
 */
export async function failStaleJobs(
  db: Db,
  staleMs: number,
  mine: readonly string[],
): Promise<{ id: string; treeId: string; input: Record<string, unknown> }[]> {
  const ids = mine.length > 0 ? mine : ['00000000-0000-0000-0000-000000000000'];
  return queryRows<{ id: string; treeId: string; input: Record<string, unknown> }>(
    db,
    sql`update job set state = 'failed', error = '{"code":"job.error.interrupted"}'::jsonb, finished_at = now(),
          updated_at = now()
        where id in (select id from job
                     where state in ('queued', 'running', 'waiting')
                       and heartbeat < now() - make_interval(secs => ${staleMs / 1000})
                       and id not in (${sql.join(
                         ids.map((id) => sql`${id}::uuid`),
                         sql`, `,
                       )})
                     for update skip locked)
        returning id, tree_id as "treeId", input`,
  );
}

/** The inputs of every active job (to keep their spool files). */
export async function activeJobInputs(db: Db): Promise<Record<string, unknown>[]> {
  const rows = await db.select({ input: job.input }).from(job).where(inArray(job.state, active));
  return rows.map((row) => row.input);
}

export async function findJobById(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(job).where(eq(job.id, id));
  return row;
}

/** A running job stops for the user's confirmation, with what it found (kept in `result` while it waits). */
export async function setWaiting(db: Db, id: string, preview: Record<string, unknown>): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update job set state = 'waiting', phase = 'waiting', result = ${JSON.stringify({ preview })}::jsonb,
          heartbeat = now(), updated_at = now()
        where id = ${id} and state = 'running'
        returning id`,
  );
  return rows.length === 1;
}

/** The user confirms a waiting job: it runs on. False when it was not waiting. */
export async function confirmJob(db: Db, id: string, createdBy: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update job set state = 'running', phase = 'writing', result = null, heartbeat = now(), updated_at = now()
        where id = ${id} and created_by = ${createdBy} and state = 'waiting'
        returning id`,
  );
  return rows.length === 1;
}
