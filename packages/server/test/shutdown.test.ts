import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generatedGedcom } from './support/generated-gedcom.ts';
import { ServerClient } from './support/server-client.ts';
import { type ServerProcess, serverProcesses } from './support/server-process.ts';
import {
  adminQuery,
  randomDatabaseName,
  testDatabaseKind,
  testDatabaseUrl,
  withDatabase,
} from './support/test-database.ts';

/**
 * SIGTERM (issue 25): the real server (its build, as `npm start` runs it) in a child process stops taking new connections, answers the
 * request under way (whose write is kept), stops its running job (failed as interrupted, nothing of
 * it kept), closes the database and exits with 0.
 */

const kind = testDatabaseKind();
let dataDir: string;
let databaseUrl = '';
let databaseName = '';
const servers = serverProcesses();
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'anor-shutdown-'));
  if (kind === 'postgres') {
    databaseName = randomDatabaseName('anor_shutdown');
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    databaseUrl = withDatabase(testDatabaseUrl(), databaseName);
  }
});

afterAll(async () => {
  await servers.killAll();
  await rm(dataDir, { recursive: true, force: true });
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName}`);
});

function start(): Promise<ServerProcess> {
  return servers.start({
    dataDir,
    databaseUrl,
    env: { AUTH_SECRET: 'shutdown-test-secret-that-is-long-enough', DEMO_TREE: '0', SHUTDOWN_TIMEOUT_MS: '60000' },
    startTimeoutMs: 180_000,
    // The server as `npm start` runs it: the run's build (global set-up), on plain node.
    built: inject('builtServerMain'),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A POST whose body is sent in two parts: the request is under way between `begin` and `finish`. */
function slowPost(url: string, body: string) {
  const bytes = Buffer.from(body);
  const split = Math.floor(bytes.length / 2);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
  });
  request.write(bytes.subarray(0, split));
  request.flushHeaders();
  return { answer, finish: () => request.end(bytes.subarray(split)) };
}

describe(`SIGTERM (${kind})`, () => {
  it('answers the request under way, refuses new connections, stops the running job and exits 0', async () => {
    const client = new ServerClient(await start());
    const ownerId = await client.register({ fName: 'Stina', email: 'stina@example.com', password: 'stops cleanly' });
    // A running job: an import that waits with its preview for the user's confirmation.
    const file = generatedGedcom(10, { surname: 'Avslutsson' });
    const submitted = await fetch(`${client.server.url}/api/user/${ownerId}/tree/gedcom?preview=true`, {
      method: 'POST',
      headers: { cookie: client.cookie, prefer: 'respond-async', 'content-type': 'application/octet-stream' },
      body: Buffer.from(file),
    });
    expect(submitted.status).toBe(202);
    const job = (await submitted.json()) as { id: string };
    for (let waited = 0; ; waited += 50) {
      const { body } = await client.request<{ state: string; error: unknown }>(
        'GET',
        `/api/user/${ownerId}/job/${job.id}`,
      );
      if (body.state === 'waiting') break;
      if (waited > 60_000 || body.state === 'failed')
        throw new Error(`the job never waited for its confirmation: ${JSON.stringify(body)}`);
      await sleep(50);
    }

    // A registration under way: half its body sent.
    const inFlight = slowPost(
      `${client.server.url}/api/user`,
      JSON.stringify({ fName: 'Sent', email: 'late@example.com', password: 'arrives after SIGTERM' }),
    );
    await sleep(200);
    client.server.child.kill('SIGTERM');
    for (let waited = 0; !client.server.output().includes('shutting down'); waited += 20) {
      if (waited > 30_000) throw new Error(`no shutdown:\n${client.server.output()}`);
      await sleep(20);
    }
    // No new connections: the listening socket is closed (the request under way keeps its own).
    let refused = false;
    for (let tries = 0; tries < 250 && !refused; tries++) {
      refused = await fetch(`${client.server.url}/healthz`).then(
        () => false,
        () => true,
      );
      if (!refused) await sleep(20);
    }
    expect(refused, 'a new connection was still accepted after SIGTERM').toBe(true);
    expect(client.server.child.exitCode).toBeNull();

    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(await client.server.exited).toBe(0);
    expect(client.server.output()).toContain('database closed');

    // Started again on the same data: the late registration was kept, the job ended as interrupted
    // and nothing of it was kept.
    client.server = await start();
    const signIn = await fetch(`${client.server.url}/api/auth/signin/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com', password: 'arrives after SIGTERM' }),
    });
    expect(signIn.status).toBe(200);
    const ended = await client.request<{ state: string; error: { code: string } | null }>(
      'GET',
      `/api/user/${ownerId}/job/${job.id}`,
    );
    expect([ended.body.state, ended.body.error?.code]).toEqual(['failed', 'job.error.interrupted']);
    const trees = await client.request<unknown[]>('GET', `/api/user/${ownerId}/tree`);
    expect(trees.body).toEqual([]);
    client.server.child.kill('SIGTERM');
    expect(await client.server.exited).toBe(0);
  }, 600_000);
});
