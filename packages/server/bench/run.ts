/**
 * `npm run bench`: latencies through the whole server (app.inject, so no network) on a fresh
 * embedded database, and on PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 * server whose user may create databases. Two parts:
 * - the foundation's hot paths (registration, sign-in, tree creation, session, tree list);
 * - a generated tree of BENCH_PERSONS persons (default 100,000): the person page's calls,
 *   ancestors of 10 generations, descendants, person search, and adding a child (which
 *   recomputes every root relation of the tree); its places; then about 350,000 life events
 *   (past the node ceiling on purpose) and the event calls: a person's events, events by type,
 *   contemporary events and the residence wizard's candidates.
 * Prints median, 95th and 99th percentile per operation.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { type SeededTree, seedEvents, seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const largeTreePersons = Number(process.env.BENCH_PERSONS ?? 100_000);
const addedChildren = 20;
const addedPlaces = 20;

interface Sample {
  name: string;
  millis: number[];
}

async function main() {
  if (process.env.BENCH_PGLITE === '0') {
    console.log('(PGlite skipped: BENCH_PGLITE=0.)');
  } else {
    const pglite = await withTempDir(async (dir) => {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      return benchmark(database, dir);
    });
    print(pglite);
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `anor_bench_${randomBytes(4).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const result = await withTempDir(async (dir) =>
        benchmark(await openDatabase({ kind: 'postgres', url: url.toString() }), dir),
      );
      print(result);
    } finally {
      await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
  } else {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
  }
}

async function benchmark(database: Database, dataDir: string) {
  const config = benchConfig(dataDir);
  const app = await buildApp({ config, database, logger: false });
  const samples: Sample[] = [];
  try {
    await foundation(app, samples);
    const seeded = await largeTree(app, samples);
    await largeTreePlaces(app, samples, seeded);
    // Events last: they take the tree past the node ceiling, after which nothing more can be added.
    await largeTreeEvents(app, samples, seeded);
    await largeTreeVisitor(app, samples, seeded);
  } finally {
    await app.close();
    await database.close();
  }
  return { description: database.description, samples };
}

function measure(samples: Sample[]) {
  return async (name: string, operation: (i: number) => Promise<unknown>, times = iterations) => {
    const millis: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = process.hrtime.bigint();
      await operation(i);
      millis.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    samples.push({ name, millis });
  };
}

function injector(app: App) {
  return async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    cookie?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
}

async function foundation(app: App, samples: Sample[]) {
  const inject = injector(app);
  const run = measure(samples);
  const stamp = Date.now();
  const cookies: string[] = [];
  const userIds: string[] = [];
  await run('register (argon2id hash + session)', async (i) => {
    const response = await inject('POST', '/api/user', {
      fName: 'Bench',
      email: `bench${stamp}-${i}@example.com`,
      password: 'benchmark password',
    });
    cookies.push(String(response.headers['set-cookie']).split(';')[0] ?? '');
    userIds.push(JSON.parse(response.body).id);
  });
  await run('sign in (argon2id verify + session)', (i) =>
    inject('POST', '/api/auth/signin/credentials', {
      email: `bench${stamp}-${i}@example.com`,
      password: 'benchmark password',
    }),
  );
  await run('create tree (with root person)', (i) =>
    inject('POST', `/api/user/${userIds[i]}/tree`, { treeName: `Tree ${i}` }, cookies[i]),
  );
  await run('GET session', (i) => inject('GET', '/api/auth/session', undefined, cookies[i]));
  await run('GET tree list with counts', (i) => inject('GET', `/api/user/${userIds[i]}/tree`, undefined, cookies[i]));
}

async function largeTree(app: App, samples: Sample[]): Promise<SeededTree> {
  const inject = injector(app);
  const run = measure(samples);
  const started = performance.now();
  // Room for the children and places added below, under the paid ceiling of 100,000 nodes.
  const seededNodes = Math.min(largeTreePersons, 100_000 - addedChildren - addedPlaces);
  const seeded = await seedTree(app.anor, {
    nodes: seededNodes,
    email: `bench-large-${Date.now()}@example.com`,
    password: 'benchmark password',
    treeName: 'Large tree',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  samples.push({
    name: `(seeding ${seededNodes} nodes, ${seeded.places.length} of them places, took ${seconds} s)`,
    millis: [],
  });
  const { cookie, treeId, family, ids } = seeded;
  const idOf = (key: string | undefined) => ids.get(key ?? '') ?? '';
  const youngest = family.generations.at(-1) ?? [];
  const middle = family.generations[Math.floor(family.generations.length / 2)] ?? [];
  const oldest = family.generations[0] ?? [];
  const at = (keys: string[], i: number) => idOf(keys[(i * 7919) % keys.length]);
  const base = `/api/${treeId}`;

  await run('person page: GET mainnodes', () => inject('GET', `${base}/mainnodes`, undefined, cookie));
  await run('person page: GET person/{id}', (i) => inject('GET', `${base}/person/${at(middle, i)}`, undefined, cookie));
  await run('person page: GET person/{id}/child', (i) =>
    inject('GET', `${base}/person/${at(middle, i)}/child`, undefined, cookie),
  );
  await run('GET ancestors/10 (youngest generation)', (i) =>
    inject('GET', `${base}/person/${at(youngest, i)}/ancestors/10`, undefined, cookie),
  );
  await run('GET descendants/4 (middle generation)', (i) =>
    inject('GET', `${base}/person/${at(middle, i)}/descendants/4`, undefined, cookie),
  );
  await run(
    'GET descendants/10 (a founder)',
    (i) => inject('GET', `${base}/person/${at(oldest, i)}/descendants/10`, undefined, cookie),
    20,
  );
  const queries = ['anna andersson', 'erik', 'åsa öberg', 'smed lund', 'kar'];
  await run('search: GET person?q=… (two terms or one)', (i) =>
    inject(
      'GET',
      `${base}/person?q=${encodeURIComponent(queries[i % queries.length] ?? '')}&pageSize=20`,
      undefined,
      cookie,
    ),
  );
  await run('list: GET person?sort=name&page=2000', () =>
    inject('GET', `${base}/person?sort=name&page=2000&pageSize=20`, undefined, cookie),
  );
  await run(
    'add a child (recomputes root relations)',
    (i) =>
      inject(
        'POST',
        `${base}/person`,
        { person: { fName: 'Ny', lName: 'Bench' }, relation: { type: 'child', personId: at(youngest, i) } },
        cookie,
      ),
    addedChildren,
  );
  return seeded;
}

async function largeTreePlaces(app: App, samples: Sample[], seeded: SeededTree) {
  const inject = injector(app);
  const run = measure(samples);
  const { cookie, treeId, places, placeIds } = seeded;
  const base = `/api/${treeId}`;
  const counties = places.filter((p) => p.type === 'Län');
  const villages = places.filter((p) => p.type === 'By');
  const at = <T>(items: T[], i: number) => items[(i * 7919) % items.length] as T;
  const idOf = (key: string) => placeIds.get(key) ?? '';
  await run('place: GET location/{id} (a village)', (i) =>
    inject('GET', `${base}/location/${idOf(at(villages, i).key)}`, undefined, cookie),
  );
  await run('place: GET location/{id}/descendants (a county)', (i) =>
    inject('GET', `${base}/location/${idOf(at(counties, i).key)}/descendants`, undefined, cookie),
  );
  await run('place: POST location/{id}/map with relatives (county)', (i) =>
    inject('POST', `${base}/location/${idOf(at(counties, i).key)}/map`, { includeRelatives: true }, cookie),
  );
  await run('place: POST location/match (existing, 4 levels)', (i) => {
    const village = at(villages, i);
    const parish = places.find((p) => p.key === village.parentKey);
    const county = places.find((p) => p.key === parish?.parentKey);
    return inject(
      'POST',
      `${base}/location/match`,
      { text: `${village.name}, ${parish?.name}, ${county?.name}, Sverige` },
      cookie,
    );
  });
  await run('place: POST suggestions/location', (i) =>
    inject('POST', `${base}/suggestions/location`, { searchString: `Byn ${(i % 25) + 1}-1` }, cookie),
  );
  await run(
    'place: POST location/match (new farm)',
    (i) => {
      const village = at(villages, i);
      const parish = places.find((p) => p.key === village.parentKey);
      const county = places.find((p) => p.key === parish?.parentKey);
      return inject(
        'POST',
        `${base}/location/match`,
        { text: `Gård ${i}, ${village.name}, ${parish?.name}, ${county?.name}, Sverige` },
        cookie,
      );
    },
    addedPlaces,
  );
}

async function largeTreeEvents(app: App, samples: Sample[], seeded: SeededTree) {
  const inject = injector(app);
  const run = measure(samples);
  const started = performance.now();
  const count = await seedEvents(app.anor, seeded);
  samples.push({
    name: `(seeding ${count} events took ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    millis: [],
  });
  const { cookie, treeId, family, ids } = seeded;
  const base = `/api/${treeId}`;
  const middle = family.generations[Math.floor(family.generations.length / 2)] ?? [];
  const at = (keys: string[], i: number) => ids.get(keys[(i * 7919) % keys.length] ?? '') ?? '';
  await run('events: POST event/node/{personId} (person page)', (i) =>
    inject('POST', `${base}/event/node/${at(middle, i)}`, {}, cookie),
  );
  await run('events: POST person/{id}/event/type (birth, death)', (i) =>
    inject('POST', `${base}/person/${at(middle, i)}/event/type`, { eventTypes: ['birth', 'death'] }, cookie),
  );
  await run('events: GET person/{id} (with birth and death)', (i) =>
    inject('GET', `${base}/person/${at(middle, i)}`, undefined, cookie),
  );
  await run('events: GET event/type/marriage (first page)', () =>
    inject('GET', `${base}/event/type/marriage?pageSize=20`, undefined, cookie),
  );
  await run('events: GET event?sort=date&page=50', () =>
    inject('GET', `${base}/event?sort=date&page=50&pageSize=20`, undefined, cookie),
  );
  await run(
    'events: GET event?sort=date&page=5000 (offset 100,000)',
    () => inject('GET', `${base}/event?sort=date&page=5000&pageSize=20`, undefined, cookie),
    20,
  );
  // Residences of the middle generation's households, for the contemporary calls.
  const residences: string[] = [];
  for (let i = 0; residences.length < 20 && i < 200; i++) {
    const response = await inject(
      'POST',
      `${base}/person/${at(middle, i)}/event/type`,
      { eventTypes: ['residence'] },
      cookie,
    );
    const first = (JSON.parse(response.body) as { events: { id: string }[] }).events[0];
    if (first) residences.push(first.id);
  }
  const residence = (i: number) => residences[i % residences.length] ?? '';
  await run('events: POST event/{id}/simultaneous (contemporary residences)', (i) =>
    inject('POST', `${base}/event/${residence(i)}/simultaneous`, { eventTypes: ['residence'] }, cookie),
  );
  await run('events: POST event/{id}/simultaneous (births, deaths)', (i) =>
    inject('POST', `${base}/event/${residence(i)}/simultaneous`, { eventTypes: ['birth', 'death'] }, cookie),
  );
  await run('events: GET possibleParticipants (residence wizard)', (i) =>
    inject(
      'GET',
      `${base}/person/${at(middle, i)}/event/type/residence/possibleParticipants?startDate=1800&endDate=1810`,
      undefined,
      cookie,
    ),
  );
}

/**
 * The same tree through a share link, signed out: every answer passes the privacy hook, which asks
 * the database which of the answer's ids are living persons (and their events, notes, citations).
 */
async function largeTreeVisitor(app: App, samples: Sample[], seeded: SeededTree) {
  const inject = injector(app);
  const run = measure(samples);
  const { cookie, treeId, family, ids } = seeded;
  const base = `/api/${treeId}`;
  const shared = await inject('PUT', `${base}/share`, { enabled: true }, cookie);
  const visitor = { 'x-anor-share': (JSON.parse(shared.body) as { token: string }).token };
  const get = (url: string) => inject('GET', url, undefined, undefined, visitor);
  const middle = family.generations[Math.floor(family.generations.length / 2)] ?? [];
  const youngest = family.generations.at(-1) ?? [];
  const at = (keys: string[], i: number) => ids.get(keys[(i * 7919) % keys.length] ?? '') ?? '';
  await run('visitor: GET person/{id} (privacy checked)', (i) => get(`${base}/person/${at(middle, i)}`));
  await run('visitor: GET person/{id}/child', (i) => get(`${base}/person/${at(middle, i)}/child`));
  await run('visitor: POST event/node/{personId}', (i) =>
    inject('POST', `${base}/event/node/${at(middle, i)}`, {}, undefined, visitor),
  );
  await run('visitor: GET ancestors/10 (youngest generation)', (i) =>
    get(`${base}/person/${at(youngest, i)}/ancestors/10`),
  );
  await run('visitor: GET person list, first page (living left out)', () => get(`${base}/person?pageSize=20`));
  const queries = ['anna andersson', 'erik', 'åsa öberg', 'smed lund', 'kar'];
  await run('visitor: GET person?q=…', (i) =>
    get(`${base}/person?q=${encodeURIComponent(queries[i % queries.length] ?? '')}&pageSize=20`),
  );
  // After an owner's edit of an event or a parent link (the triggers raise the tree's privacy
  // revision; raised directly here, as the tree is past the node ceiling), the first visitor
  // recomputes who is presumed living (person_public) for the whole tree.
  await run(
    'visitor: first GET person/{id} after an edit (recomputes 100k)',
    async (i) => {
      await app.anor.db.execute(sql`update tree set privacy_revision = privacy_revision + 1 where id = ${treeId}`);
      await get(`${base}/person/${at(middle, i)}`);
    },
    10,
  );
}

function print({ description, samples }: { description: string; samples: Sample[] }) {
  console.log(`\n${description}`);
  console.log(`${'operation'.padEnd(58)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}`);
  for (const { name, millis } of samples) {
    if (millis.length === 0) {
      console.log(name);
      continue;
    }
    const sorted = [...millis].sort((a, b) => a - b);
    const q = (p: number) =>
      `${(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1)} ms`;
    console.log(`${name.padEnd(58)} ${q(0.5).padStart(10)} ${q(0.95).padStart(10)} ${q(0.99).padStart(10)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
