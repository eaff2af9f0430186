import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Cross-site request forgery (issue 9): every state-changing API route of the route table, sent
 * by a signed-in owner's browser from another site, is refused with 403 `auth.error.invalidOrigin`
 * before anything runs, and the database stays as it was. The requests carry the owner's cookie
 * and bodies that the route would otherwise accept where one is easy to make, so a route that
 * forgot the check would change something.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let treeId: string;
let personId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  treeId = (await createTree(owner.client, owner.user.id, 'Målträd')).id;
  personId = (await new FamilyBuilder(owner.client, treeId).create({ fName: 'Anna' })).id;
});
afterAll(() => t.close());

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

/** What a forging page can make a browser send: its own Origin, an opaque one, or none with Fetch Metadata. */
const forgeries: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  // Another port of the same host is another origin.
  { origin: 'http://localhost:3001' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'content-type': 'application/x-www-form-urlencoded' },
];

/** Bodies the routes would take from their owner: the same for every route, the rest refused by validation. */
function bodyFor(method: string, url: string): unknown {
  if (url.endsWith('/tree/name')) return { name: 'Förfalskat namn' };
  if (url.endsWith('/user/:userId/tree')) return { treeName: 'Förfalskat träd' };
  if (url.endsWith('/:treeId/person')) return { person: { fName: 'Förfalskad', lName: 'Person' } };
  if (url.endsWith('/:treeId/note')) return { note: { text: '<p>Förfalskad</p>' }, connectedNodeIds: [] };
  if (url.endsWith('/:treeId/location')) return { location: { name: 'Förfalskad ort' } };
  if (url.endsWith('/:treeId/share')) return { enabled: true };
  if (url === '/api/contact') return { sender: 'a@example.com', text: 'Förfalskat' };
  if (url === '/api/user/:userId' && method === 'DELETE') return { password: owner.password };
  if (url.endsWith('/user/:userId/password')) return { oldPassword: owner.password, newPassword: 'forged password 1' };
  if (url.endsWith('/user/:userId/email')) return { email: 'forged@example.com', password: owner.password };
  if (url.endsWith('/tree/:deletedTreeId')) return {};
  return {};
}

function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => {
    if (name === 'userId') return owner.user.id;
    if (name === 'treeId' || name === 'deletedTreeId') return treeId;
    if (name === 'email') return encodeURIComponent(owner.email);
    if (name === 'type') return 'location';
    if (name === 'flag') return 'true';
    return personId;
  });
}

describe('cross-site request forgery', () => {
  it('has requests that change the database when they come from the app itself', async () => {
    const before = await databaseFingerprint(t);
    const same = await owner.client.request('PUT', `/api/${treeId}/tree/name`, bodyFor('PUT', '/tree/name'), {
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(same.status).toBe(200);
    expect(await databaseFingerprint(t)).not.toBe(before);
    await owner.client.put(`/api/${treeId}/tree/name`, { name: 'Målträd' });
  });

  it('refuses every state-changing API route from another site, changing nothing', async () => {
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.method !== 'GET');
    expect(routes.length).toBeGreaterThan(60);
    // The better-auth catch-all stands for any path under it.
    const urls = routes.map((route) => ({
      method: route.method,
      url: fill(route.url.replace('*', 'sign-out')),
      route,
    }));
    const before = await databaseFingerprint(t);
    let refused = 0;
    for (const { method, url, route } of urls) {
      for (const headers of forgeries) {
        const body = headers['content-type']?.startsWith('application/x-www-form')
          ? 'callbackUrl=%2F&name=x'
          : bodyFor(method, route.url);
        const response = await owner.client.request(method as 'POST', url, body, headers);
        const label = `${method} ${route.url} ${JSON.stringify(headers)}`;
        expect([label, response.status, codeOf(response)]).toEqual([label, 403, 'auth.error.invalidOrigin']);
        refused += 1;
      }
    }
    expect(await databaseFingerprint(t)).toBe(before);
    expect(refused).toBe(urls.length * forgeries.length);
    // The owner is still signed in (the sign-out routes were refused too) and has their tree.
    expect((await owner.client.get<{ user: { id: string } | null }>('/api/auth/session')).body.user?.id).toBe(
      owner.user.id,
    );
    expect((await owner.client.get<{ name: string }>(`/api/${treeId}/tree`)).body.name).toBe('Målträd');
  }, 120_000);

  it('lets through what is not a browser on another site: same origin, same host, and clients without Fetch Metadata', async () => {
    const url = `/api/${treeId}/tree/name`;
    const allowed: Record<string, string>[] = [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      // Behind a proxy that keeps the Host: the origin the browser saw.
      { origin: 'http://anor.internal:8080', host: 'anor.internal:8080' },
      // A script or an app (curl, the admin's tools): no Origin, no Fetch Metadata, no ambient cookies to abuse.
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of allowed) {
      const response = await owner.client.request('PUT', url, { name: 'Målträd' }, headers);
      expect([JSON.stringify(headers), response.status]).toEqual([JSON.stringify(headers), 200]);
    }
    // Reads are not refused: a cross-site GET cannot change anything.
    const read = await owner.client.request('GET', `/api/${treeId}/tree`, undefined, {
      origin: 'https://evil.example',
    });
    expect(read.status).toBe(200);
  });

  it('refuses a request whose Origin matches neither the public URL nor the Host it was sent to', async () => {
    const anonymous = new TestClient(t.app);
    const response = await anonymous.request(
      'POST',
      '/api/contact',
      { sender: 'a@example.com', text: 'x' },
      { origin: 'http://anor.internal:8080', host: 'other.internal:8080' },
    );
    expect([response.status, codeOf(response)]).toEqual([403, 'auth.error.invalidOrigin']);
  });
});
