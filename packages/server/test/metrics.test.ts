import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, signUp } from './support/client.ts';
import { generatedGedcom } from './support/generated-gedcom.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** GET /metrics (issue 25): off by default, open with METRICS=1, behind a bearer token with METRICS_TOKEN. */

let off: TestApp;
let open: TestApp;
let guarded: TestApp;
const token = 'a-long-random-metrics-token';

beforeAll(async () => {
  off = await createTestApp();
  open = await createTestApp({ metrics: { enabled: true, token: null } }, { database: off.database });
  guarded = await createTestApp({ metrics: { enabled: true, token } }, { database: off.database });
});
afterAll(async () => {
  await guarded.close();
  await open.close();
  await off.close();
});

/** The value of one sample of the exposition (`name{labels} value`), or null when it is not there. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not there unless METRICS or METRICS_TOKEN is set (a 404, not the web app’s page)', async () => {
    const answer = await off.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.code).toBe('common.error.notFound');
    expect(answer.body).not.toContain('nodejs_');
  });

  it('counts requests by route pattern and status, jobs by kind and outcome, and the process and database', async () => {
    const { client, user } = await signUp(open.app);
    const tree = await createTree(client, user.id, 'Mätträd');
    const person = await client.post<{ id: string }>(`/api/${tree.id}/person`, {
      person: { fName: 'Mätta', lName: 'Mätsson' },
    });
    expect(person.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await client.get(`/api/${tree.id}/person/${person.body.id}`)).status).toBe(200);
    expect((await client.get(`/api/${tree.id}/person/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await client.get('/api/no/such/route')).status).toBe(404);
    // An import (a job) by another user (a free account has one tree).
    const importer = await signUp(open.app);
    const imported = await importer.client.post(
      `/api/user/${importer.user.id}/tree/gedcom?treeName=Mätimport`,
      generatedGedcom(5, { surname: 'Mät' }),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);

    const answer = await open.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    const route = '/api/:treeId/person/:id';
    expect(sample(text, `anor_http_requests_total{method="GET",route="${route}",status="200"}`)).toBe(3);
    expect(sample(text, `anor_http_requests_total{method="GET",route="${route}",status="404"}`)).toBe(1);
    expect(sample(text, `anor_http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`)).toBe(
      3,
    );
    expect(sample(text, 'anor_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    // Patterns only: no id of a tree or person, no address as asked.
    expect(text).not.toContain(tree.id);
    expect(text).not.toContain(person.body.id);
    expect(text).not.toContain('/api/no/such/route');
    expect(sample(text, 'anor_jobs_total{kind="gedcomImport",outcome="done"}')).toBe(1);
    expect(sample(text, 'anor_job_duration_seconds_count{kind="gedcomImport",outcome="done"}')).toBe(1);
    expect(sample(text, 'anor_jobs_running{kind="gedcomImport"}')).toBe(0);
    // The event loop's delay, and the process's own.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    const kind = open.database.kind;
    expect(sample(text, `anor_database_info{kind="${kind}"}`)).toBe(1);
    if (kind === 'postgres') {
      const max = sample(text, 'anor_db_pool_connections{state="max"}') ?? 0;
      expect(max).toBeGreaterThan(0);
      // The pool is shared with the other apps of this file, and its use is the moment's.
      expect(sample(text, 'anor_db_pool_connections{state="open"}')).toBeLessThanOrEqual(max);
      expect(sample(text, 'anor_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    }
  });

  it('with METRICS_TOKEN answers only a request with the token, in the catalogue shape otherwise', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, `Bearer ${token}x`]) {
      const refused = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode, String(authorization)).toBe(403);
      expect(refused.json().error.code).toBe('auth.error.forbidden');
      expect(refused.body).not.toContain('anor_http_requests_total');
    }
    const answer = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    // The refused scrapes were counted too, under the pattern.
    expect(sample(answer.body, 'anor_http_requests_total{method="GET",route="/metrics",status="403"}')).toBe(4);
  });
});
