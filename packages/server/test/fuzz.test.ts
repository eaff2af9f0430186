import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Sends every API route of the route table malformed bodies, parameters and query strings, and
 * checks that none answers 500 and that a refused request leaves the database as it was.
 */
let t: TestApp;
let owner: { client: TestClient; userId: string; treeId: string; email: string; password: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  const created = await createTree(a.client, a.user.id, 'Fuzz target');
  owner = { client: a.client, userId: a.user.id, treeId: created.id, email: a.email, password: a.password };
});
afterAll(() => t.close());

/** A fingerprint of every table, computed in one statement by the database. */
async function snapshot(): Promise<string> {
  const fingerprint = (table: string) =>
    `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${table}" x)`;
  const tables = [
    'user',
    'account',
    'verification',
    'subscription',
    'contact_message',
    'tree',
    'person',
    'parent_child',
    'partner',
    'sibling_link',
    'location',
    'event',
    'event_participant',
    'repository',
    'source_record',
    'citation',
    'citation_link',
    'note',
    'note_link',
    'media_object',
  ];
  const rows = await queryRows<{ fingerprint: string }>(
    t.database.db,
    sql.raw(`select ${tables.map(fingerprint).join(" || ',' || ")} as fingerprint`),
  );
  return rows[0]?.fingerprint ?? '';
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

const hostileValues: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  'x'.repeat(100_000),
  "' OR 1=1; DROP TABLE tree; --",
  '<img src=x onerror=alert(1)>',
  '\u0000\uFFFF\uD800',
  [],
  [1, 'a', null],
  {},
  nested(200),
];

const malformedBodies: unknown[] = [
  ...hostileValues,
  '{"unterminated": ',
  { unknownField: 1 },
  { treeName: 1, name: [], email: {}, password: null, fName: true, text: 5, sender: [] },
  { treeName: nested(50), name: "'; DELETE FROM tree; --", email: 'a@b.c<script>', password: 'x'.repeat(10_000) },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
];

const hostileSegments = ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', "'%20OR%201=1", '%00', 'x'.repeat(2000), '%E0%A4%A'];

function fill(url: string, segment: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => segment(name)).replace('*', 'anything');
}

describe('fuzzing every API route', () => {
  it('has a fingerprint that sees a change', async () => {
    const before = await snapshot();
    await owner.client.put(`/api/${owner.treeId}/tree/name`, { name: 'Fuzz target renamed' });
    expect(await snapshot()).not.toBe(before);
    await owner.client.put(`/api/${owner.treeId}/tree/name`, { name: 'Fuzz target' });
  });

  it('never answers 500 and changes nothing when it refuses', async () => {
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(15);
    const realIds = (name: string) =>
      name === 'userId' ? owner.userId : name === 'email' ? 'x%40example.com' : owner.treeId;
    let requests = 0;
    for (const route of routes) {
      const urls = [
        fill(route.url, realIds),
        ...hostileSegments.map((segment) => fill(route.url, () => segment)),
        `${fill(route.url, realIds)}?callbackUrl=%2F%2Fevil.example&error=%3Cscript%3E&x[]=1&x[a]=2`,
      ];
      const bodies = route.method === 'GET' ? [undefined] : malformedBodies;
      for (const url of urls) {
        for (const body of bodies) {
          // Reads cannot change data: only writes are fingerprinted before and after.
          const isWrite = route.method !== 'GET';
          const before = isWrite ? await snapshot() : '';
          const response = await owner.client.request(route.method as 'POST', url, body);
          requests += 1;
          const label = `${route.method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            if (isWrite) expect(await snapshot(), label).toBe(before);
            expect(response.body, label).toMatchObject({ error: { code: expect.any(String) } });
          }
        }
      }
    }
    // The owner still has their account and their tree (the sign-out routes may have ended the session).
    const again = new TestClient(t.app);
    const signIn = await again.post<{ treeIds: string[] }>('/api/auth/signin/credentials', {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.body.treeIds).toEqual([owner.treeId]);
    expect(requests).toBeGreaterThan(500);
  }, 300_000);
});
