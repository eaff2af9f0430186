import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health checks (issue 17)', () => {
  it('GET /healthz answers 200 without the database, a session or a cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });

  it('GET /readyz answers 200 when the database answers and has every migration, else 503 with the code', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['set-cookie']).toBeUndefined();

    // A database whose newest migration is missing (an older schema than this code) is not ready.
    const db = t.database.db;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!newest) throw new Error('no migrations');
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const stale = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'sv' } });
      expect(stale.statusCode).toBe(503);
      expect(stale.json().error).toMatchObject({ code: 'common.error.unavailable', details: { reason: 'migrations' } });
      expect(stale.json().error.message).not.toBe('common.error.unavailable');
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('are outside /api and described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(t.app.routeTable).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/healthz', access: 'read', proposable: false },
        { method: 'GET', url: '/readyz', access: 'read', proposable: false },
      ]),
    );
  });

  it('GET /readyz also asks the Redis of REDIS_URL when one is set: 503 reason redis when it does not answer', async () => {
    // Nothing listens on port 1: Redis is configured but unreachable.
    const down = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' }, { database: t.database });
    try {
      const answer = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error).toMatchObject({ code: 'common.error.unavailable', details: { reason: 'redis' } });
      // Liveness does not ask Redis.
      expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) return;
    const up = await createTestApp({ redisUrl }, { database: t.database });
    try {
      expect((await up.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    } finally {
      await up.close();
    }
  });
});
