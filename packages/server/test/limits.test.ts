import type { Event, GedcomImportAnswer, Location, Person, TreeInfo } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, type TestClient, type TestResponse } from './support/client.ts';
import { treeContentTables } from './support/fingerprint.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The limits of SPEC §5 and §9 on every path that creates something, for both tiers: the free
 * tier's trial counts (persons, places, events, sources per event or place, images, one tree,
 * the GEDCOM file's content) and each tier's node ceiling. A refused request changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const year = 365 * 86_400_000;

interface Owner {
  client: TestClient;
  userId: string;
  treeId: string;
  rootId: string;
  api: string;
}

async function newOwner(options: { paid?: boolean; tree?: boolean } = {}): Promise<Owner> {
  const a = await signUp(t.app);
  if (options.paid) await upsertSubscription(t.database.db, a.user.id, 'yearly', new Date(Date.now() + year));
  if (options.tree === false) return { client: a.client, userId: a.user.id, treeId: '', rootId: '', api: '' };
  const tree = await createTree(a.client, a.user.id, 'Gränser');
  return {
    client: a.client,
    userId: a.user.id,
    treeId: tree.id,
    rootId: tree.rootId as string,
    api: `/api/${tree.id}`,
  };
}

function codeOf(response: TestResponse): string | undefined {
  return (response.body as ErrorBody).error?.code;
}

async function ok<T>(response: Promise<TestResponse<T>>): Promise<T> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const tables = treeContentTables;

/** Every row the tree holds, table by table, and its counters. */
async function snapshot(treeId: string): Promise<Record<string, number>> {
  const counts = tables.map(
    (table) =>
      sql`(select count(*)::int from ${sql.raw(`"${table}"`)} where tree_id = ${treeId}) as ${sql.raw(`"${table}"`)}`,
  );
  const result = await t.database.db.execute(sql`
    select ${sql.join(counts, sql`, `)}, t.persons_count, t.locations_count, t.events_count, t.sources_count
    from tree t where t.id = ${treeId}`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0] as Record<string, number>;
}

async function treesOf(userId: string): Promise<number> {
  const result = await t.database.db.execute(sql`select count(*)::int as n from tree where owner_id = ${userId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Sends a request that must be refused with `code`, and checks that it changed nothing in the tree. */
async function refused(owner: Owner, code: string, send: () => Promise<TestResponse>) {
  const before = await snapshot(owner.treeId);
  const response = await send();
  expect([response.status, codeOf(response)], JSON.stringify(response.body)).toEqual([
    code === 'limit.gedcomSize' ? 413 : 403,
    code,
  ]);
  expect(await snapshot(owner.treeId)).toEqual(before);
  return response;
}

function person(fName: string) {
  return { fName, lName: 'Gräns' };
}

const primary = (personId: string) => [{ personId, role: 'primary' }];

/** Sets the tree's counters so that it holds exactly `total` nodes (as an import of that size would). */
async function fillTo(treeId: string, total: number, column: 'persons_count' | 'sources_count') {
  await t.database.db.execute(sql`
    update tree set ${sql.raw(column)} = ${sql.raw(column)} + (${total} - (persons_count + locations_count + events_count + sources_count))
    where id = ${treeId}`);
}

describe('the free tier', () => {
  it('stops persons at 20 on every person route: new person, new parent, new child, new relative', async () => {
    const o = await newOwner();
    for (let i = 1; i < 20; i++) await ok(o.client.post(`${o.api}/person`, { person: person(`P${i}`) }));
    expect((await snapshot(o.treeId)).person).toBe(20);
    await refused(o, 'limit.persons', () => o.client.post(`${o.api}/person`, { person: person('Tjugoett') }));
    await refused(o, 'limit.persons', () => o.client.post(`${o.api}/person/${o.rootId}/parent`, person('Förälder')));
    await refused(o, 'limit.persons', () =>
      o.client.post(`${o.api}/person/child`, { child: person('Barn'), parentIds: [o.rootId] }),
    );
    for (const type of ['parent', 'child', 'partner', 'sibling']) {
      await refused(o, 'limit.persons', () =>
        o.client.post(`${o.api}/person`, { person: person('Släkting'), relation: { type, personId: o.rootId } }),
      );
    }
    const over = await refused(o, 'limit.persons', () =>
      o.client.post(`${o.api}/person`, { person: person('Rot'), asRoot: true }),
    );
    expect((over.body as ErrorBody).error.details).toEqual({ limit: 'persons', max: 20 });
  });

  it('stops places at 30: a new place, a typed place of an event (new, bulk or edited), and matching typed places', async () => {
    const o = await newOwner();
    for (let i = 0; i < 30; i++) await ok(o.client.post(`${o.api}/location`, { location: { name: `Plats ${i}` } }));
    await refused(o, 'limit.locations', () => o.client.post(`${o.api}/location`, { location: { name: 'Plats 30' } }));
    await refused(o, 'limit.locations', () =>
      o.client.post(`${o.api}/location`, { location: { name: 'Ny by' }, ancestorId: null }),
    );
    await refused(o, 'limit.locations', () =>
      o.client.post(`${o.api}/location/match`, { text: 'Ny gård, Ny socken, Nytt län' }),
    );
    await refused(o, 'limit.locations', () =>
      o.client.post(`${o.api}/event`, {
        type: 'baptism',
        location: 'Ny kyrka, Plats 1',
        participants: primary(o.rootId),
      }),
    );
    await refused(o, 'limit.locations', () =>
      o.client.post(`${o.api}/event/bulk`, {
        events: [
          { type: 'residence', startDate: '1900', location: 'Plats 2', participants: primary(o.rootId) },
          { type: 'residence', startDate: '1900', location: 'Ny gård, Plats 2', participants: primary(o.rootId) },
        ],
      }),
    );
    // Known places still work, and an edit that types a new place is refused like a new event.
    const { event } = await ok(
      o.client.post<{ event: Event }>(`${o.api}/event`, {
        type: 'baptism',
        location: 'Plats 1',
        participants: primary(o.rootId),
      }),
    );
    await refused(o, 'limit.locations', () =>
      o.client.put(`${o.api}/event/${event.id}`, {
        oldEvent: { id: event.id, revision: event.revision },
        newEvent: { type: 'baptism', location: 'Ny kyrka, Plats 1', participants: primary(o.rootId) },
      }),
    );
  });

  it('stops events at 30, for a single event and for a bulk of events (all or none)', async () => {
    const o = await newOwner();
    const body = { type: 'baptism', participants: primary(o.rootId) };
    await ok(o.client.post(`${o.api}/event/bulk`, { events: Array.from({ length: 28 }, () => body) }));
    await refused(o, 'limit.events', () => o.client.post(`${o.api}/event/bulk`, { events: [body, body, body] }));
    await ok(o.client.post(`${o.api}/event`, body));
    await ok(o.client.post(`${o.api}/event/bulk`, { events: [body] }));
    expect((await snapshot(o.treeId)).event).toBe(30);
    await refused(o, 'limit.events', () => o.client.post(`${o.api}/event`, body));
    await refused(o, 'limit.events', () => o.client.post(`${o.api}/event/bulk`, { events: [body] }));
  });

  it('cites at most 3 sources on an event or a place, however they are cited', async () => {
    const o = await newOwner();
    const ids: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const c = await ok(
        o.client.post<{ id: string }>(`${o.api}/source/citation`, {
          citation: { whereWithinSourceText: `s. ${page}` },
        }),
      );
      ids.push(c.id);
    }
    const four = ids;
    const three = ids.slice(0, 3);
    // Events: on creation, on an edit, and a fourth citation created on the event.
    await refused(o, 'limit.sourcesPerNode', () =>
      o.client.post(`${o.api}/event`, { type: 'burial', sourceIds: four, participants: primary(o.rootId) }),
    );
    const { event } = await ok(
      o.client.post<{ event: Event }>(`${o.api}/event`, {
        type: 'burial',
        sourceIds: three,
        participants: primary(o.rootId),
      }),
    );
    await refused(o, 'limit.sourcesPerNode', () =>
      o.client.put(`${o.api}/event/${event.id}`, {
        oldEvent: { id: event.id, revision: event.revision },
        newEvent: { type: 'burial', sourceIds: four, participants: primary(o.rootId) },
      }),
    );
    await refused(o, 'limit.sourcesPerNode', () =>
      o.client.post(`${o.api}/source/citation`, { citation: { whereWithinSourceText: 's. 5' }, nodeId: event.id }),
    );
    // Places: on creation, on an edit, and a fourth citation created on the place.
    await refused(o, 'limit.sourcesPerNode', () =>
      o.client.post(`${o.api}/location`, { location: { name: 'Kyrkbyn', sourceIds: four } }),
    );
    const place = await ok(
      o.client.post<{ location: Location }>(`${o.api}/location`, { location: { name: 'Kyrkbyn', sourceIds: three } }),
    );
    const placeId = place.location.id;
    await refused(o, 'limit.sourcesPerNode', () =>
      o.client.put(`${o.api}/location/${placeId}`, { updatedLocation: { name: 'Kyrkbyn', sourceIds: four } }),
    );
    const onPlace = await refused(o, 'limit.sourcesPerNode', () =>
      o.client.post(`${o.api}/source/citation`, { citation: { whereWithinSourceText: 's. 6' }, nodeId: placeId }),
    );
    expect((onPlace.body as ErrorBody).error.details).toEqual({ limit: 'sourcesPerNode', max: 3 });
  });

  it('holds at most 5 images (media objects)', async () => {
    const o = await newOwner();
    for (let i = 1; i <= 5; i++) {
      await ok(o.client.post(`${o.api}/source/object`, { object: { fileReference: `bild${i}.jpg`, format: 'jpg' } }));
    }
    const sixth = await refused(o, 'limit.images', () =>
      o.client.post(`${o.api}/source/object`, { object: { fileReference: 'bild6.jpg', format: 'jpg' } }),
    );
    expect((sixth.body as ErrorBody).error.details).toEqual({ limit: 'images', max: 5 });
  });

  it('keeps one tree, whether created or imported', async () => {
    const o = await newOwner();
    const second = await o.client.post(`/api/user/${o.userId}/tree`, { treeName: 'Andra' });
    expect([second.status, codeOf(second)]).toEqual([403, 'limit.trees']);
    const imported = await o.client.post(`/api/user/${o.userId}/tree/gedcom`, gedcom(2));
    expect([imported.status, codeOf(imported)]).toEqual([403, 'limit.trees']);
    expect(await treesOf(o.userId)).toBe(1);
  });

  it('imports a GEDCOM file only within the trial limits, writing nothing otherwise', async () => {
    const o = await newOwner({ tree: false });
    const response = await o.client.post(`/api/user/${o.userId}/tree/gedcom`, gedcom(21));
    expect([response.status, codeOf(response)]).toEqual([403, 'limit.gedcomContent']);
    expect((response.body as ErrorBody).error.details).toMatchObject({ found: { persons: 21 }, max: { persons: 20 } });
    expect(await treesOf(o.userId)).toBe(0);
    const within = await o.client.post<GedcomImportAnswer>(`/api/user/${o.userId}/tree/gedcom`, gedcom(20));
    expect(within.status).toBe(201);
  });

  it('stops at 5,000 nodes whatever is added, when the items came another way', async () => {
    const o = await newOwner();
    const citation = await ok(
      o.client.post<{ id: string }>(`${o.api}/source/citation`, { citation: { whereWithinSourceText: 's. 1' } }),
    );
    await fillTo(o.treeId, 5000, 'sources_count');
    const expectFree = (response: TestResponse) =>
      expect((response.body as ErrorBody).error.details).toEqual({ limit: 'nodes', max: 5000 });
    expectFree(await refused(o, 'limit.nodesFree', () => o.client.post(`${o.api}/person`, { person: person('Ny') })));
    await refused(o, 'limit.nodesFree', () =>
      o.client.post(`${o.api}/person/child`, { child: person('Barn'), parentIds: [o.rootId] }),
    );
    await refused(o, 'limit.nodesFree', () => o.client.post(`${o.api}/location`, { location: { name: 'Ny' } }));
    await refused(o, 'limit.nodesFree', () => o.client.post(`${o.api}/location/match`, { text: 'Ny, Nyare' }));
    await refused(o, 'limit.nodesFree', () =>
      o.client.post(`${o.api}/event`, { type: 'baptism', participants: primary(o.rootId) }),
    );
    await refused(o, 'limit.nodesFree', () =>
      o.client.post(`${o.api}/source/repository`, { repository: { title: 'Arkivet' } }),
    );
    await refused(o, 'limit.nodesFree', () => o.client.post(`${o.api}/source/record`, { record: { title: 'Boken' } }));
    await refused(o, 'limit.nodesFree', () =>
      o.client.post(`${o.api}/source/citation`, { citation: { whereWithinSourceText: 's. 2' } }),
    );
    // What adds no node still works at the ceiling: an event taking the tree to 5,000, then citing on it.
    await fillTo(o.treeId, 4999, 'sources_count');
    const { event } = await ok(
      o.client.post<{ event: Event }>(`${o.api}/event`, { type: 'baptism', participants: primary(o.rootId) }),
    );
    const cited = await o.client.put<{ event: Event }>(`${o.api}/event/${event.id}`, {
      oldEvent: { id: event.id, revision: event.revision },
      newEvent: { type: 'baptism', sourceIds: [citation.id], participants: primary(o.rootId) },
    });
    expect(cited.status).toBe(200);
  });
});

describe('the paid tier', () => {
  it('passes the trial limits: more than 20 persons, 3 sources on an event, 5 images, a second tree', async () => {
    const o = await newOwner({ paid: true });
    await ok(
      o.client.post(`${o.api}/event/bulk`, {
        events: Array.from({ length: 31 }, () => ({ type: 'baptism', participants: primary(o.rootId) })),
      }),
    );
    for (let i = 1; i <= 20; i++) await ok(o.client.post(`${o.api}/person`, { person: person(`P${i}`) }));
    for (let i = 1; i <= 6; i++) {
      await ok(o.client.post(`${o.api}/source/object`, { object: { fileReference: `bild${i}.png` } }));
    }
    const ids: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const c = await ok(
        o.client.post<{ id: string }>(`${o.api}/source/citation`, {
          citation: { whereWithinSourceText: `s. ${page}` },
        }),
      );
      ids.push(c.id);
    }
    await ok(o.client.post(`${o.api}/event`, { type: 'burial', sourceIds: ids, participants: primary(o.rootId) }));
    await ok(o.client.post(`/api/user/${o.userId}/tree`, { treeName: 'Andra' }));
    const info = await ok(o.client.get<TreeInfo>(`${o.api}/tree`));
    expect(info).toMatchObject({ personsAmount: 21, eventsAmount: 32, sourcesAmount: 4, limit: 100_000 });
  });

  it('stops at 100,000 nodes on every path that creates a person, a place, an event or a source', async () => {
    const o = await newOwner({ paid: true });
    const child = await ok(
      o.client.post<Person>(`${o.api}/person/child`, { child: person('Barn'), parentIds: [o.rootId] }),
    );
    await fillTo(o.treeId, 100_000, 'persons_count');
    const attempts: [string, () => Promise<TestResponse>][] = [
      ['person', () => o.client.post(`${o.api}/person`, { person: person('Ny') })],
      ['parent', () => o.client.post(`${o.api}/person/${child.id}/parent`, person('Förälder'))],
      ['child', () => o.client.post(`${o.api}/person/child`, { child: person('Barn 2'), parentIds: [o.rootId] })],
      ['place', () => o.client.post(`${o.api}/location`, { location: { name: 'Ny' } })],
      ['typed place', () => o.client.post(`${o.api}/location/match`, { text: 'Ny, Nyare' })],
      ['event', () => o.client.post(`${o.api}/event`, { type: 'baptism', participants: primary(o.rootId) })],
      [
        'events',
        () => o.client.post(`${o.api}/event/bulk`, { events: [{ type: 'baptism', participants: primary(o.rootId) }] }),
      ],
      ['repository', () => o.client.post(`${o.api}/source/repository`, { repository: { title: 'Arkivet' } })],
      ['record', () => o.client.post(`${o.api}/source/record`, { record: { title: 'Boken' } })],
      ['citation', () => o.client.post(`${o.api}/source/citation`, { citation: { whereWithinSourceText: 's. 1' } })],
    ];
    for (const [, send] of attempts) {
      const response = await refused(o, 'limit.nodesPaid', send);
      expect((response.body as ErrorBody).error.details).toEqual({ limit: 'nodes', max: 100_000 });
    }
  });

  it('falls back to the free limits when the plan has ended', async () => {
    const o = await newOwner({ paid: true });
    for (let i = 1; i <= 20; i++) await ok(o.client.post(`${o.api}/person`, { person: person(`P${i}`) }));
    await upsertSubscription(t.database.db, o.userId, 'yearly', new Date(Date.now() - 60_000));
    await refused(o, 'limit.persons', () => o.client.post(`${o.api}/person`, { person: person('Sen') }));
  });
});

/** A GEDCOM 5.5.1 text with this many individuals, posted as JSON. */
function gedcom(persons: number) {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
  for (let i = 1; i <= persons; i++) lines.push(`0 @I${i}@ INDI`, `1 NAME Person${i} /Test/`);
  lines.push('0 TRLR', '');
  return { gedcomString: lines.join('\n') };
}
