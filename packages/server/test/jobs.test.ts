import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Job, JobList } from '@anor/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { job, person, subscription, tree } from '../src/db/schema.ts';
import { exportTreeParts } from '../src/modules/gedcom/gedcom.export.ts';
import { type ErrorBody, signUp, type TestClient } from './support/client.ts';
import { generatedGedcom } from './support/generated-gedcom.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * GEDCOM imports as jobs (issue 20): the upload answers at once with a job; the job tells its
 * phase and a real percentage; a cancelled job and one whose server stopped leave nothing behind
 * (no tree, no rows, no spool file); only the user who started a job sees or cancels it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ gedcomMaxBytes: 16 * 1024 * 1024 });
});
afterAll(() => t.close());

const async = { prefer: 'respond-async' };

async function newUser(options: { paid?: boolean } = {}): Promise<{ client: TestClient; userId: string }> {
  const a = await signUp(t.app);
  if (options.paid) {
    await t.database.db
      .insert(subscription)
      .values({ userId: a.user.id, plan: 'yearly', validUntil: new Date(Date.now() + 86_400_000) });
  }
  return { client: a.client, userId: a.user.id };
}

function startImport(client: TestClient, userId: string, bytes: Uint8Array, treeName: string) {
  return client.request<Job>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=${encodeURIComponent(treeName)}`,
    bytes,
    async,
  );
}

async function jobOf(client: TestClient, userId: string, jobId: string): Promise<Job> {
  const response = await client.get<Job>(`/api/user/${userId}/job/${jobId}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Asks for the job until `until` holds for it; answers every state seen on the way. */
async function follow(client: TestClient, userId: string, jobId: string, until: (job: Job) => boolean) {
  const seen: Job[] = [];
  const deadline = Date.now() + 540_000;
  while (Date.now() < deadline) {
    const current = await jobOf(client, userId, jobId);
    seen.push(current);
    if (until(current)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the job never got there: ${JSON.stringify(seen.at(-1))}`);
}

const ended = (each: Job) => ['done', 'failed', 'cancelled'].includes(each.state);

/** The spool files left, once the job's end has removed its own (just after the job is seen done). */
async function spoolFiles(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'spool');
  const deadline = Date.now() + 5_000;
  for (;;) {
    const files = existsSync(dir) ? await readdir(dir) : [];
    if (files.length === 0 || Date.now() > deadline) return files;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rowsOfTree(treeId: string) {
  const trees = await t.database.db.select({ id: tree.id }).from(tree).where(eq(tree.id, treeId));
  const persons = await t.database.db.select({ id: person.id }).from(person).where(eq(person.treeId, treeId));
  return { trees: trees.length, persons: persons.length };
}

describe('GEDCOM import as a job', () => {
  it('answers 202 with the job at once, reports phases and a rising percentage, and ends with the report', async () => {
    const owner = await newUser({ paid: true });
    const file = generatedGedcom(6_000, { surname: 'Jobbsson' });
    const started = await startImport(owner.client, owner.userId, file, 'Som jobb');
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(['queued', 'running']).toContain(started.body.state);
    expect(started.body).toMatchObject({ kind: 'gedcomImport', treeName: 'Som jobb', bytes: file.byteLength });

    const seen = await follow(owner.client, owner.userId, started.body.id, ended);
    const last = seen.at(-1) as Job;
    expect(last.state, JSON.stringify(last.error)).toBe('done');
    expect(last.progress).toBe(100);
    expect(last.result?.created.persons).toBe(6_000);
    expect(last.result?.tree.id).toBe(started.body.treeId);
    expect(await rowsOfTree(started.body.treeId)).toEqual({ trees: 1, persons: 6_000 });
    // On the way: the reading phase with a share of the file between nothing and all, never going back.
    const running = seen.filter((each) => each.state === 'running');
    expect(running.some((each) => each.phase === 'reading' && each.progress > 0 && each.progress < 100)).toBe(true);
    const percentages = seen.map((each) => each.progress);
    expect(percentages).toEqual([...percentages].sort((x, y) => x - y));
    expect(running.some((each) => each.remainingMs !== null && each.remainingMs > 0)).toBe(true);

    const list = await owner.client.get<JobList>(`/api/user/${owner.userId}/job`);
    expect(list.status).toBe(200);
    expect(list.body.jobs.map((each) => [each.id, each.state])).toContainEqual([started.body.id, 'done']);
    expect(await spoolFiles()).toEqual([]);

    // The export streams the file a thousand records at a time: never the whole text in memory.
    const parts = [...(await exportTreeParts(t.database.db, started.body.treeId, '5.5.1')).parts];
    expect(parts.length).toBeGreaterThan(8);
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(parts.join('').length / 4);
    const exported = await owner.client.get<string>(`/api/${started.body.treeId}/gedcom?version=5.5.1`);
    expect(exported.status).toBe(200);
    expect(exported.body).toBe(parts.join(''));
    expect(exported.body.match(/^0 @[^@]+@ INDI/gm)?.length).toBe(6_000);
  }, 180_000);

  it('answers polls while it writes (one connection on PGlite), its percentage moving through the writing phase', async () => {
    const owner = await newUser({ paid: true });
    // About 3 MB: read into memory, checked, then written in some 25 chunks of 4,000 rows.
    const started = await startImport(
      owner.client,
      owner.userId,
      generatedGedcom(12_000, { surname: 'Skrivsson' }),
      'Skrivs',
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const seen = await follow(owner.client, owner.userId, started.body.id, ended);
    expect(seen.at(-1)?.state, JSON.stringify(seen.at(-1)?.error)).toBe('done');
    // Polls were answered during the write, each with a higher percentage: not 0, then 100.
    const writing = seen.filter((each) => each.state === 'running' && each.phase === 'writing');
    const during = new Set(writing.map((each) => each.progress).filter((p) => p > 45 && p < 95));
    expect(during.size, JSON.stringify(seen.map((each) => [each.phase, each.progress]))).toBeGreaterThanOrEqual(3);
    expect(writing.some((each) => each.remainingMs !== null && each.remainingMs > 0)).toBe(true);
    expect(await rowsOfTree(started.body.treeId)).toEqual({ trees: 1, persons: 12_000 });
  }, 600_000);

  it('hides a tree being written, and a cancel during the write leaves nothing of what was committed', async () => {
    const owner = await newUser({ paid: true });
    // About 9 MB: written while it is read from the spool file, a chunk at a time.
    const started = await startImport(
      owner.client,
      owner.userId,
      generatedGedcom(40_000, { surname: 'Halvsson' }),
      'Halv',
    );
    expect(started.status).toBe(202);
    const treeId = started.body.treeId;
    await follow(
      owner.client,
      owner.userId,
      started.body.id,
      (each) => ended(each) || (each.phase === 'writing' && each.progress > 15),
    );
    // Some chunks are committed, but the tree is neither listed nor open to its owner until the job is done.
    expect((await rowsOfTree(treeId)).persons).toBeGreaterThan(0);
    const list = await owner.client.get<{ id: string }[]>(`/api/user/${owner.userId}/tree`);
    expect(list.status).toBe(200);
    expect(list.body.map((each) => each.id)).not.toContain(treeId);
    const opened = await owner.client.get<ErrorBody>(`/api/${treeId}/tree`);
    expect(opened.status).toBe(404);

    const cancelled = await owner.client.post<Job>(`/api/user/${owner.userId}/job/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(await rowsOfTree(treeId)).toEqual({ trees: 0, persons: 0 });
    expect(await spoolFiles()).toEqual([]);
  }, 600_000);

  it('answers the waiting client 201 with the report, as before jobs', async () => {
    const owner = await newUser();
    const response = await owner.client.post<{ created: { persons: number } }>(
      `/api/user/${owner.userId}/tree/gedcom`,
      generatedGedcom(3, { surname: 'Väntsson' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.created.persons).toBe(3);
    const list = await owner.client.get<JobList>(`/api/user/${owner.userId}/job`);
    expect(list.body.jobs.map((each) => each.state)).toEqual(['done']);
  });

  it('leaves nothing behind when cancelled: no tree, no rows, no spool file', async () => {
    const owner = await newUser({ paid: true });
    const started = await startImport(
      owner.client,
      owner.userId,
      generatedGedcom(30_000, { surname: 'Avbrytsson' }),
      'Avbruten',
    );
    expect(started.status).toBe(202);
    await follow(owner.client, owner.userId, started.body.id, (each) => each.phase === 'reading' && each.progress > 0);
    const cancelled = await owner.client.post<Job>(`/api/user/${owner.userId}/job/${started.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(cancelled.body.error?.code).toBe('job.error.cancelled');
    const after = await jobOf(owner.client, owner.userId, started.body.id);
    expect(after.state).toBe('cancelled');
    expect(await rowsOfTree(started.body.treeId)).toEqual({ trees: 0, persons: 0 });
    expect(await spoolFiles()).toEqual([]);
    // Cancelling again changes nothing.
    const again = await owner.client.post<Job>(`/api/user/${owner.userId}/job/${started.body.id}/cancel`);
    expect(again.body.state).toBe('cancelled');
  }, 180_000);

  it('waits with a preview before writing anything, then writes on confirmation; a waiting job can be cancelled', async () => {
    const owner = await newUser({ paid: true });
    const file = generatedGedcom(90, { surname: 'Förhandsson' });
    const url = `/api/user/${owner.userId}/tree/gedcom?treeName=F%C3%B6rhand&preview=true`;
    const started = await owner.client.request<Job>('POST', url, file, async);
    expect(started.status).toBe(202);
    const waiting = (
      await follow(
        owner.client,
        owner.userId,
        started.body.id,
        (each) => each.state !== 'queued' && each.state !== 'running',
      )
    ).at(-1) as Job;
    expect([waiting.state, waiting.phase]).toEqual(['waiting', 'waiting']);
    expect(waiting.preview?.counts.persons).toBe(90);
    expect(waiting.preview?.file).toMatchObject({ bytes: file.byteLength, encoding: 'UTF-8', version: '5.5.1' });
    expect(await rowsOfTree(started.body.treeId)).toEqual({ trees: 0, persons: 0 });

    const confirmed = await owner.client.post<Job>(`/api/user/${owner.userId}/job/${started.body.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const done = (await follow(owner.client, owner.userId, started.body.id, ended)).at(-1) as Job;
    expect([done.state, done.result?.created.persons]).toEqual(['done', 90]);
    expect(await rowsOfTree(started.body.treeId)).toEqual({ trees: 1, persons: 90 });
    const again = await owner.client.post<ErrorBody>(`/api/user/${owner.userId}/job/${started.body.id}/confirm`);
    expect([again.status, again.body.error.code]).toEqual([409, 'job.error.notWaiting']);

    // A second file, cancelled while it waits: nothing of it is kept.
    const second = await owner.client.request<Job>('POST', url, file, async);
    await follow(owner.client, owner.userId, second.body.id, (each) => each.state === 'waiting');
    const cancelled = await owner.client.post<Job>(`/api/user/${owner.userId}/job/${second.body.id}/cancel`);
    expect(cancelled.body.state).toBe('cancelled');
    expect(await rowsOfTree(second.body.treeId)).toEqual({ trees: 0, persons: 0 });
    expect(await spoolFiles()).toEqual([]);
  }, 120_000);

  it('fails a job whose heartbeat stopped, keeps nothing of it and removes its spool file', async () => {
    const owner = await newUser({ paid: true });
    const spool = path.join(t.dataDir, 'spool');
    await mkdir(spool, { recursive: true });
    const file = path.join(spool, `${randomUUID()}.ged`);
    await writeFile(file, generatedGedcom(10, { surname: 'Tystsson' }));
    const id = randomUUID();
    const treeId = randomUUID();
    // A job another server claimed and was writing when it stopped: its last heartbeat is old.
    await t.database.db.insert(job).values({
      id,
      treeId,
      kind: 'gedcomImport',
      state: 'running',
      phase: 'writing',
      progress: 40,
      input: { path: file, bytes: 100, text: false, treeName: 'Tyst', language: 'sv' },
      claimedBy: 'a-stopped-server',
      createdBy: owner.userId,
      heartbeat: new Date(Date.now() - 10 * 60_000),
    });
    // A job with a fresh heartbeat (its server is alive) is left alone.
    const alive = randomUUID();
    await t.database.db.insert(job).values({
      id: alive,
      treeId: randomUUID(),
      kind: 'gedcomImport',
      state: 'running',
      phase: 'writing',
      progress: 40,
      input: { path: path.join(spool, 'elsewhere.ged'), bytes: 100, text: false, treeName: 'Lever', language: 'sv' },
      claimedBy: 'a-live-server',
      createdBy: owner.userId,
    });
    // It had committed some chunks of its tree (hidden until its end).
    await t.database.db
      .insert(tree)
      .values({ id: treeId, ownerId: owner.userId, name: 'Tyst', nameKey: 'tyst', importJob: id });
    await t.database.db.insert(person).values({ treeId, id: randomUUID(), sortKey: 'a' });
    expect(await rowsOfTree(treeId)).toEqual({ trees: 1, persons: 1 });
    await t.app.anor.jobs.sweep(t.app.anor.config.jobStaleMs);
    const failed = await jobOf(owner.client, owner.userId, id);
    expect([failed.state, failed.error?.code]).toEqual(['failed', 'job.error.interrupted']);
    expect(existsSync(file)).toBe(false);
    expect(await rowsOfTree(treeId)).toEqual({ trees: 0, persons: 0 });
    expect((await jobOf(owner.client, owner.userId, alive)).state).toBe('running');
    // The alive one ends as its server would have it (cancelled), so it does not linger.
    await t.database.db.update(job).set({ state: 'cancelled' }).where(eq(job.id, alive));
  });

  it('claims a queued job once, whoever asks at the same time (FOR UPDATE SKIP LOCKED)', async () => {
    const owner = await newUser();
    const id = randomUUID();
    await t.database.db.insert(job).values({
      id,
      treeId: randomUUID(),
      kind: 'gedcomImport',
      state: 'queued',
      input: {},
      claimedBy: 'instance-x',
      createdBy: owner.userId,
    });
    const claim = (instance: string) =>
      queryRows<{ id: string }>(
        t.database.db,
        sql`update job set state = 'running', claimed_by = ${instance}
            where id = (select id from job where state = 'queued' and claimed_by = 'instance-x'
                        order by created_at limit 1 for update skip locked)
            returning id`,
      );
    const [first, second] = await Promise.all([claim('instance-x'), claim('instance-x')]);
    expect([...first, ...second].map((row) => row.id)).toEqual([id]);
    await t.database.db.update(job).set({ state: 'cancelled' }).where(eq(job.id, id));
  });

  it('shows a job to the user who started it only; nobody else may see or cancel it', async () => {
    const owner = await newUser({ paid: true });
    const other = await newUser({ paid: true });
    const started = await startImport(
      owner.client,
      owner.userId,
      generatedGedcom(300, { surname: 'Egensson' }),
      'Egen',
    );
    expect(started.status).toBe(202);
    const jobId = started.body.id;
    const code = (response: { body: unknown }) => (response.body as ErrorBody).error?.code;

    const asOther = await other.client.get(`/api/user/${other.userId}/job/${jobId}`);
    expect([asOther.status, code(asOther)]).toEqual([404, 'job.error.notFound']);
    const cancelByOther = await other.client.post(`/api/user/${other.userId}/job/${jobId}/cancel`);
    expect([cancelByOther.status, code(cancelByOther)]).toEqual([404, 'job.error.notFound']);
    const otherPath = await other.client.get(`/api/user/${owner.userId}/job/${jobId}`);
    expect(otherPath.status).toBe(403);
    const otherCancelPath = await other.client.post(`/api/user/${owner.userId}/job/${jobId}/cancel`);
    expect(otherCancelPath.status).toBe(403);
    const otherList = await other.client.get<JobList>(`/api/user/${other.userId}/job`);
    expect(otherList.body.jobs).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/user/${owner.userId}/job/${jobId}` });
    expect(anonymous.statusCode).toBe(401);

    const seen = await follow(owner.client, owner.userId, jobId, ended);
    expect(seen.at(-1)?.state).toBe('done');
  }, 120_000);
});
