import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServerProcess } from './support/server-process.ts';
import {
  adminQuery,
  randomDatabaseName,
  testDatabaseKind,
  testDatabaseUrl,
  withDatabase,
} from './support/test-database.ts';

let dataDir: string;
let databaseUrl = '';
let databaseName = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'anor-startup-'));
  if (testDatabaseKind() === 'postgres') {
    databaseName = randomDatabaseName('anor_startup');
    await adminQuery(`CREATE DATABASE ${databaseName}`);
    databaseUrl = withDatabase(testDatabaseUrl(), databaseName);
  }
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName}`);
});

const start = () => startServerProcess({ dataDir, databaseUrl });

describe('the server process', () => {
  it('starts, migrates idempotently, says where it runs and on which database, and stops cleanly on SIGTERM', async () => {
    const first = await start();
    expect(first.output()).toContain(`Anor is running at ${first.url}`);
    expect(first.output()).toContain(testDatabaseKind() === 'postgres' ? 'PostgreSQL at' : 'embedded PGlite in');
    const session = await fetch(`${first.url}/api/auth/session`);
    expect(await session.json()).toEqual({ user: null });
    const registered = await fetch(`${first.url}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fName: 'Ingrid', email: 'ingrid@example.com', password: 'survives restarts' }),
    });
    expect(registered.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database closed');

    // A second start finds the schema up to date and the data intact.
    const second = await start();
    const signIn = await fetch(`${second.url}/api/auth/signin/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ingrid@example.com', password: 'survives restarts' }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 400_000);

  it('runs from its build (npm start) on plain node, without tsx', async () => {
    const build = await buildServer();
    try {
      // A loaded machine takes minutes for a first start; this is the data's second.
      const server = await startServerProcess({ dataDir, databaseUrl, built: build.main, startTimeoutMs: 180_000 });
      expect(server.output()).toContain(`Anor is running at ${server.url}`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Its migrations were found from the bundle's place: the schema is current.
      expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
      const registered = await fetch(`${server.url}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fName: 'Byggd', email: 'built@example.com', password: 'runs on plain node' }),
      });
      expect(registered.status).toBe(201);
      // The workspace packages are in the bundle: a translated error comes from @anor/core.
      const missing = await fetch(`${server.url}/api/nothing-here`, { headers: { 'accept-language': 'sv' } });
      expect((await missing.json()).error.message).not.toBe('common.error.notFound');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await build.remove();
    }
  }, 300_000);
});
