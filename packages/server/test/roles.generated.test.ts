import { type Access, type MemberRole, may } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { type ErrorBody, signUp, type TestResponse } from './support/client.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { addMember } from './support/members.ts';
import { buildPrivacyFixture, type PrivacyFixture } from './support/privacy-fixture.ts';
import { requestFor } from './support/route-requests.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 26: the authorization matrix of members, generated from the route table. A tree (the
 * marker fixture A, its owner on a paid plan) has a member of each role; every tree route is asked
 * by each of them. What each may do is the route table's `access` against the one table of roles
 * (@anor/core roles.ts), so a new route is in this test without anyone adding it:
 * - refused: 403 with nothing of the tree in the answer, and nothing changes in the database;
 * - allowed: never a gate refusal or a 5xx, and a GET answers 200 (a member reads what the owner reads);
 * - every member but a visitor sees the living: their markers are in the answers of a viewer.
 */
let t: TestApp;
let a: PrivacyFixture;
const roles: MemberRole[] = ['viewer', 'contributor', 'editor', 'co_owner'];
const accounts = {} as Record<MemberRole, Awaited<ReturnType<typeof signUp>>>;

const gateCodes = ['auth.error.sessionRequired', 'auth.error.forbidden', 'tree.error.notFound'];
const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;
const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;
const textOf = (response: TestResponse) =>
  typeof response.body === 'string' ? response.body : JSON.stringify(response.body);

beforeAll(async () => {
  t = await createTestApp();
  a = await buildPrivacyFixture(t, 'A', 'A');
  for (const role of roles) {
    accounts[role] = await signUp(t.app, { fName: `Medlem ${role}` });
    await addMember(a.owner.client, a.treeId, accounts[role], role);
  }
}, 300_000);
afterAll(() => t.close());

/** The tree's routes, deletions last so that the ids the others use still exist while they run. */
function treeRoutes(): RouteEntry[] {
  return t.app.routeTable
    .filter((route) => route.url.startsWith('/api/:treeId/'))
    .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
}

/**
 * The route asked by the member of `role`. requestFor fills a user id with the owner's; a route
 * every member may call (`member`: leaving) is asked with the member's own, so it does what it is
 * for (the member leaves, last of their calls: deletions come last).
 */
function ask(role: MemberRole, route: RouteEntry) {
  const { request } = requestFor(t.app, route, a, a, a);
  const url = route.access === 'member' ? request.url.replace(a.owner.user.id, accounts[role].user.id) : request.url;
  return accounts[role].client.request(request.method, url, request.body);
}

describe('the members’ authorization matrix (generated from the route table)', () => {
  it('gives each role exactly what the table of roles says', () => {
    const table: Record<MemberRole, Access[]> = {
      viewer: ['read', 'member'],
      contributor: ['read', 'member'],
      editor: ['read', 'member', 'edit'],
      co_owner: ['read', 'member', 'edit', 'manage'],
    };
    const all: Access[] = ['read', 'member', 'edit', 'manage', 'owner'];
    for (const role of roles)
      expect(
        all.filter((need) => may(role, need)),
        role,
      ).toEqual(table[role]);
    expect(may('visitor', 'member')).toBe(false);
    expect(may('owner', 'owner')).toBe(true);
  });

  it('refuses each member what their role does not allow, tells them nothing, and changes nothing', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const route of treeRoutes()) {
      for (const role of roles.filter((each) => !may(each, route.access))) {
        const before = await databaseFingerprint(t);
        const response = await ask(role, route);
        refused += 1;
        const label = `${keyOf(route)} as ${role}: ${response.status} ${codeOf(response) ?? ''}`;
        if (response.status !== 403) problems.push(`${label}, expected 403`);
        if (/MARKA/.test(textOf(response))) problems.push(`${label} shows the tree's data`);
        if ((await databaseFingerprint(t)) !== before) problems.push(`${label} changed the database`);
      }
    }
    expect(problems).toEqual([]);
    // Every route that needs more than `read` is refused to a viewer at least.
    expect(refused).toBeGreaterThan(60);
  }, 600_000);

  it('shows every member the living persons, as the owner sees them, and a visitor never', async () => {
    const living = a.ids['person:R'];
    for (const role of roles) {
      const response = await accounts[role].client.get(`/api/${a.treeId}/person/${living}`);
      expect(response.status, role).toBe(200);
      expect(textOf(response), role).toMatch(/LIVMARKA/);
    }
    // The same member asking with the preview-as-visitor header meets the tree as a visitor.
    const preview = await accounts.viewer.client.request('GET', `/api/${a.treeId}/person/${living}`, undefined, {
      'x-anor-preview': 'visitor',
    });
    expect(textOf(preview)).not.toMatch(/LIVMARKA/);
  });

  it('lets each member through the gate where their role allows: every read answers, every allowed write passes the gate', async () => {
    const problems: string[] = [];
    let passed = 0;
    // Leaving the tree (`member`) is each role's very last call.
    const allowed = (role: MemberRole) =>
      treeRoutes()
        .filter((route) => may(role, route.access))
        .sort((x, y) => Number(x.access === 'member') - Number(y.access === 'member'));
    // Reads first, by every role, while the tree is whole; then the writes, deletions last, an
    // editor's before a co-owner's, each role meeting the tree as the others left it.
    const phases: [string, (route: RouteEntry) => boolean][] = [
      ['read', (route) => route.method === 'GET'],
      ['write', (route) => route.method !== 'GET'],
    ];
    for (const [phase, inPhase] of phases) {
      for (const role of roles) {
        for (const route of allowed(role).filter(inPhase)) {
          // Managing asks with the owner's id (requestFor): changing or removing the owner is refused (409).
          const response = await ask(role, route);
          const label = `${keyOf(route)} as ${role}: ${response.status} ${codeOf(response) ?? ''}`;
          if (response.status >= 500 || gateCodes.includes(codeOf(response) ?? '')) problems.push(label);
          if (phase === 'read' && response.status !== 200) problems.push(`${label}, a read a member must get`);
          passed += 1;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(passed).toBeGreaterThan(200);
  }, 600_000);
});
