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
 * - a contributor's write on a proposable route (the route table's `proposable`) is kept as a
 *   proposal: 202, or a refusal with a code, and nothing of the tree changes (only `tree_proposal`);
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
  // A proposal for the routes of proposals to be asked about (`:id` of /proposal/:id).
  const proposed = await accounts.contributor.client.put<{ proposal: { id: string } }>(
    `/api/${a.treeId}/person/${a.ids['person:G']}/occ`,
    { occupation: 'Föreslagen' },
  );
  if (proposed.status !== 202) throw new Error(`no proposal: ${proposed.status}`);
  a.ids['proposal:P'] = proposed.body.proposal.id;
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
/** The call by which a member leaves the tree. */
const leaves = (route: RouteEntry) => route.method === 'DELETE' && route.url === '/api/:treeId/member/:userId';

function ask(role: MemberRole, route: RouteEntry) {
  const { request } = requestFor(t.app, route, a, a, a);
  const url = route.access === 'member' ? request.url.replace(a.owner.user.id, accounts[role].user.id) : request.url;
  return accounts[role].client.request(request.method, url, request.body);
}

describe('the members’ authorization matrix (generated from the route table)', () => {
  it('gives each role exactly what the table of roles says', () => {
    const table: Record<MemberRole, Access[]> = {
      viewer: ['read', 'member'],
      contributor: ['read', 'member', 'propose'],
      editor: ['read', 'member', 'propose', 'edit'],
      co_owner: ['read', 'member', 'propose', 'edit', 'manage'],
    };
    const all: Access[] = ['read', 'member', 'propose', 'edit', 'manage', 'owner'];
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
      const refusedTo = roles.filter((each) => !may(each, route.access));
      for (const role of refusedTo.filter((each) => !(each === 'contributor' && route.proposable))) {
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

  it('keeps a contributor’s write on every proposable route as a proposal, changing nothing of the tree', async () => {
    const problems: string[] = [];
    const made = new Set<string>();
    const pending = async () =>
      (await a.owner.client.get<{ pending: number }>(`/api/${a.treeId}/proposal?status=pending`)).body.pending;
    const before = await pending();
    for (const route of treeRoutes().filter((each) => each.proposable && !may('contributor', each.access))) {
      const tree = await databaseFingerprint(t, ['tree_proposal']);
      const response = await ask('contributor', route);
      const label = `${keyOf(route)} as contributor: ${response.status} ${codeOf(response) ?? ''}`;
      if (response.status === 202) {
        const id = (response.body as { proposal?: { id?: string } }).proposal?.id;
        if (!id) problems.push(`${label} without its proposal`);
        else made.add(id);
      } else if (response.status >= 500 || (response.status >= 400 && !codeOf(response))) {
        // Any other answer is a write that changed nothing (so proposes nothing), or a refusal.
        problems.push(`${label}, expected 202, a write that changed nothing, or a refusal with a code`);
      }
      if ((await databaseFingerprint(t, ['tree_proposal'])) !== tree) problems.push(`${label} changed the tree`);
    }
    expect(problems).toEqual([]);
    // Most writes of a tree are proposed (the refusals are writes of ids the fixture's requests miss).
    expect(made.size).toBeGreaterThan(25);
    expect(await pending()).toBe(before + made.size);
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
        .sort((x, y) => Number(leaves(x)) - Number(leaves(y)));
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
