import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, contactMessage, person, subscription, tree, user, verification } from '../src/db/schema.ts';
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

async function snapshot(): Promise<string> {
  const db = t.database.db;
  const tables = await Promise.all([
    db.select().from(user).orderBy(user.id),
    db.select().from(account).orderBy(account.id),
    db.select().from(verification).orderBy(verification.id),
    db.select().from(subscription).orderBy(subscription.userId),
    db.select().from(contactMessage).orderBy(contactMessage.id),
    db.select().from(tree).orderBy(tree.id),
    db.select().from(person).orderBy(person.treeId, person.id),
  ]);
  return JSON.stringify(tables);
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
          const before = await snapshot();
          const response = await owner.client.request(route.method as 'POST', url, body);
          requests += 1;
          const label = `${route.method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) {
            expect(await snapshot(), label).toBe(before);
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
