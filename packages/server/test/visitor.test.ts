import type { Event, Person, SharedTree, ShareState } from '@anor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient, type TestResponse } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { databaseFingerprint } from './support/fingerprint.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Sharing and visitors (issue 8): a shared tree is read by anyone with its link while the owner's
 * subscription is valid, never written, and living persons stay private in every answer. The
 * route tests walk the app's route table, so a route added later is covered without a new test.
 */
let t: TestApp;
const year = 365 * 86_400_000;

/** A client that came by a share link: every request carries the link's token. */
class VisitorClient {
  constructor(
    readonly client: TestClient,
    readonly token: string,
  ) {}
  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
    return this.client.request<T>(method, url, body, { 'x-anor-share': this.token });
  }
  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }
}

const codeOf = (response: TestResponse) => (response.body as ErrorBody).error?.code;

/** Names, dates and texts of the living persons of the fixture: no visitor answer may hold any. */
const secrets = ['Livia', 'Hemligsson', 'Olof', 'Tystberg', '1995-05-05', 'HEMLIG-ANTECKNING', 'HEMLIG-CITAT'];

interface Fixture {
  owner: Awaited<ReturnType<typeof signUp>>;
  treeId: string;
  token: string;
  ids: Record<
    'gustav' | 'erik' | 'ingrid' | 'livia' | 'olof' | 'liviaBirth' | 'gustavDeath' | 'note' | 'citation' | 'place',
    string
  >;
}
let f: Fixture;

async function paidOwnerWithSharedTree(): Promise<Fixture> {
  const owner = await signUp(t.app);
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Delat träd');
  const family = new FamilyBuilder(owner.client, tree.id);
  const api = `/api/${tree.id}`;
  const event = async (body: Record<string, unknown>) => {
    const response = await owner.client.post<{ event: Event }>(`${api}/event`, body);
    if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
    return response.body.event;
  };
  const primary = (personId: string) => [{ personId, role: 'primary' }];

  // Gustav died in 1920; his son Erik was born in 1890 (more than 110 years ago); Ingrid, Erik's
  // mother, has no dates of her own but her son's birth says she cannot be alive; Livia, Erik's
  // granddaughter-like relative, was born in 1995; Olof has nothing recorded and is presumed living.
  const gustav = await family.create({ fName: 'Gustav', lName: 'Gammal' });
  const erik = await family.childOf(gustav.id, { fName: 'Erik', lName: 'Gammal' });
  const ingrid = await family.parentOf(erik.id, { fName: 'Ingrid', lName: 'Gammal' });
  const livia = await family.childOf(erik.id, { fName: 'Livia', lName: 'Hemligsson' });
  const olof = await family.create({ fName: 'Olof', lName: 'Tystberg' });
  await event({ type: 'birth', startDate: '1850-03-01', participants: primary(gustav.id) });
  const gustavDeath = await event({ type: 'death', startDate: '1920', participants: primary(gustav.id) });
  await event({ type: 'birth', startDate: '1890', location: 'Sunne, Värmland', participants: primary(erik.id) });
  const liviaBirth = await event({
    type: 'birth',
    startDate: '1995-05-05',
    location: 'Västra Fors, Sunne, Värmland',
    description: 'Född en vårdag',
    participants: [
      { personId: livia.id, role: 'primary' },
      { personId: erik.id, role: 'parent' },
    ],
  });
  const note = await owner.client.post<{ id: string }>(`${api}/note`, {
    note: { text: '<p>HEMLIG-ANTECKNING om Livia</p>' },
    connectedNodeIds: [livia.id],
  });
  const citation = await owner.client.post<{ id: string }>(`${api}/source/citation`, {
    citation: { whereWithinSourceText: 'HEMLIG-CITAT, sida 4' },
    nodeId: liviaBirth.id,
  });
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  expect(share.status).toBe(200);
  const token = share.body.token as string;
  return {
    owner,
    treeId: tree.id,
    token,
    ids: {
      gustav: gustav.id,
      erik: erik.id,
      ingrid: ingrid.id,
      livia: livia.id,
      olof: olof.id,
      liviaBirth: liviaBirth.id,
      gustavDeath: gustavDeath.id,
      note: note.body.id,
      citation: citation.body.id,
      place: liviaBirth.location?.id as string,
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await paidOwnerWithSharedTree();
}, 120_000);
afterAll(() => t.close());

function visitor(token = f.token) {
  return new VisitorClient(new TestClient(t.app), token);
}

describe('the share link', () => {
  it('opens the tree for anyone, signed in or not', async () => {
    const opened = await new TestClient(t.app).get<SharedTree>(`/api/share/${f.token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ treeId: f.treeId, name: 'Delat träd' });
    const stranger = await signUp(t.app);
    const asStranger = await stranger.client.request('GET', `/api/${f.treeId}/mainnodes`, undefined, {
      'x-anor-share': f.token,
    });
    expect(asStranger.status).toBe(200);
    expect(asStranger.body).toMatchObject({ canEdit: false });
    const anonymous = await visitor().get(`/api/${f.treeId}/mainnodes`);
    expect(anonymous.status).toBe(200);
  });

  it('is needed: without it the tree is not there, and a wrong token is no better', async () => {
    expect((await new TestClient(t.app).get(`/api/${f.treeId}/mainnodes`)).status).toBe(401);
    const stranger = await signUp(t.app);
    expect(codeOf(await stranger.client.get(`/api/${f.treeId}/mainnodes`))).toBe('tree.error.notFound');
    const wrong = await visitor('x'.repeat(32)).get(`/api/${f.treeId}/mainnodes`);
    expect(codeOf(wrong)).toBe('tree.error.notFound');
    expect((await new TestClient(t.app).get(`/api/share/${'y'.repeat(32)}`)).status).toBe(404);
  });

  it('stops working when sharing is turned off, and a new link works when it is turned on again', async () => {
    const o = await paidOwnerWithSharedTree();
    const api = `/api/${o.treeId}`;
    const off = await o.owner.client.put<ShareState>(`${api}/share`, { enabled: false });
    expect(off.body).toMatchObject({ shared: false, token: null, canShare: true });
    expect(codeOf(await visitor(o.token).get(`${api}/mainnodes`))).toBe('tree.error.notFound');
    expect((await new TestClient(t.app).get(`/api/share/${o.token}`)).status).toBe(404);
    const on = await o.owner.client.put<ShareState>(`${api}/share`, { enabled: true });
    expect(on.body.shared).toBe(true);
    expect(on.body.token).not.toBe(o.token);
    expect((await visitor(on.body.token as string).get(`${api}/mainnodes`)).status).toBe(200);
    expect(codeOf(await visitor(o.token).get(`${api}/mainnodes`))).toBe('tree.error.notFound');
    // Turning it on when it is on keeps the link.
    const again = await o.owner.client.put<ShareState>(`${api}/share`, { enabled: true });
    expect(again.body.token).toBe(on.body.token);
  });

  it('shows the tree only while the owner’s subscription is valid', async () => {
    const o = await paidOwnerWithSharedTree();
    await upsertSubscription(t.database.db, o.owner.user.id, 'yearly', new Date(Date.now() - 86_400_000));
    const expired = await visitor(o.token).get(`/api/${o.treeId}/mainnodes`);
    expect(expired.status).toBe(403);
    expect(codeOf(expired)).toBe('tree.error.ownerSubscriptionExpired');
    expect(codeOf(await new TestClient(t.app).get(`/api/share/${o.token}`))).toBe(
      'tree.error.ownerSubscriptionExpired',
    );
    // The owner still has their tree.
    expect((await o.owner.client.get(`/api/${o.treeId}/mainnodes`)).status).toBe(200);
  });

  it('is a paid feature: a free owner cannot turn it on, and strangers cannot see or change it', async () => {
    const free = await signUp(t.app);
    const tree = await createTree(free.client, free.user.id, 'Gratis');
    const state = await free.client.get<ShareState>(`/api/${tree.id}/share`);
    expect(state.body).toEqual({ shared: false, token: null, canShare: false });
    const refused = await free.client.put(`/api/${tree.id}/share`, { enabled: true });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('limit.sharing');
    const stranger = await signUp(t.app);
    expect((await stranger.client.get(`/api/${f.treeId}/share`)).status).toBe(404);
    expect((await stranger.client.put(`/api/${f.treeId}/share`, { enabled: false })).status).toBe(404);
    // The share state is the owner's and co-owners' (`manage`): a visitor is refused, not told whether the tree is shared.
    const asVisitor = await visitor().get(`/api/${f.treeId}/share`);
    expect([asVisitor.status, codeOf(asVisitor)]).toEqual([403, 'auth.error.forbidden']);
  });

  it('finds the shared trees of an owner by e-mail, and nothing for others', async () => {
    const found = await new TestClient(t.app).post<{ trees: SharedTree[] }>('/api/tree', {
      email: f.owner.email.toUpperCase(),
    });
    expect(found.status).toBe(200);
    expect(found.body.trees).toEqual([expect.objectContaining({ treeId: f.treeId, token: f.token })]);
    const free = await signUp(t.app);
    await createTree(free.client, free.user.id, 'Privat');
    const none = await new TestClient(t.app).post<{ trees: SharedTree[] }>('/api/tree', { email: free.email });
    expect(none.body.trees).toEqual([]);
    const unknown = await new TestClient(t.app).post<{ trees: SharedTree[] }>('/api/tree', {
      email: 'nobody@example.com',
    });
    expect(unknown.body.trees).toEqual([]);
  });
});

describe('living persons are private to visitors', () => {
  it('presumes living unless a death, an old birth or a relative’s dates say otherwise', async () => {
    const v = visitor();
    const get = async (id: string) => (await v.get<Person>(`/api/${f.treeId}/person/${id}`)).body;
    expect(await get(f.ids.gustav)).toMatchObject({ fName: 'Gustav', lName: 'Gammal' });
    expect((await get(f.ids.gustav)).private).toBeUndefined();
    expect(await get(f.ids.erik)).toMatchObject({ fName: 'Erik' });
    expect(await get(f.ids.ingrid)).toMatchObject({ fName: 'Ingrid' });
    const livia = await get(f.ids.livia);
    expect(livia).toMatchObject({ id: f.ids.livia, fName: null, lName: null, private: true, birth: null });
    expect(await get(f.ids.olof)).toMatchObject({ fName: null, private: true });
    // Her father's page lists her as a private child.
    const erik = await get(f.ids.erik);
    expect(erik.children).toEqual([expect.objectContaining({ id: f.ids.livia, fName: null, private: true })]);
  });

  it('follows the owner’s edits at once: a death recorded makes a person public, deleting it private again', async () => {
    const o = await paidOwnerWithSharedTree();
    const v = visitor(o.token);
    const olof = () => v.get<Person>(`/api/${o.treeId}/person/${o.ids.olof}`);
    expect((await olof()).body.private).toBe(true);
    const death = await o.owner.client.post<{ event: Event }>(`/api/${o.treeId}/event`, {
      type: 'death',
      startDate: '2001',
      participants: [{ personId: o.ids.olof, role: 'primary' }],
    });
    expect(death.status).toBe(201);
    expect((await olof()).body).toMatchObject({ fName: 'Olof' });
    await o.owner.client.delete(`/api/${o.treeId}/event/${death.body.event.id}`);
    expect((await olof()).body).toMatchObject({ fName: null, private: true });
    // A parent link counts too: a child born in 1900 makes Olof's parenthood old enough.
    const child = await o.owner.client.post<Person>(`/api/${o.treeId}/person`, {
      person: { fName: 'Barn', lName: 'Tystberg' },
      relation: { type: 'child', personId: o.ids.olof },
    });
    await o.owner.client.post(`/api/${o.treeId}/event`, {
      type: 'birth',
      startDate: '1900',
      participants: [{ personId: child.body.id, role: 'primary' }],
    });
    expect((await olof()).body).toMatchObject({ fName: 'Olof' });
  });

  it('hides her event, its date, place, description, notes and sources', async () => {
    const v = visitor();
    const event = await v.get<Event>(`/api/${f.treeId}/event/${f.ids.liviaBirth}`);
    expect(event.status).toBe(200);
    expect(event.body).toMatchObject({
      private: true,
      startDate: null,
      endDate: null,
      location: null,
      description: null,
      sources: [],
      notes: [],
    });
    // The dead father in it is still named; she is not.
    const names = event.body.participants.map((p) => [p.fName, p.private ?? false]);
    expect(names).toEqual(
      expect.arrayContaining([
        [null, true],
        ['Erik', false],
      ]),
    );
    const death = await v.get<Event>(`/api/${f.treeId}/event/${f.ids.gustavDeath}`);
    expect(death.body).toMatchObject({ startDate: '1920' });
    expect(death.body.private).toBeUndefined();
  });

  it('leaves living persons out of a visitor’s person list and search', async () => {
    const v = visitor();
    const all = await v.get<{ items: { fName: string | null }[]; total: number }>(
      `/api/${f.treeId}/person?pageSize=50`,
    );
    expect(all.body.items.map((p) => p.fName).sort()).toEqual(['Erik', 'Gustav', 'Ingrid']);
    expect(all.body.total).toBe(3);
    const search = await v.get<{ total: number }>(`/api/${f.treeId}/person?q=livia`);
    expect(search.body.total).toBe(0);
    // The owner sees everyone, named.
    const own = await f.owner.client.get<{ items: { fName: string | null }[] }>(`/api/${f.treeId}/person?q=livia`);
    expect(own.body.items.map((p) => p.fName)).toEqual(['Livia']);
  });

  it('leaves events with a living participant out of a visitor’s event list and search', async () => {
    const v = visitor();
    const list = await v.get<{ items: Event[]; total: number }>(`/api/${f.treeId}/event?pageSize=50`);
    const ids = list.body.items.map((event) => event.id);
    expect(ids).toContain(f.ids.gustavDeath);
    expect(ids).not.toContain(f.ids.liviaBirth);
    expect(list.body.total).toBe(ids.length);
    const search = await v.get<{ total: number }>(`/api/${f.treeId}/event?q=hemligsson`);
    expect(search.body.total).toBe(0);
    const own = await f.owner.client.get<{ total: number }>(`/api/${f.treeId}/event?q=hemligsson`);
    expect(own.body.total).toBe(1);
  });

  it('leaves living persons out of a visitor’s overview, even when searched for', async () => {
    const v = visitor();
    const orphans = await v.get<{ items: { id: string }[]; total: number }>(
      `/api/${f.treeId}/orphans?type=person&all=true&pageSize=50`,
    );
    const ids = orphans.body.items.map((row) => row.id);
    expect(ids).toContain(f.ids.gustav);
    expect(ids).not.toContain(f.ids.olof);
    expect(orphans.body.total).toBe(ids.length);
    const search = await v.get<{ total: number }>(`/api/${f.treeId}/orphans?type=person&q=olof`);
    expect(search.body.total).toBe(0);
    const own = await f.owner.client.get<{ total: number }>(`/api/${f.treeId}/orphans?type=person&q=olof`);
    expect(own.body.total).toBe(1);
  });

  it('lets the owner preview the tree as a visitor sees it', async () => {
    const preview = await f.owner.client.request<Person>('GET', `/api/${f.treeId}/person/${f.ids.livia}`, undefined, {
      'x-anor-preview': 'visitor',
    });
    expect(preview.body).toMatchObject({ fName: null, private: true });
    const main = await f.owner.client.request('GET', `/api/${f.treeId}/mainnodes`, undefined, {
      'x-anor-preview': 'visitor',
    });
    expect(main.body).toMatchObject({ canEdit: false });
    const write = await f.owner.client.request(
      'PUT',
      `/api/${f.treeId}/person/${f.ids.livia}/occ`,
      { occupation: 'x' },
      {
        'x-anor-preview': 'visitor',
      },
    );
    expect(write.status).toBe(403);
  });
});

/** Fills a route's parameters with the fixture's ids; `:id`-like parameters take each candidate in turn. */
function urlsFor(route: RouteEntry, candidates: string[]): string[] {
  const fixed: Record<string, string> = {
    treeId: f.treeId,
    deletedTreeId: f.treeId,
    userId: f.owner.user.id,
    email: encodeURIComponent(f.owner.email),
    token: f.token,
    type: 'birth',
    flag: 'true',
    n: '3',
    depth: '3',
  };
  const variable = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string).filter((name) => !(name in fixed));
  const fill = (id: string) =>
    route.url.replace(/:(\w+)/g, (_whole, name: string) => fixed[name] ?? id).replace('*', 'anything');
  return variable.length === 0 ? [fill('')] : candidates.map(fill);
}

describe('every route of the API, as a visitor', () => {
  const candidates = () => Object.values(f.ids);
  const treeRoutes = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/:treeId/'));

  it('refuses every write to the tree, whatever the body, and nothing changes', async () => {
    const writes = treeRoutes().filter((route) => route.method !== 'GET' && route.access !== 'read');
    expect(writes.length).toBeGreaterThan(30);
    const signedInStranger = await signUp(t.app);
    const before = await databaseFingerprint(t);
    for (const route of writes) {
      for (const url of urlsFor(route, candidates())) {
        for (const body of [{}, { enabled: true, occupation: 'x', name: 'x', note: { text: '<p>x</p>' } }]) {
          const label = `${route.method} ${url}`;
          const anonymous = await visitor().request(route.method as 'POST', url, body);
          expect([label, anonymous.status]).toEqual([label, 403]);
          expect(['auth.error.forbidden', 'tree.error.treeDeleteForbidden'], label).toContain(codeOf(anonymous));
          const signedIn = await signedInStranger.client.request(route.method as 'POST', url, body, {
            'x-anor-share': f.token,
          });
          expect([label, signedIn.status]).toEqual([label, 403]);
        }
      }
    }
    expect(await databaseFingerprint(t)).toBe(before);
  }, 120_000);

  it('answers every read without a name, date, text or note of a living person', async () => {
    const reads = treeRoutes().filter((route) => route.access === 'read');
    expect(reads.length).toBeGreaterThan(25);
    let answered = 0;
    for (const route of reads) {
      for (const url of urlsFor(route, candidates())) {
        const bodies = route.method === 'GET' ? [undefined] : [{}, { includeRelatives: true }];
        for (const body of bodies) {
          const response = await visitor().request(route.method as 'GET', url, body);
          const label = `${route.method} ${url}`;
          expect(response.status, label).toBeLessThan(500);
          const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
          for (const secret of secrets) expect(text, `${label} shows ${secret}`).not.toContain(secret);
          if (response.status === 200) answered += 1;
        }
      }
    }
    // The walk must have read real answers, not only refusals (an id of the wrong kind is a 404,
    // so only some of the candidates answer on each route).
    expect(answered).toBeGreaterThan(50);
  }, 120_000);

  it('shows the owner the same routes with the living persons named (the walk can see a leak)', async () => {
    const person = await f.owner.client.get(`/api/${f.treeId}/person/${f.ids.livia}`);
    expect(JSON.stringify(person.body)).toContain('Livia');
    const event = await f.owner.client.get(`/api/${f.treeId}/event/${f.ids.liviaBirth}`);
    expect(JSON.stringify(event.body)).toContain('1995-05-05');
    const notes = await f.owner.client.get(`/api/${f.treeId}/note?nodeId=${f.ids.livia}`);
    expect(JSON.stringify(notes.body)).toContain('HEMLIG-ANTECKNING');
    const citation = await f.owner.client.get(`/api/${f.treeId}/source/citation/${f.ids.citation}`);
    expect(JSON.stringify(citation.body)).toContain('HEMLIG-CITAT');
  });
});
