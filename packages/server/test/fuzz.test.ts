import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { createTree, signUp, TestClient, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { generate, type Leaves, type Operation, operationOf } from './support/route-table.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Sends every API route of the route table malformed and hostile bodies, path parameters and query
 * strings (wrong types, huge strings, deep nesting, unknown fields, SQL and HTML fragments in every
 * position the route's schema has, invalid UTF-8), and checks that none answers 500, none takes
 * longer than a time bound (a hang fails), every refusal has a code, and a refused request leaves
 * the database as it was. Bodies and query strings are made from each route's schema in the
 * OpenAPI document, so a new route or field is fuzzed without a change here.
 */
let t: TestApp;
let owner: { client: TestClient; userId: string; treeId: string; email: string; password: string };
/** Real ids of each kind in the fuzzed tree, so that bodies get past the id checks to the services. */
const ids: Record<'person' | 'event' | 'location' | 'note' | 'citation' | 'record' | 'repository', string> = {
  person: '',
  event: '',
  location: '',
  note: '',
  citation: '',
  record: '',
  repository: '',
};

async function created<T>(response: Promise<TestResponse<T>>): Promise<T> {
  const answer = await response;
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  const tree = await createTree(a.client, a.user.id, 'Fuzz target');
  owner = { client: a.client, userId: a.user.id, treeId: tree.id, email: a.email, password: a.password };
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(a.client, tree.id);
  const anna = await family.create({ fName: 'Anna' }, undefined, true);
  await family.childOf(anna.id, { fName: 'Britta' });
  ids.person = anna.id;
  const event = await created(
    a.client.post<{ event: { id: string; location: { id: string } } }>(`${api}/event`, {
      type: 'birth',
      startDate: '1850',
      location: 'Sunne, Värmland',
      participants: [{ personId: anna.id, role: 'primary' }],
    }),
  );
  ids.event = event.event.id;
  ids.location = event.event.location.id;
  ids.note = (
    await created(
      a.client.post<{ id: string }>(`${api}/note`, { note: { text: '<p>Not</p>' }, connectedNodeIds: [anna.id] }),
    )
  ).id;
  ids.repository = (
    await created(a.client.post<{ id: string }>(`${api}/source/repository`, { repository: { title: 'Arkiv' } }))
  ).id;
  ids.record = (
    await created(
      a.client.post<{ id: string }>(`${api}/source/record`, {
        record: { title: 'Kyrkbok', repositoryId: ids.repository },
      }),
    )
  ).id;
  ids.citation = (
    await created(
      a.client.post<{ id: string }>(`${api}/source/citation`, {
        citation: { sourceRecordId: ids.record, whereWithinSourceText: 'sida 4' },
        nodeId: ids.event,
      }),
    )
  ).id;
});
afterAll(() => t.close());

const snapshot = () => databaseFingerprint(t);

/** The longest any single request may take; beyond it the request counts as hung. */
const requestTimeBound = 10_000;

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

const sqlFragments = [
  "' OR 1=1; DROP TABLE tree; --",
  "x'); SELECT pg_sleep(20); --",
  "' UNION SELECT password, id FROM account --",
  "%' AND '1'='1",
  '\\',
];
const htmlFragments = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
];
/** What every string position of a body or query gets, one at a time. */
const hostileStrings = [
  ...sqlFragments,
  ...htmlFragments,
  '',
  '\u0000\uFFFF',
  '\uD800 lone surrogate',
  '\u202Eright-to-left',
  '../../etc/passwd',
  'x'.repeat(5000),
];

const hostileValues: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  'x'.repeat(100_000),
  sqlFragments[0],
  htmlFragments[0],
  '\u0000\uFFFF\uD800',
  [],
  [1, 'a', null],
  {},
  nested(200),
];

/** Bodies for any route, whatever its schema. Strings are sent as raw text, byte arrays as raw bytes. */
const malformedBodies: unknown[] = [
  ...hostileValues,
  '{"unterminated": ',
  // Deep nesting, as text: 5,000 levels of arrays and of objects.
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  { unknownField: 1 },
  { treeName: 1, name: [], email: {}, password: null, fName: true, text: 5, sender: [] },
  { treeName: nested(50), name: "'; DELETE FROM tree; --", email: 'a@b.c<script>', password: 'x'.repeat(10_000) },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  // Invalid UTF-8: a lone continuation byte, an overlong slash, a UTF-16 surrogate encoded as UTF-8.
  new Uint8Array([
    0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d,
  ]),
  new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
];

const invalidUtf8 = '%80%C0%AF%ED%A0%80%FF';
const hostileSegments = [
  'not-a-uuid',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201=1",
  '%27%29%3B%20SELECT%20pg_sleep(20)%3B--',
  '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  '%00',
  'x'.repeat(2000),
  '%E0%A4%A',
  invalidUtf8,
  '00000000-0000-0000-0000-000000000000',
];

/** A real id of the kind a field names (personIds → a person), so that a body reaches the service. */
function realId(name: string): string {
  const kind = (
    [
      [/event/i, 'event'],
      [/location|place|ancestor|descendant|parent(?!Ids)/i, 'location'],
      [/note/i, 'note'],
      [/citation|sourceIds/i, 'citation'],
      [/record/i, 'record'],
      [/repository/i, 'repository'],
    ] as const
  ).find(([pattern]) => pattern.test(name))?.[1];
  return ids[kind ?? 'person'];
}

/** Each hostile string in every string position, ids and choices kept valid so the text gets through. */
const withText = (text: string): Leaves => ({
  string: () => text,
  id: realId,
  choice: (values) => values[0],
  number: () => 1,
  boolean: () => true,
});
/** The hostile string in every position, ids and choices included. */
const everywhere = (text: string): Leaves => ({
  string: () => text,
  id: () => text,
  choice: () => text,
  number: () => text,
  boolean: () => text,
});
/** Every leaf of the wrong type. */
const wrongTypes: Leaves = {
  string: () => 42,
  id: () => ({ id: 1 }),
  choice: () => ['x'],
  number: () => '1; DROP TABLE person',
  boolean: () => 'yes',
};
const hostileNumbers = [-1, 0, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2];
const withNumber = (value: number): Leaves => ({ ...withText('x'), number: () => value });

function withUnknownFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnknownFields);
  if (value === null || typeof value !== 'object') return value;
  return {
    ...Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withUnknownFields(field)])),
    unknownField: '<b>x</b>',
  };
}

/** Bodies made from the route's own schema: every position gets every kind of hostile value. */
function schemaBodies(operation: Operation | undefined): unknown[] {
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [];
  return [
    ...hostileStrings.map((text) => generate(schema, withText(text))),
    ...[...sqlFragments, ...htmlFragments].map((text) => generate(schema, everywhere(text))),
    ...hostileNumbers.map((value) => generate(schema, withNumber(value))),
    generate(schema, wrongTypes),
    withUnknownFields(generate(schema, withText('x'))),
  ];
}

function queryString(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
    .join('&');
}

/**
 * Query strings from the route's own query parameters: every hostile string in all of them. A
 * route without any gets a few unknown ones.
 */
function hostileQueries(operation: Operation | undefined): string[] {
  const names = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map(({ name }) => name);
  const unknown = 'callbackUrl=%2F%2Fevil.example&error=%3Cscript%3E&x[]=1&x[a]=2&unknown=1';
  if (names.length === 0) {
    return [unknown, `q=${invalidUtf8}`, `q=${encodeURIComponent(sqlFragments[0] as string)}`, `q=%00`];
  }
  const each = (value: string) => queryString(Object.fromEntries(names.map((key) => [key, value])));
  return [
    // A lone surrogate cannot be percent-encoded: the invalid UTF-8 query stands for it.
    ...hostileStrings.map((text) => each(encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')))),
    each(invalidUtf8),
    each('%'),
    each('1e308'),
    each('-1'),
    `${each('x')}&${names.map((key) => `${encodeURIComponent(key)}[]=1&${encodeURIComponent(key)}[a]=2`).join('&')}`,
    unknown,
  ];
}

function fill(url: string, segment: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => segment(name)).replace('*', 'anything');
}

function realSegment(name: string): string {
  if (name === 'userId') return owner.userId;
  if (name === 'email') return 'x%40example.com';
  if (name === 'treeId' || name === 'deletedTreeId') return owner.treeId;
  if (name === 'type') return 'birth';
  if (name === 'flag') return 'true';
  if (name === 'n' || name === 'depth') return '3';
  if (name === 'token') return 'y'.repeat(32);
  return realId(name);
}

/** A request that must answer within the time bound. */
async function timed(method: string, url: string, body: unknown): Promise<{ response: TestResponse; ms: number }> {
  // Bytes go as JSON too: invalid UTF-8 where the server expects a JSON text.
  const headers: Record<string, string> = body instanceof Uint8Array ? { 'content-type': 'application/json' } : {};
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${requestTimeBound} ms`)), requestTimeBound);
  });
  try {
    const response = await Promise.race([owner.client.request(method as 'POST', url, body, headers), hung]);
    return { response, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzzing every API route', () => {
  it('has a fingerprint that sees a change', async () => {
    const before = await snapshot();
    await owner.client.put(`/api/${owner.treeId}/tree/name`, { name: 'Fuzz target renamed' });
    expect(await snapshot()).not.toBe(before);
    await owner.client.put(`/api/${owner.treeId}/tree/name`, { name: 'Fuzz target' });
  });

  it('makes bodies and query strings from the route schemas', () => {
    const route = t.app.routeTable.find((each) => each.method === 'POST' && each.url === '/api/:treeId/note');
    const bodies = schemaBodies(operationOf(t.app, route as RouteEntry));
    expect(bodies).toContainEqual({
      note: { title: sqlFragments[0], text: sqlFragments[0], sourceIds: [ids.citation] },
      connectedNodeIds: [ids.person],
    });
    const list = t.app.routeTable.find((each) => each.method === 'GET' && each.url === '/api/:treeId/person');
    const sql = encodeURIComponent(sqlFragments[0] as string);
    const query = hostileQueries(operationOf(t.app, list as RouteEntry)).find((each) => each.startsWith(`q=${sql}`));
    expect(query).toContain(`&pageSize=${sql}`);
    expect(query).toContain(`&gender=${sql}`);
  });

  it('never answers 500, never hangs, and changes nothing when it refuses', async () => {
    // Deletions last, so that the ids the other routes' bodies use still exist while they run.
    const routes = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/'))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(routes.length).toBeGreaterThan(100);
    let requests = 0;
    let slowest = { ms: 0, label: '' };
    let current = await snapshot();
    const started = performance.now();
    for (const route of routes) {
      const operation = operationOf(t.app, route);
      const isWrite = route.method !== 'GET';
      const realUrl = fill(route.url, realSegment);
      const validish = isWrite
        ? generate(operation?.requestBody?.content?.['application/json']?.schema, withText('x'))
        : undefined;
      const cases: [string, unknown][] = [
        // At the route's real address: every body.
        ...(isWrite ? [...malformedBodies, ...schemaBodies(operation)] : [undefined]).map((body): [string, unknown] => [
          realUrl,
          body,
        ]),
        // Hostile path parameters and query strings, with a body the route could take.
        ...hostileSegments.map((segment): [string, unknown] => [fill(route.url, () => segment), validish]),
        ...hostileQueries(operation).map((query): [string, unknown] => [`${realUrl}?${query}`, validish]),
      ];
      for (const [url, body] of cases) {
        const label = `${route.method} ${url.slice(0, 120)} ${body instanceof Uint8Array ? 'bytes' : JSON.stringify(body)?.slice(0, 100)}`;
        const { response, ms } = await timed(route.method, url, body);
        requests += 1;
        if (ms > slowest.ms) slowest = { ms, label };
        expect(response.status, label).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.body, label).toMatchObject({ error: { code: expect.any(String) } });
        }
        // Reads cannot change data: the database is compared after each write, with how it was before.
        if (isWrite) {
          const after = await snapshot();
          if (response.status >= 400) expect(after, label).toBe(current);
          current = after;
        }
        // A sign-out route may have ended the session: sign in again, so every route is fuzzed signed in.
        if (!owner.client.isSignedIn) {
          const again = await owner.client.post('/api/auth/signin/credentials', {
            email: owner.email,
            password: owner.password,
          });
          expect(again.status, `signing in again after ${label}`).toBe(200);
          current = await snapshot();
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${requests} requests to ${routes.length} routes in ${seconds.toFixed(1)} s; slowest ${slowest.ms.toFixed(0)} ms: ${slowest.label}`,
    );
    // The owner still has their account and their tree.
    const again = new TestClient(t.app);
    const signIn = await again.post<{ treeIds: string[] }>('/api/auth/signin/credentials', {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.body.treeIds).toEqual([owner.treeId]);
    expect(requests).toBeGreaterThan(4000);
    // A ceiling, not a wait: about 150 s alone, and past 300 s on a 2-core machine loaded by other
    // test runs once the media and report routes joined the table. A hang still fails per request.
  }, 900_000);
});
