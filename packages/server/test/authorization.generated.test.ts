import { uuidv7 } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { type ErrorBody, TestClient, type TestResponse } from './support/client.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { buildPrivacyFixture, type PrivacyFixture, visitorRefusalOf } from './support/privacy-fixture.ts';
import {
  bodySchemaOf,
  enumValues,
  fillPath,
  generate,
  type IdKind,
  idKindOfName,
  idKindOfPathParameter,
  isUuidSchema,
  type JsonSchema,
  type Leaves,
  parametersOf,
} from './support/route-table.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 18: the authorization matrix, generated from the route table. Every route under /api/ is
 * asked by five actors: the owner of tree A, another signed-in user (who owns tree B), nobody
 * (no session, no link), a visitor with A's share link and no session, and the other user holding
 * A's link. Expected:
 * - tree routes: the owner passes the gate; the other user gets 404 (403 where a route says so)
 *   and nothing of A; nobody gets 401; a visitor and the other user with the link read (with
 *   privacy) and are refused every write with 403;
 * - a user's own routes: only that user; nobody and visitors 401, another user 403/404;
 * - public routes: listed below with why, and they tell nothing of a living person;
 * - every refusal changes nothing (a fingerprint of every table before and after);
 * - the owner of A asking A's routes with ids of B (in the path, or in the query and body with A's
 *   ids in the path) gets 404 and nothing of B, and nothing changes.
 * A route that fits none of these is named. Both trees are the marker fixture (support/privacy-fixture.ts):
 * A's data holds `…MARKA…`, B's `…MARKB…`.
 */
let t: TestApp;
let a: PrivacyFixture;
let b: PrivacyFixture;

type Actor = 'owner' | 'otherUser' | 'anonymous' | 'visitor' | 'otherUserWithLink';

/** Routes anyone may call, and why; they are asked by nobody and by a visitor, and must tell nothing of the living. */
const publicRoutes: Record<string, string> = {
  'GET /api/auth/session': "the caller's own session, none for nobody",
  'POST /api/auth/signin/credentials': 'signing in',
  'GET /api/auth/signin': 'the sign-in page of the session library',
  'GET /api/auth/error': 'the error page of the session library',
  'GET /api/auth/signout': "ends the caller's own session",
  'POST /api/auth/signout': "ends the caller's own session",
  'GET /api/auth/*': "the session library's own routes, each about the caller's own session",
  'POST /api/auth/*': "the session library's own routes, each about the caller's own session",
  'POST /api/user': 'registration',
  'POST /api/user/resetpassword': 'asks for a reset link by e-mail',
  'PUT /api/user/resetpassword': 'sets a password with a reset token',
  'GET /api/user/email/:email': 'whether an address has an account (rate-limited)',
  'GET /api/share/:token': 'opens a shared tree by its link',
  'POST /api/tree': "finds an owner's shared trees by e-mail",
  'POST /api/contact': 'the contact form',
  'GET /api/config': "the app's public settings",
  'GET /api/demo': 'the demonstration tree',
  'GET /api/docs/openapi.json': 'the API description',
};

/** The codes of the gate's refusals (modules/tree/tree.access.ts, tree.guard.ts), which the owner must never get. */
const gateCodes = [
  'auth.error.sessionRequired',
  'auth.error.forbidden',
  'tree.error.notFound',
  'tree.error.treeDeleteForbidden',
];

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
const isTreeRoute = (route: RouteEntry) => route.url.startsWith('/api/:treeId/');
const isUserRoute = (route: RouteEntry) => route.url.startsWith('/api/user/:userId');
const isRead = (route: RouteEntry) => route.method === 'GET' || route.readOnly;
const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;
const textOf = (response: TestResponse) =>
  typeof response.body === 'string' ? response.body : JSON.stringify(response.body);

function firstId(f: PrivacyFixture, kind: IdKind | undefined): string {
  const prefix = `${kind ?? 'person'}:`;
  return Object.entries(f.ids).find(([label]) => label.startsWith(prefix))?.[1] as string;
}

/** Leaves for bodies and queries: ids of `f` by the kind the field names, harmless text elsewhere. */
function leavesFor(f: PrivacyFixture): Leaves {
  const text = (name: string): string | null => {
    if (/date$/i.test(name)) return '1900';
    if (/email|sender/i.test(name)) return 'authz@example.com';
    if (/password/i.test(name)) return 'not the password';
    if (/url|link|www/i.test(name)) return 'https://example.org/';
    // Free text where a type has its own: none.
    if (/^(subtype|typeName|typeNameVerb)$/.test(name)) return null;
    return 'Authz';
  };
  return {
    string: text,
    id: (name) => firstId(f, idKindOfName(name)),
    choice: (values) => values.find((value) => value !== '') ?? values[0],
    number: () => 1,
    boolean: () => true,
  };
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

/**
 * The request of a route against tree `tree`: path ids from `pathIds`, query and body ids from
 * `fieldIds` (another tree's, for the cross-tree requests), the rest from the route's schemas.
 * Answers whether any id of `fieldIds` went into the query or body.
 */
function requestFor(
  route: RouteEntry,
  tree: PrivacyFixture,
  pathIds: PrivacyFixture,
  fieldIds: PrivacyFixture,
): { request: Request; fieldsHaveIds: boolean } {
  const path = fillPath(
    route.url,
    (name) => {
      if (name === 'treeId' || name === 'deletedTreeId') return tree.treeId;
      if (name === 'userId') return tree.owner.user.id;
      if (name === 'email') return encodeURIComponent(tree.owner.email);
      if (name === 'token') return tree.token;
      const schema = parametersOf(t.app, route, 'path').find((p) => p.name === name)?.schema;
      if (isUuidSchema(schema)) return firstId(pathIds, idKindOfPathParameter(route.url, name));
      const values = enumValues(schema);
      if (values.length > 0) return String(values[0]);
      if (schema?.type === 'integer') return '2';
      throw new Error(`${keyOf(route)}: cannot fill :${name}`);
    },
    'session',
  );
  let fieldsHaveIds = false;
  const leaves = leavesFor(fieldIds);
  const counting: Leaves = {
    ...leaves,
    id: (name) => {
      fieldsHaveIds = true;
      return leaves.id(name);
    },
  };
  const query = new URLSearchParams();
  for (const { name, schema, required } of parametersOf(t.app, route, 'query')) {
    // Only what the route needs and the ids it takes: a search term would only narrow the answer.
    if (!required && !isUuidSchema(schema)) continue;
    const value = generate(schema, counting, name);
    if (value !== null && value !== undefined) query.set(name, String(value));
  }
  const schema: JsonSchema | undefined = bodySchemaOf(t.app, route);
  const body = route.method === 'GET' ? undefined : schema ? generate(schema, counting) : {};
  const url = query.size > 0 ? `${path}?${query}` : path;
  return { request: { method: route.method as Request['method'], url, body }, fieldsHaveIds };
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The request with each of tree B's ids replaced by a fresh id that exists nowhere, and a normaliser of answers. */
function withIdsOfNowhere(request: Request): { request: Request; normalise: (text: string) => string } {
  const replacements = new Map<string, string>();
  const swap = (text: string) =>
    text.replace(uuidPattern, (id) => {
      if (!b.labels.has(id.toLowerCase())) return id;
      let other = replacements.get(id.toLowerCase());
      if (!other) {
        other = uuidv7();
        replacements.set(id.toLowerCase(), other);
      }
      return other;
    });
  const swapped: Request = {
    ...request,
    url: swap(request.url),
    body: request.body === undefined ? undefined : JSON.parse(swap(JSON.stringify(request.body))),
  };
  const nowhere = new Set([...replacements.values()].map((id) => id.toLowerCase()));
  const normalise = (text: string) =>
    text.replace(uuidPattern, (id) =>
      b.labels.has(id.toLowerCase()) || nowhere.has(id.toLowerCase()) ? 'unknown-id' : id,
    );
  return { request: swapped, normalise };
}

let clients: Record<Actor, () => TestClient>;
let headers: Record<Actor, Record<string, string>>;

function ask(actor: Actor, request: Request) {
  return clients[actor]().request(request.method, request.url, request.body, headers[actor]);
}

/** What may not reach an actor of tree A: B's data; and for everyone but A's owner, A's living persons' data. */
const dataOfB = /(LIV|DEAD)MARKB/;
const livingOfA = /LIVMARKA/;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildPrivacyFixture(t, 'A', 'A');
  b = await buildPrivacyFixture(t, 'B', 'B');
  const anonymous = new TestClient(t.app);
  clients = {
    owner: () => a.owner.client,
    otherUser: () => b.owner.client,
    anonymous: () => anonymous,
    visitor: () => anonymous,
    otherUserWithLink: () => b.owner.client,
  };
  headers = {
    owner: {},
    otherUser: {},
    anonymous: {},
    visitor: { 'x-anor-share': a.token },
    otherUserWithLink: { 'x-anor-share': a.token },
  };
}, 300_000);
afterAll(() => t.close());

/** Deletions last, so that the ids the other routes use still exist while they run. */
function apiRoutes(): RouteEntry[] {
  return t.app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
}

describe('the authorization matrix (generated from the route table)', () => {
  it('knows every route: a tree route, a user’s own route, or a public one with its reason', () => {
    const unknown = apiRoutes()
      .filter((route) => !isTreeRoute(route) && !isUserRoute(route) && !(keyOf(route) in publicRoutes))
      .map(keyOf);
    expect(unknown).toEqual([]);
    const gone = Object.keys(publicRoutes).filter((key) => !apiRoutes().some((route) => keyOf(route) === key));
    expect(gone).toEqual([]);
  });

  it('refuses everyone but the owner where it must, tells them nothing, and changes nothing', async () => {
    const problems: string[] = [];
    const started = performance.now();
    let requests = 0;
    for (const route of apiRoutes()) {
      if (!isTreeRoute(route) && !isUserRoute(route)) continue;
      const key = keyOf(route);
      const { request } = requestFor(route, a, a, a);
      const before = await databaseFingerprint(t);
      const expected: [Actor, number[]][] = isTreeRoute(route)
        ? [
            ['otherUser', [404, ...(route.method === 'DELETE' && route.url.includes('/tree/') ? [403] : [])]],
            ['anonymous', [401]],
            ...(['visitor', 'otherUserWithLink'] as const).map((actor): [Actor, number[]] => [
              actor,
              isRead(route) ? [] : [403],
            ]),
          ]
        : [
            ['otherUser', [403, 404]],
            ['anonymous', [401]],
            ['visitor', [401]],
            ['otherUserWithLink', [403, 404]],
          ];
      for (const [actor, statuses] of expected) {
        const response = await ask(actor, request);
        requests += 1;
        const text = textOf(response);
        const label = `${key} as ${actor}: ${response.status} ${codeOf(response) ?? ''}`;
        if (response.status >= 500) problems.push(label);
        if (dataOfB.test(text)) problems.push(`${label} shows tree B's data`);
        if (statuses.length > 0) {
          if (!statuses.includes(response.status)) problems.push(`${label}, expected ${statuses.join(' or ')}`);
          if (/MARKA/.test(text)) problems.push(`${label} shows tree A's data`);
        } else {
          // A visitor's read: allowed, with privacy; only the owner's own reads may refuse them.
          const listed = visitorRefusalOf(route);
          const refusals = actor === 'visitor' ? [listed?.status] : [listed?.status, 403, 404];
          if (listed && !refusals.includes(response.status)) problems.push(`${label}, expected ${listed.status}`);
          if (!listed && [401, 403].includes(response.status)) problems.push(`${label}, a visitor may read`);
          if (livingOfA.test(text)) problems.push(`${label} shows a living person of A`);
        }
      }
      const after = await databaseFingerprint(t);
      if (after !== before) problems.push(`${key}: a refused request changed the database`);
    }
    console.log(`authorization: ${requests} refused or visitor requests in ${(performance.now() - started) / 1000} s`);
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers public routes without a living person’s data, to nobody and to a visitor', async () => {
    const problems: string[] = [];
    for (const route of apiRoutes().filter((each) => keyOf(each) in publicRoutes)) {
      // Public routes with a body are asked with one; a sign-out only ends nobody's session.
      const { request } = requestFor(route, a, a, a);
      for (const actor of ['anonymous', 'visitor'] as const) {
        const response = await ask(actor, request);
        const label = `${keyOf(route)} as ${actor}: ${response.status}`;
        if (response.status >= 500) problems.push(label);
        if (livingOfA.test(textOf(response)) || dataOfB.test(textOf(response))) problems.push(`${label} leaks`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers the owner of A asking with ids of B as if they did not exist, and changes nothing', async () => {
    const problems: string[] = [];
    const notFoundByPath: string[] = [];
    const codes = new Map<string, number>();
    let asked = 0;
    for (const route of apiRoutes().filter(isTreeRoute)) {
      const key = keyOf(route);
      const hasPathIds = parametersOf(t.app, route, 'path').some(
        (p) => p.name !== 'treeId' && p.name !== 'deletedTreeId' && isUuidSchema(p.schema),
      );
      const variants: [string, Request][] = [];
      // B's ids everywhere; then A's ids in the path and B's in the query and body.
      if (hasPathIds) variants.push(['path', requestFor(route, a, b, b).request]);
      const mixed = requestFor(route, a, a, b);
      if (mixed.fieldsHaveIds) variants.push(['query and body', mixed.request]);
      for (const [where, request] of variants) {
        // The same request with ids that exist nowhere: B's ids must be answered exactly like them.
        const nowhere = withIdsOfNowhere(request);
        const before = await databaseFingerprint(t);
        const response = await ask('owner', request);
        const changed = (await databaseFingerprint(t)) !== before;
        const baseline = await ask('owner', nowhere.request);
        asked += 1;
        const answered = `${response.status} ${codeOf(response) ?? ''}`;
        codes.set(answered, (codes.get(answered) ?? 0) + 1);
        const label = `${key} with B's ids in the ${where}: ${response.status} ${codeOf(response) ?? ''}`;
        if (!isRead(route) && response.status < 300) problems.push(`${label}, a write with another tree's ids`);
        if (dataOfB.test(textOf(response))) problems.push(`${label} shows tree B's data`);
        if (changed) problems.push(`${label} changed the database`);
        const answer = `${response.status} ${nowhere.normalise(textOf(response))}`;
        const expected = `${baseline.status} ${nowhere.normalise(textOf(baseline))}`;
        if (answer !== expected) problems.push(`${label}; with ids of no tree: ${expected.slice(0, 200)}`);
        if (where === 'path' && response.status !== 404) notFoundByPath.push(`${key}: ${response.status}`);
      }
    }
    console.log(
      `authorization: ${asked} cross-tree requests (${[...codes].map(([code, n]) => `${code}: ${n}`).join(', ')}); answering an unknown id in the path with other than 404: ${notFoundByPath.join(', ') || 'none'}`,
    );
    expect(asked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
    // An id of another tree in the path is not found, on every route alike (GET event/:id/notes once answered 200).
    expect(notFoundByPath).toEqual([]);
  }, 600_000);

  it('lets the owner through the gate of every tree route and their own user routes', async () => {
    const problems: string[] = [];
    let succeeded = 0;
    for (const route of apiRoutes()) {
      // The owner's writes to their account (e-mail, password, deletion) are tested in account.test.ts.
      if (!isTreeRoute(route) && !(isUserRoute(route) && route.method === 'GET')) continue;
      const { request } = requestFor(route, a, a, a);
      const response = await ask('owner', request);
      const label = `${keyOf(route)}: ${response.status} ${codeOf(response) ?? ''}`;
      const refused = gateCodes.includes(codeOf(response) ?? '') || response.status >= 500;
      if (refused) problems.push(label);
      if (isRead(route) && response.status !== 200) problems.push(`${label}, a read the owner must get`);
      if (response.status < 300) succeeded += 1;
    }
    expect(problems).toEqual([]);
    expect(succeeded).toBeGreaterThan(60);
  }, 600_000);
});
