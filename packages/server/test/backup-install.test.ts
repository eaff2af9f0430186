import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Event, Person, ShareState, UserInfo } from '@anor/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../gedcom/test/support.ts';
import { backupDatabase } from '../src/admin/backup.ts';
import { restoreDatabase } from '../src/admin/restore.ts';
import { type App, buildApp } from '../src/app.ts';
import { readConfig, uniformRateLimits } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import {
  adminQuery,
  randomDatabaseName,
  testDatabaseKind,
  testDatabaseUrl,
  withDatabase,
} from './support/test-database.ts';

/**
 * Issue 17: the backup of a realistic install (the demonstration tree, a GEDCOM file imported, edits
 * through the API, partners and other rows with the same creation time, privacy work still queued,
 * a share link) restores into an empty database of both kinds (PGlite always; PostgreSQL when the
 * suite has one), and the restored server answers every read the same as the original: person
 * pages, families, lists in every order, events, places, sources, notes, search, charts, the tree
 * list, and a visitor's view through the share links, where the living stay private.
 */

let source: TestApp;
let dir: string;
let file: string;
let owner: Awaited<ReturnType<typeof signUp>>;
let treeId: string;
let importedTreeId: string;
let shareToken: string;
let living: Person;
let dead: Person;
let erik: Person;
const year = 365 * 86_400_000;
const sameTime = '2024-01-01T12:00:00.000Z';

function serverConfig(dataDir: string) {
  return {
    ...readConfig({}),
    publicUrl: 'http://localhost:3000',
    dataDir,
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    webDistDir: null,
    rateLimits: uniformRateLimits({ max: 100_000, windowMs: 60_000 }),
    payment: { number: '123 456 78 90', recipient: 'Anor Test AB' },
    demoTree: true,
    gedcomMaxBytes: 8 * 1024 * 1024,
  };
}

async function ok<T>(promise: Promise<{ status: number; body: T }>, status = 201): Promise<T> {
  const response = await promise;
  if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The install: what a few weeks of use leave behind. */
async function buildInstall() {
  const app = source.app;
  owner = await signUp(app, { fName: 'Åsa', email: `asa-${Date.now()}@example.com`, password: 'lösenord med å' });
  await upsertSubscription(source.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Släkten Öberg');
  treeId = tree.id;
  const api = `/api/${treeId}`;
  const post = <T>(url: string, body: unknown) => ok<T>(owner.client.post<T>(`${api}/${url}`, body));
  const family = new FamilyBuilder(owner.client, treeId);
  const primary = (personId: string) => [{ personId, role: 'primary' }];

  erik = await family.create({ fName: 'Erik', lName: 'Öberg', occupation: 'Bonde' }, undefined, true);
  const partners = [];
  for (const fName of ['Anna', 'Brita', 'Cecilia', 'Dorotea']) {
    partners.push(await family.partnerOf(erik.id, { fName, lName: 'Ärlig', gender: 'female' }));
  }
  const [anna, brita] = partners as [Person, Person];
  living = await family.childOf(erik.id, { fName: 'Karin', lName: 'Öberg' }, anna.id);
  await family.childOf(erik.id, { fName: 'Lars', lName: 'Öberg' }, brita.id);
  await family.childOf(erik.id, { fName: 'Maja', lName: 'Öberg' }, anna.id);
  dead = await family.parentOf(erik.id, { fName: 'Per', lName: 'Öberg', gender: 'male' });
  await family.parentOf(erik.id, { fName: 'Stina', lName: 'Persdotter', gender: 'female' });
  for (const fName of ['Märta', 'Nils', 'Olle']) await family.siblingOf(anna.id, { fName, lName: 'Ärlig' });

  const sunne = await post<{ id: string }>('location', { location: { name: 'Sunne', type: 'Socken' } });
  await post('location', {
    location: { name: 'Västra Ämtervik', coordinates: { lat: 59.7, lng: 13.1 } },
    ancestorId: sunne.id,
  });
  const birth = await post<{ event: Event }>('event', {
    type: 'birth',
    startDate: '1900-03-12',
    location: 'Västra Ämtervik, Sunne, Värmland',
    description: 'Född en vårdag',
    participants: [...primary(erik.id), { personId: anna.id, role: 'Gudmor' }],
  });
  await post('event', { type: 'death', startDate: '1980', participants: primary(erik.id) });
  await post('event', { type: 'death', startDate: '1930', participants: primary(dead.id) });
  await post('event', { type: 'birth', startDate: '1995-05', participants: primary(living.id) });
  await post('event', {
    type: 'marriage',
    startDate: '1925',
    participants: [...primary(erik.id), ...primary(anna.id)],
  });
  const archive = await post<{ id: string }>('source/repository', {
    repository: { title: 'Riksarkivet', city: 'Stockholm', country: 'Sverige' },
  });
  const record = await post<{ id: string }>('source/record', {
    record: { title: 'Sunne C:5', repositoryId: archive.id },
  });
  for (const page of ['Sida 12', 'Sida 13', 'Sida 14']) {
    await post('source/citation', {
      citation: { sourceRecordId: record.id, whereWithinSourceText: page, textFromSource: `<p>Född, ${page}</p>` },
      nodeId: birth.event.id,
    });
  }
  await post('note', { note: { title: 'Gården', text: '<p>Öbergs gård i Sunne</p>' }, connectedNodeIds: [erik.id] });
  await post('note', { note: { title: 'Om Karin', text: '<p>Lever i Karlstad</p>' }, connectedNodeIds: [living.id] });

  // Edits of what was entered.
  await ok(owner.client.put(`${api}/person/${erik.id}/occ`, { occupation: 'Hemmansägare' }), 200);
  await ok(owner.client.put(`${api}/person/${anna.id}/name`, { fName: 'Anna', pName: 'Annika', lName: 'Ärlig' }), 200);

  const share = await ok(owner.client.put<ShareState>(`${api}/share`, { enabled: true }), 200);
  shareToken = share.token as string;
  // A visitor fills the privacy cache; the writes after it leave privacy work queued.
  await ok(new TestClient(app).request('GET', `${api}/mainnodes`, undefined, { 'x-anor-share': shareToken }), 200);
  await post('event', { type: 'burial', startDate: '1930', participants: primary(dead.id) });
  await family.childOf(living.id, { fName: 'Vera', lName: 'Öberg' });

  const bytes = new Uint8Array(readFileSync(path.join(fixturesDir, 'real-world/Kennedy+Family.ged')));
  const imported = await ok<{ tree: { id: string } }>(
    owner.client.post(`/api/user/${owner.user.id}/tree/gedcom?treeName=Kennedy`, bytes),
  );
  importedTreeId = imported.tree.id;

  // Rows created in the same microsecond (a bulk write, or rows entered in one transaction), each
  // rewritten in reverse key order so that the table's physical order differs from its key order,
  // as it does after any update; a restore writes them in key order.
  const db = source.database.db;
  const rewriteSameTime = async (table: string, where: string, keys: string) => {
    const rows = await queryRows<{ ctid: string }>(
      db,
      sql.raw(`select ctid::text as ctid from "${table}" where ${where} order by ${keys} desc`),
    );
    for (const row of rows) {
      await db.execute(sql.raw(`update "${table}" set created_at = '${sameTime}' where ctid = '${row.ctid}'::tid`));
    }
    expect(rows.length).toBeGreaterThan(1);
  };
  await rewriteSameTime('partner', `tree_id = '${treeId}'`, 'person_a, person_b');
  await rewriteSameTime('sibling_link', `tree_id = '${treeId}'`, 'person_a, person_b');
  await rewriteSameTime('parent_child', `tree_id = '${treeId}'`, 'parent_id, child_id');
  await rewriteSameTime('citation', `tree_id = '${treeId}'`, 'id');
  await rewriteSameTime('tree', `owner_id = '${owner.user.id}'`, 'id');
  await rewriteSameTime('person', `tree_id = '${treeId}'`, 'id');

  const [queued] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from person_privacy_dirty`);
  expect(queued?.n).toBeGreaterThan(0);
}

/** The server on a restored database, as the original was configured. */
async function serverOn(database: Database): Promise<App> {
  const app = await buildApp({ config: serverConfig(dir), database, logger: false });
  await app.ready();
  return app;
}

type Answer = { status: number; body: unknown };

/**
 * Everything a reader sees, as one record of URL → answer: for the owner, every tree's lists in
 * every order, every person's page, family, children and charts, every event, place, source and
 * note; for a visitor with a share link, the same reads.
 */
async function readEverything(app: App): Promise<Record<string, Answer>> {
  const ownerClient = new TestClient(app);
  const signIn = await ownerClient.post<UserInfo>('/api/auth/signin/credentials', {
    email: owner.email,
    password: owner.password,
  });
  expect(signIn.status).toBe(200);
  const answers: Record<string, Answer> = {};
  const read = async (
    client: TestClient,
    label: string,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await client.request(method, url, body, headers);
    answers[`${label} ${method} ${url}${body ? ` ${JSON.stringify(body)}` : ''}`] = {
      status: response.status,
      body: response.body,
    };
    return response.body;
  };

  await read(ownerClient, 'owner', 'GET', `/api/user/${owner.user.id}/tree`);
  const demo = (await read(new TestClient(app), 'anyone', 'GET', '/api/demo')) as { path: string };
  const demoToken = demo.path.split('/').pop() as string;
  const demoShare = (await read(new TestClient(app), 'anyone', 'GET', `/api/share/${demoToken}`)) as {
    treeId: string;
  };
  await read(new TestClient(app), 'anyone', 'GET', `/api/share/${shareToken}`);

  /** A tree's lists, and the pages of its first `limit` persons, events and places (in id order). */
  const readTree = async (
    client: TestClient,
    label: string,
    tree: string,
    headers: Record<string, string>,
    limit = Number.POSITIVE_INFINITY,
  ) => {
    const api = `/api/${tree}`;
    const get = (url: string) => read(client, label, 'GET', `${api}/${url}`, undefined, headers);
    await get('tree');
    await get('mainnodes');
    const personIds = new Set<string>();
    for (const sort of ['name', 'created', 'recent']) {
      const list = (await get(`person?sort=${sort}&pageSize=200`)) as { items?: { id: string }[] };
      for (const item of list.items ?? []) personIds.add(item.id);
    }
    await get('person?q=%C3%B6berg&pageSize=200');
    await get('person?q=kennedy&pageSize=200');
    const events = (await get('event?pageSize=200')) as { items?: { id: string }[] };
    await get('event?sort=type&direction=desc&pageSize=200');
    await get('event?q=sunne&pageSize=200');
    const places = (await get('location?pageSize=200')) as { items?: { id: string }[] };
    await get('map');
    await get('source/true?pageSize=200');
    await get('source/repository?pageSize=200');
    await get('orphans?type=person&all=true&pageSize=200');
    await read(
      client,
      label,
      'POST',
      `${api}/source/suggested`,
      { stringToSuggestBy: 'sida', type: 'citation' },
      headers,
    );
    await read(client, label, 'POST', `${api}/suggestions/location`, { searchString: 'sunne' }, headers);
    // Every person the owner's lists name (a visitor's lists leave the living out, so read those too).
    const all = (await ownerClient.get<{ items?: { id: string }[] }>(`${api}/person?sort=created&pageSize=200`)).body;
    for (const item of all.items ?? []) personIds.add(item.id);
    for (const id of [...personIds].sort().slice(0, limit)) {
      await get(`person/${id}`);
      await get(`person/${id}/family`);
      await get(`person/${id}/child`);
      await get(`note?nodeId=${id}`);
      await read(client, label, 'POST', `${api}/event/node/${id}`, {}, headers);
    }
    for (const id of [erik.id, living.id]) {
      if (!personIds.has(id)) continue;
      await get(`person/${id}/ancestors/5`);
      await get(`person/${id}/descendants/5`);
    }
    const first = (items: { id: string }[] = []) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, limit);
    for (const item of first(events.items)) await get(`event/${item.id}`);
    for (const item of first(places.items)) {
      await get(`location/${item.id}`);
      await get(`location/${item.id}/event/all?includeDescendants=true`);
    }
  };
  await readTree(ownerClient, 'owner', treeId, {});
  await readTree(ownerClient, 'owner', importedTreeId, {}, 15);
  await readTree(new TestClient(app), 'visitor', treeId, { 'x-anor-share': shareToken });
  await readTree(new TestClient(app), 'demo visitor', demoShare.treeId, { 'x-anor-share': demoToken }, 10);
  return answers;
}

/** An empty database of a kind, as an operator makes one for a restore. */
async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: path.join(dir, `pglite-${Date.now()}`) });
  const name = randomDatabaseName('anor_restore');
  await adminQuery(`CREATE DATABASE ${name}`);
  const opened = await openDatabase({ kind: 'postgres', url: withDatabase(testDatabaseUrl(), name), poolSize: 4 });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

let original: Record<string, Answer>;

beforeAll(async () => {
  source = await createTestApp({ demoTree: true, gedcomMaxBytes: 8 * 1024 * 1024 });
  dir = await mkdtemp(path.join(tmpdir(), 'anor-backup-install-'));
  file = path.join(dir, 'install.jsonl.gz');
  await buildInstall();
  await backupDatabase(source.database.db, file, { database: source.database.kind });
  original = await readEverything(source.app);
}, 240_000);

afterAll(async () => {
  await source?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const targets: ('pglite' | 'postgres')[] = [
  'pglite',
  ...(testDatabaseKind() === 'postgres' || process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

describe.each(targets)('a realistic install restored into an empty %s database', (kind) => {
  let database: Database;
  let app: App;
  let restored: Record<string, Answer>;

  beforeAll(async () => {
    database = await emptyDatabase(kind);
    await restoreDatabase(database.db, file);
    app = await serverOn(database);
    restored = await readEverything(app);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers every read as the original server does, lists in the same order', () => {
    const urls = Object.keys(original);
    expect(urls.length).toBeGreaterThan(200);
    expect(Object.keys(restored).sort()).toEqual([...urls].sort());
    const differing = urls.filter((url) => JSON.stringify(restored[url]) !== JSON.stringify(original[url]));
    expect(differing.map((url) => ({ url, original: original[url], restored: restored[url] }))).toEqual([]);
    // The comparison compares something: the reads answered, with content.
    const failed = urls.filter((url) => (original[url]?.status ?? 0) >= 300);
    expect(failed).toEqual([]);
  });

  it('lists rows created at the same time in the same order (partners, siblings, citations)', () => {
    const family = restored[`owner GET /api/${treeId}/person/${erik.id}/family`]?.body as {
      partners: { id: string; fName: string }[];
    };
    expect(family.partners.map((p) => p.fName)).toHaveLength(4);
    const before = original[`owner GET /api/${treeId}/person/${erik.id}/family`]?.body as typeof family;
    expect(family.partners).toEqual(before.partners);
    // The order is the ids' once the times are equal: stable, whatever the table's physical order.
    const ids = family.partners.map((p) => p.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('keeps the living private from a visitor, and shows the dead', () => {
    const visitor = (id: string) =>
      restored[`visitor GET /api/${treeId}/person/${id}`]?.body as Person & {
        private?: boolean;
      };
    expect(visitor(living.id)).toMatchObject({ fName: null, lName: null, birth: null, private: true });
    expect(visitor(dead.id)).toMatchObject({ fName: 'Per', lName: 'Öberg' });
    expect(visitor(dead.id).private ?? false).toBe(false);
    const list = restored[`visitor GET /api/${treeId}/person?sort=name&pageSize=200`]?.body as {
      items: { id: string }[];
    };
    const listed = list.items.map((item) => item.id);
    expect(listed).toContain(dead.id);
    expect(listed).not.toContain(living.id);
    const note = JSON.stringify(restored[`visitor GET /api/${treeId}/note?nodeId=${living.id}`]);
    expect(note).not.toContain('Karlstad');
  });

  it('rebuilds the privacy cache after the restore as the original has it', async () => {
    const cache = (db: Database['db']) =>
      queryRows<{ tree_id: string; person_id: string; sort_key: string }>(
        db,
        sql`select tree_id::text, person_id::text, sort_key from person_public order by 1, 2`,
      );
    const rebuilt = await cache(database.db);
    expect(rebuilt.length).toBeGreaterThan(10);
    expect(rebuilt).toEqual(await cache(source.database.db));
  });
});
