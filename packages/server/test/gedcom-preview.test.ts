import { readFileSync } from 'node:fs';
import type { Job } from '@anor/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, subscription } from '../src/db/schema.ts';
import { type ErrorBody, signUp, type TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The import's preview (issue 20 item 1): the encoding chosen and why, the names holding non-ASCII
 * letters as they would be stored, and another encoding picked by the user, which changes the
 * preview and is the one the tree is written in. The file: Croatian names in CP852 under a header
 * that says CHAR ANSEL (packages/gedcom/test/letters/made), "Marin Držić" of the issue.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ gedcomMaxBytes: 16 * 1024 * 1024 });
});
afterAll(() => t.close());

const cp852 = new Uint8Array(readFileSync(new URL('../../gedcom/test/letters/made/cp852-ansel.ged', import.meta.url)));

async function waitingImport(client: TestClient, userId: string, body: Uint8Array | object): Promise<Job> {
  const started = await client.request<Job>(
    'POST',
    `/api/user/${userId}/tree/gedcom?treeName=Dubrovnik&preview=true`,
    body,
    { prefer: 'respond-async' },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(client, userId, started.body.id, (job) => job.state !== 'queued' && job.state !== 'running');
}

async function until(client: TestClient, userId: string, jobId: string, done: (job: Job) => boolean): Promise<Job> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await client.get<Job>(`/api/user/${userId}/job/${jobId}`)).body;
    if (done(job) || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the import preview and its encoding', () => {
  it('says which encoding and why, shows the names as stored, and reads the file again in a picked encoding', async () => {
    const owner = await signUp(t.app);
    const userId = owner.user.id;
    const waiting = await waitingImport(owner.client, userId, cp852);
    expect(waiting.state).toBe('waiting');
    expect(waiting.preview?.file).toMatchObject({ encoding: 'CP852', declared: 'ANSEL' });
    expect(waiting.preview?.reading).toMatchObject({
      reason: 'letters',
      example: { word: 'Držić', otherEncoding: 'ANSEL' },
      choosable: true,
    });
    expect(waiting.preview?.reading?.ranked[0]).toBe('CP852');
    expect(waiting.preview?.names?.count).toBe(12);
    expect(waiting.preview?.names?.sample).toContain('Marin Držić');

    // Another user cannot change it; a made-up encoding is refused; neither changes the preview.
    const other = await signUp(t.app);
    const denied = await other.client.post<ErrorBody>(`/api/user/${other.user.id}/job/${waiting.id}/encoding`, {
      encoding: 'CP1250',
    });
    expect([denied.status, denied.body.error.code]).toEqual([404, 'job.error.notFound']);
    const bad = await owner.client.post<ErrorBody>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'KLINGON',
    });
    expect(bad.status).toBe(400);
    // An encoding in which the bytes are no GEDCOM at all is refused, the preview kept.
    const garbage = await owner.client.post<ErrorBody>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'UTF-16LE',
    });
    expect([garbage.status, garbage.body.error.code]).toEqual([422, 'gedcom.error.unreadable']);
    const unchanged = await until(owner.client, userId, waiting.id, () => true);
    expect(unchanged.preview?.file.encoding).toBe('CP852');
    expect(unchanged.preview?.names?.sample).toContain('Marin Držić');

    // The user picks Windows-1250: the preview shows what that would store.
    const picked = await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'CP1250',
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.state).toBe('waiting');
    expect(picked.body.preview?.file.encoding).toBe('CP1250');
    expect(picked.body.preview?.reading).toMatchObject({ reason: 'chosen', example: null });
    expect(picked.body.preview?.names?.sample).toContain('Marin Dr§i†');
    expect(picked.body.preview?.counts.persons).toBe(18);

    // And back to CP852, which is what gets written on confirmation.
    const back = await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/encoding`, { encoding: 'CP852' });
    expect(back.body.preview?.names?.sample).toContain('Marin Držić');
    const confirmed = await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/confirm`);
    expect(confirmed.status).toBe(200);
    const done = await until(owner.client, userId, waiting.id, (job) => job.state !== 'running');
    expect(done.state, JSON.stringify(done.error)).toBe('done');
    expect(done.result?.file.encoding).toBe('CP852');
    const surnames = await t.database.db
      .select({ lName: person.lName })
      .from(person)
      .where(eq(person.treeId, waiting.treeId));
    expect(surnames.map((row) => row.lName)).toContain('Držić');

    // A job that no longer waits has no encoding to pick.
    const late = await owner.client.post<ErrorBody>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'CP1250',
    });
    expect([late.status, late.body.error.code]).toEqual([409, 'job.error.notWaiting']);
  }, 120_000);

  it('writes the tree in the encoding picked in the preview, not the detected one', async () => {
    const owner = await signUp(t.app);
    const userId = owner.user.id;
    const waiting = await waitingImport(owner.client, userId, cp852);
    const picked = await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'CP1250',
    });
    expect(picked.status).toBe(200);
    await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/confirm`);
    const done = await until(owner.client, userId, waiting.id, (job) => job.state !== 'running');
    expect([done.state, done.result?.file.encoding]).toEqual(['done', 'CP1250']);
    const surnames = await t.database.db
      .select({ lName: person.lName })
      .from(person)
      .where(eq(person.treeId, waiting.treeId));
    expect(surnames.map((row) => row.lName)).toContain('Dr§i†');
    expect(surnames.map((row) => row.lName)).not.toContain('Držić');
  }, 120_000);

  it('refuses another encoding for a file that came as text', async () => {
    const owner = await signUp(t.app);
    const userId = owner.user.id;
    const text = new TextDecoder().decode(
      readFileSync(new URL('../../gedcom/test/letters/made/source/cp852-ansel.utf8.ged', import.meta.url)),
    );
    const waiting = await waitingImport(owner.client, userId, { gedcomString: text });
    expect(waiting.state).toBe('waiting');
    expect(waiting.preview?.names?.sample).toContain('Marin Držić');
    const refused = await owner.client.post<ErrorBody>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'CP1250',
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'gedcom.error.encodingFixed']);
    await owner.client.post(`/api/user/${userId}/job/${waiting.id}/cancel`);
  }, 120_000);

  it('previews a file over 8 MB from its first part, and streams it in the encoding picked there', async () => {
    const owner = await signUp(t.app);
    const userId = owner.user.id;
    await t.database.db
      .insert(subscription)
      .values({ userId, plan: 'yearly', validUntil: new Date(Date.now() + 86_400_000) });
    // The CP852 file with a note of 9 MB of plain text before its trailer.
    const body = cp852.subarray(0, cp852.length - '0 TRLR\r\n'.length);
    const line = `1 CONT ${'x'.repeat(200)}\r\n`;
    const note = `0 @N1@ NOTE padding\r\n${line.repeat(Math.ceil((9 * 1024 * 1024) / line.length))}0 TRLR\r\n`;
    const large = new Uint8Array([...body, ...new TextEncoder().encode(note)]);
    expect(large.byteLength).toBeGreaterThan(8 * 1024 * 1024);

    const waiting = await waitingImport(owner.client, userId, large);
    expect(waiting.state, JSON.stringify(waiting.error)).toBe('waiting');
    expect(waiting.preview?.partial).toBe(true);
    expect(waiting.preview?.file).toMatchObject({ encoding: 'CP852', bytes: large.byteLength });
    expect(waiting.preview?.reading?.reason).toBe('letters');
    expect(waiting.preview?.names?.sample).toContain('Marin Držić');
    expect(waiting.preview?.counts.persons).toBe(18);

    const picked = await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/encoding`, {
      encoding: 'CP1250',
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.preview?.partial).toBe(true);
    expect(picked.body.preview?.names?.sample).toContain('Marin Dr§i†');

    await owner.client.post<Job>(`/api/user/${userId}/job/${waiting.id}/confirm`);
    const done = await until(owner.client, userId, waiting.id, (job) => job.state !== 'running');
    expect([done.state, done.result?.file.encoding]).toEqual(['done', 'CP1250']);
    const surnames = await t.database.db
      .select({ lName: person.lName })
      .from(person)
      .where(eq(person.treeId, waiting.treeId));
    expect(surnames.map((row) => row.lName)).toContain('Dr§i†');
  }, 180_000);
});
