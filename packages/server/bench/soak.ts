/**
 * `npm run bench` (last step, PostgreSQL only): a soak test. On a fresh PostgreSQL database (created
 * and dropped here, as in run.ts) it seeds a generated tree of persons and places just under the
 * 100,000-node ceiling (room left for the children and births the soak adds), shares it, starts the
 * real HTTP server on a free loopback port, and lets BENCH_SOAK_USERS (default 50) simulated users
 * browse and edit it over keep-alive HTTP for BENCH_SOAK_SECONDS (default 60):
 * - editors share the owner's session: reads, and about a quarter writes (rename, occupation,
 *   description, a note, a new child, a birth; with events seeded, a birth's or death's new date);
 * - visitors come through a share link (signed out, every answer passes the privacy hook): reads only.
 * Reads: mainnodes, person/{id}, person/{id}/child, ancestors/10, a page of the person list, search,
 * a place, a person's events, a first page of the event list. Prints per class and per route:
 * requests, errors (non-2xx or network error), median and 99th percentile; the process memory
 * before and after; and a verdict against the acceptance limits (0 errors, p99 under 200 ms for
 * reads and 500 ms for writes). A missed limit is reported, not fatal: the exit code is non-zero
 * only when the benchmark itself fails.
 *
 * Users behave like people: after each answer a user reads it for a while before the next action,
 * 0.5 to 2 s at random (BENCH_SOAK_THINK_MS: `0` sends the next request at once, a stress test of
 * throughput rather than of a user's wait; `800` a fixed pause; `500-2000` a range).
 *
 * The server and the simulated users share this one process (and its event loop), so latencies
 * include the client's own work: they are an upper bound for a server on a machine of its own. The
 * report also gives what the process spent (CPU, event-loop delay) and the machine's load average,
 * since on a shared machine other work stretches every latency.
 * BENCH_SOAK_NODES makes the tree smaller, BENCH_SOAK_EVENTS=1 also seeds about 400,000 life events
 * (a few minutes; past the node ceiling, so the editors then change life events' dates instead of
 * adding children and births).
 */

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { seededRandom } from '../src/seed/random.ts';
import { type SeededTree, seedEvents, seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const userCount = Number(process.env.BENCH_SOAK_USERS ?? 50);
const editorShare = 0.4;
const editorWriteShare = 0.25;
const think = thinkTime(process.env.BENCH_SOAK_THINK_MS ?? '500-2000');
const withEvents = process.env.BENCH_SOAK_EVENTS === '1';
/** Room under the 100,000-node ceiling for the children and births the editors add. */
const childRoom = 1_000;
const seededNodes = Math.min(Number(process.env.BENCH_SOAK_NODES ?? 100_000), 100_000) - childRoom;
/** Life events whose dates the editors change, when events are seeded (each editor its own). */
const lifeEventsPerEditor = 200;
/** A bound on each user's loop besides the clock. */
const maxRequestsPerUser = 100_000;
const requestTimeoutMs = 30_000;
const limits = { read: 200, write: 500 };

type Kind = 'read' | 'write';

/** `0`, `800` or `500-2000` (ms): the pause between a user's answer and their next request. */
function thinkTime(value: string) {
  const [min, max] = value.split('-').map(Number);
  if (min === undefined || !Number.isFinite(min) || (max !== undefined && !(Number.isFinite(max) && max >= min))) {
    throw new Error(`BENCH_SOAK_THINK_MS: ${value} is not a number of milliseconds or a range like 500-2000`);
  }
  const high = max ?? min;
  return {
    label:
      high === 0
        ? 'none (stress: the next request as soon as the answer is in)'
        : min === high
          ? `${min} ms`
          : `${min}–${high} ms at random`,
    pause: (random: () => number) => min + random() * (high - min),
  };
}

interface RouteStats {
  kind: Kind;
  millis: number[];
  errors: number;
  statuses: Map<string, number>;
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\n(Soak skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to run it on PostgreSQL.)');
    return;
  }
  const name = `anor_soak_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await withTempDir((dir) => soak(url.toString(), dir));
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
}

async function soak(databaseUrl: string, dataDir: string) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const app = await buildApp({ config: benchConfig(dataDir), database, logger: false });
  const agent = new http.Agent({ keepAlive: true, maxSockets: userCount });
  try {
    console.log(`\nSoak on ${database.description}`);
    let started = performance.now();
    const seeded = await seedTree(app.anor, {
      nodes: seededNodes,
      email: `soak-${Date.now()}@example.com`,
      password: 'benchmark password',
      treeName: 'Soak tree',
    });
    console.log(`(seeded ${seededNodes} nodes, ${seeded.places.length} of them places, in ${elapsed(started)} s)`);
    if (withEvents) {
      started = performance.now();
      const count = await seedEvents(app.anor, seeded);
      console.log(`(seeded ${count} life events in ${elapsed(started)} s; no children added past the ceiling)`);
    } else {
      console.log('(no life events seeded: BENCH_SOAK_EVENTS=1 adds them, and then no children are added)');
    }

    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const client = httpClient(agent, port, origin);

    const shared = await client('PUT', `/api/${seeded.treeId}/share`, { enabled: true }, { cookie: seeded.cookie });
    if (shared.status !== 200) throw new Error(`PUT share: ${shared.status} ${shared.body}`);
    const token = (JSON.parse(shared.body) as { token: string }).token;
    // A database in use has been vacuumed by autovacuum since its rows were written (and a server
    // may run with autovacuum off): without it no page is marked all-visible, and every index-only
    // scan (the list pages, the privacy look-ups) reads the table too.
    started = performance.now();
    await app.anor.db.execute(sql`vacuum analyze`);
    console.log(`(vacuumed and analysed, as autovacuum would have, in ${elapsed(started)} s)`);

    const stats = new Map<string, RouteStats>();
    // The seconds (since the start) in which a read took longer than its limit: a few seconds
    // holding them all point at stalls of the whole machine or process, not at a slow route.
    const slowSeconds = new Map<number, number>();
    const record = (route: string, kind: Kind, ms: number, status: number | string) => {
      if (ms >= limits[kind]) {
        const second = Math.floor((performance.now() - started) / 1000);
        slowSeconds.set(second, (slowSeconds.get(second) ?? 0) + 1);
      }
      let entry = stats.get(route);
      if (!entry) {
        entry = { kind, millis: [], errors: 0, statuses: new Map() };
        stats.set(route, entry);
      }
      entry.millis.push(ms);
      const ok = typeof status === 'number' && status >= 200 && status < 300;
      if (!ok) {
        entry.errors++;
        entry.statuses.set(String(status), (entry.statuses.get(String(status)) ?? 0) + 1);
      }
    };

    const editors = Math.round(userCount * editorShare);
    const lifeEvents = withEvents ? await lifeEventsOf(app.anor.db, seeded.treeId, editors * lifeEventsPerEditor) : [];
    const scenario = scenarioOf(seeded, withEvents ? 0 : childRoom - 100, lifeEvents, editors);
    global.gc?.();
    const before = process.memoryUsage();
    const deadline = performance.now() + seconds * 1000;
    console.log(
      `(${userCount} users for ${seconds} s: ${editors} editors with the owner's session, ` +
        `${userCount - editors} visitors through a share link; think time ${think.label}; ` +
        `load average ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')} on ${availableCores()} cores)`,
    );
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const pauses: number[] = [];
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pauses.push(entry.duration);
    });
    collections.observe({ entryTypes: ['gc'] });
    const busy = performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    started = performance.now();
    await Promise.all(
      Array.from({ length: userCount }, async (_, user) => {
        const editor = user < editors;
        const headers: Record<string, string> = editor ? { cookie: seeded.cookie } : { 'x-anor-share': token };
        const random = seededRandom(user + 1);
        // Users do not all arrive in the same millisecond.
        await sleep(think.pause(random) * random());
        for (let i = 0; i < maxRequestsPerUser && performance.now() < deadline; i++) {
          const write = editor && random() < editorWriteShare;
          const step = write ? scenario.write(random, user) : scenario.read(random);
          const t0 = performance.now();
          let status: number | string;
          try {
            const answer = await client(step.method, step.path, step.body, headers);
            status = answer.status;
            if (status >= 200 && status < 300) step.done?.(answer.body);
          } catch (error) {
            status = (error as NodeJS.ErrnoException).code ?? 'network error';
          }
          record(step.route, write ? 'write' : 'read', performance.now() - t0, status);
          await sleep(think.pause(random));
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const utilization = performance.eventLoopUtilization(busy).utilization;
    loop.disable();
    collections.disconnect();
    // What stays, not what is waiting for the collector (with --expose-gc, as before the run).
    global.gc?.();
    const after = process.memoryUsage();
    report(stats, wall, before, after, scenario.added());
    console.log(
      `process: CPU ${((used.user + used.system) / 1e6).toFixed(1)} s in ${wall.toFixed(1)} s ` +
        `(${((used.user + used.system) / 1e4 / wall).toFixed(0)}% of one core); event loop busy ` +
        `${(utilization * 100).toFixed(0)}% of the time, its delay (1 ms timer) median ${(loop.percentile(50) / 1e6).toFixed(1)} ms, ` +
        `p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; load average after ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const slowest = [...slowSeconds].sort((a, b) => b[1] - a[1]);
    const slowCount = slowest.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `over the limit: ${slowCount} requests in ${slowest.length} of the ${Math.ceil(wall)} seconds` +
        (slowest.length > 0
          ? `; most in second ${slowest
              .slice(0, 5)
              .map(([second, n]) => `${second} (${n})`)
              .join(', ')}`
          : ''),
    );
    console.log(
      `garbage collection: ${pauses.length} pauses, ${pauses.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms in all, ` +
        `the longest ${Math.max(0, ...pauses).toFixed(1)} ms${global.gc ? '' : ' (run with --expose-gc to collect the seeding garbage first)'}`,
    );
  } finally {
    agent.destroy();
    await app.close();
    await database.close();
  }
}

interface Step {
  route: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Called with the body of a successful answer (an edited event's new revision). */
  done?: (body: string) => void;
}

function sleep(ms: number) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

function availableCores() {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

interface LifeEvent {
  id: string;
  revision: number;
  type: string;
  startDate: string;
  participants: { personId: string; role: string }[];
}

/** Births and deaths with a plain date (no end, no range), with their participants, to edit. */
function lifeEventsOf(db: Db, treeId: string, count: number) {
  return queryRows<LifeEvent>(
    db,
    sql`select e.id, e.revision, e.type, e.start_date as "startDate",
          json_agg(json_build_object('personId', ep.person_id, 'role', ep.role) order by ep.position) as participants
        from event e join event_participant ep on ep.tree_id = e.tree_id and ep.event_id = e.id
        where e.tree_id = ${treeId} and e.type in ('birth', 'death') and e.start_date is not null
          and e.end_date is not distinct from e.start_date and e.start_date_type = 'exact'
        group by e.tree_id, e.id order by e.id limit ${count}`,
  );
}

/** What a user does next, on the seeded tree. */
function scenarioOf(seeded: SeededTree, nodeBudget: number, lifeEvents: LifeEvent[], editors: number) {
  const { treeId, family, ids, places, placeIds } = seeded;
  const base = `/api/${treeId}`;
  const persons = [...ids.values()];
  const youngest = (family.generations.at(-1) ?? []).map((key) => ids.get(key) ?? '').filter(Boolean);
  const villages = places.filter((p) => p.type === 'By').map((p) => placeIds.get(p.key) ?? '');
  const queries = ['anna andersson', 'erik', 'åsa öberg', 'smed lund', 'kar', 'johan', 'maria nilsdotter'];
  const occupations = ['bonde', 'smed', 'torpare', 'dräng', 'piga', 'skräddare', 'soldat'];
  const pages = Math.floor(persons.length / 20);
  const pick = <T>(items: readonly T[], random: () => number) => items[Math.floor(random() * items.length)] as T;
  let added = 0;
  // Each editor edits events and records births of persons of their own, so two editors never
  // race for the same revision or give one person two births.
  const share = <T>(items: readonly T[], editor: number) =>
    items.filter((_, index) => index % Math.max(1, editors) === editor);
  const births = new Map<number, string[]>();
  const eventsOf = new Map<number, LifeEvent[]>();

  const reads: ((random: () => number) => Step)[] = [
    () => ({ route: 'GET mainnodes', method: 'GET', path: `${base}/mainnodes` }),
    (r) => ({ route: 'GET person/{id}', method: 'GET', path: `${base}/person/${pick(persons, r)}` }),
    (r) => ({ route: 'GET person/{id}/child', method: 'GET', path: `${base}/person/${pick(persons, r)}/child` }),
    (r) => ({
      route: 'GET person/{id}/ancestors/10',
      method: 'GET',
      path: `${base}/person/${pick(r() < 0.5 ? youngest : persons, r)}/ancestors/10`,
    }),
    (r) => ({
      route: 'GET person?sort=name&page=…',
      method: 'GET',
      path: `${base}/person?sort=name&page=${1 + Math.floor(r() * pages)}&pageSize=20`,
    }),
    (r) => ({
      route: 'GET person?q=… (search)',
      method: 'GET',
      path: `${base}/person?q=${encodeURIComponent(pick(queries, r))}&pageSize=20`,
    }),
    (r) =>
      villages.length > 0
        ? { route: 'GET location/{id}', method: 'GET', path: `${base}/location/${pick(villages, r)}` }
        : { route: 'GET mainnodes', method: 'GET', path: `${base}/mainnodes` },
    (r) => ({
      route: 'POST event/node/{id}',
      method: 'POST',
      path: `${base}/event/node/${pick(persons, r)}`,
      body: {},
    }),
    (r) => ({
      route: 'GET event?page=… (event list)',
      method: 'GET',
      path: `${base}/event?sort=date&page=${1 + Math.floor(r() * 5)}&pageSize=20`,
    }),
  ];
  // The person page is what users open most: its calls come up twice as often.
  const readWeights = [2, 3, 2, 1, 1, 1, 1, 2, 1];
  const readTable = reads.flatMap((read, i) => Array.from({ length: readWeights[i] ?? 1 }, () => read));

  type Write = (random: () => number, editor: number) => Step | undefined;
  const edits: Write[] = [
    (r) => ({
      route: 'PUT person/{id}/name',
      method: 'PUT',
      path: `${base}/person/${pick(persons, r)}/name`,
      body: { fName: pick(['Anna', 'Erik', 'Karin', 'Johan'], r), lName: `Soak${Math.floor(r() * 1000)}` },
    }),
    (r) => ({
      route: 'PUT person/{id}/occ',
      method: 'PUT',
      path: `${base}/person/${pick(persons, r)}/occ`,
      body: { occupation: pick(occupations, r) },
    }),
    (r) => ({
      route: 'PUT node/{id}/description',
      method: 'PUT',
      path: `${base}/node/${pick(persons, r)}/description`,
      body: { description: `Noted during the soak, ${Math.floor(r() * 1e6)}.` },
    }),
    (r) => ({
      route: 'POST note',
      method: 'POST',
      path: `${base}/note`,
      body: {
        note: { title: 'Soak', text: `<p>A note from the <em>soak</em> ${Math.floor(r() * 1e6)}.</p>` },
        connectedNodeIds: [pick(persons, r)],
      },
    }),
  ];
  const growth: Write[] = [
    (r) => {
      if (added >= nodeBudget) return undefined;
      added++;
      return {
        route: 'POST person (add a child)',
        method: 'POST',
        path: `${base}/person`,
        body: { person: { fName: 'Ny', lName: 'Soak' }, relation: { type: 'child', personId: pick(youngest, r) } },
      };
    },
    // A birth recorded: who is presumed living changes, and visitors' next reads bring the privacy
    // cache up to date (long ago: the person becomes public; recently: stays private).
    (r, editor) => {
      if (added >= nodeBudget) return undefined;
      const mine = births.get(editor) ?? share(persons, editor);
      births.set(editor, mine);
      const personId = mine.pop();
      if (!personId) return undefined;
      added++;
      return {
        route: 'POST event (a birth)',
        method: 'POST',
        path: `${base}/event`,
        body: {
          type: 'birth',
          startDate: String(r() < 0.7 ? 1750 + Math.floor(r() * 150) : 1950 + Math.floor(r() * 60)),
          participants: [{ personId, role: 'primary' }],
        },
      };
    },
  ];
  // With events seeded (the tree past the ceiling, nothing can be added): a birth or death a year
  // later or earlier.
  const lifeEdit: Write = (r, editor) => {
    const mine = eventsOf.get(editor) ?? share(lifeEvents, editor);
    eventsOf.set(editor, mine);
    const event = mine.length > 0 ? pick(mine, r) : undefined;
    if (!event) return undefined;
    const year = Number(event.startDate.slice(0, 4)) + (r() < 0.5 ? 1 : -1);
    const rest = event.startDate.slice(4);
    return {
      route: `PUT event/{id} (a ${event.type}'s date)`,
      method: 'PUT',
      path: `${base}/event/${event.id}`,
      body: {
        oldEvent: { id: event.id, revision: event.revision },
        newEvent: {
          type: event.type,
          startDate: `${String(year).padStart(4, '0')}${rest === '-02-29' ? '' : rest}`,
          participants: event.participants,
        },
      },
      done: (body) => {
        const answer = JSON.parse(body) as { event: { revision: number; startDate: string } };
        event.revision = answer.event.revision;
        event.startDate = answer.event.startDate;
      },
    };
  };
  const writes = [...edits, ...(lifeEvents.length > 0 ? [lifeEdit] : growth)];

  return {
    read: (random: () => number) => pick(readTable, random)(random),
    // Past the budget of new nodes, a rename instead.
    write: (random: () => number, editor: number): Step =>
      pick(writes, random)(random, editor) ?? (edits[0]?.(random, editor) as Step),
    added: () => added,
  };
}

/** One request over the keep-alive agent: JSON in, the status and body text out. */
function httpClient(agent: http.Agent, port: number, origin: string) {
  return (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method,
          path,
          timeout: requestTimeoutMs,
          headers: {
            origin,
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      request.on('error', reject);
      request.end(payload);
    });
}

function report(
  stats: Map<string, RouteStats>,
  wall: number,
  before: NodeJS.MemoryUsage,
  after: NodeJS.MemoryUsage,
  nodesAdded: number,
) {
  const quantile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line = (label: string, millis: number[], errors: number, extra = '') => {
    const sorted = [...millis].sort((a, b) => a - b);
    console.log(
      `${label.padEnd(40)} ${String(millis.length).padStart(8)} ${String(errors).padStart(7)} ` +
        `${ms(quantile(sorted, 0.5)).padStart(10)} ${ms(quantile(sorted, 0.99)).padStart(10)}${extra}`,
    );
    return { count: millis.length, p99: quantile(sorted, 0.99) };
  };
  console.log(
    `\n${'route'.padEnd(40)} ${'requests'.padStart(8)} ${'errors'.padStart(7)} ${'median'.padStart(10)} ${'p99'.padStart(10)}`,
  );
  const classes: Record<Kind, { millis: number[]; errors: number }> = {
    read: { millis: [], errors: 0 },
    write: { millis: [], errors: 0 },
  };
  for (const kind of ['read', 'write'] as const) {
    for (const [route, entry] of [...stats].filter(([, e]) => e.kind === kind).sort(([a], [b]) => a.localeCompare(b))) {
      const statuses = [...entry.statuses].map(([status, n]) => `${status}×${n}`).join(', ');
      line(
        `${kind === 'read' ? 'read' : 'write'}: ${route}`,
        entry.millis,
        entry.errors,
        statuses ? `  (${statuses})` : '',
      );
      classes[kind].millis.push(...entry.millis);
      classes[kind].errors += entry.errors;
    }
  }
  const reads = line('all reads', classes.read.millis, classes.read.errors);
  const writes = line('all writes', classes.write.millis, classes.write.errors);
  const total = reads.count + writes.count;
  console.log(
    `(${total} requests in ${wall.toFixed(1)} s: ${(total / wall).toFixed(0)} per second; ${nodesAdded} children and births added)`,
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `memory before: rss ${mb(before.rss)}, heapUsed ${mb(before.heapUsed)}; ` +
      `after: rss ${mb(after.rss)}, heapUsed ${mb(after.heapUsed)}`,
  );
  const errors = classes.read.errors + classes.write.errors;
  const missed = [
    errors > 0 ? `${errors} errors` : '',
    reads.p99 >= limits.read ? `read p99 ${ms(reads.p99)} ≥ ${limits.read} ms` : '',
    writes.p99 >= limits.write ? `write p99 ${ms(writes.p99)} ≥ ${limits.write} ms` : '',
  ].filter(Boolean);
  console.log(
    missed.length === 0
      ? `verdict: PASS (0 errors, read p99 ${ms(reads.p99)} < ${limits.read} ms, write p99 ${ms(writes.p99)} < ${limits.write} ms)`
      : `verdict: MISSED (${missed.join('; ')})`,
  );
}

function elapsed(started: number) {
  return ((performance.now() - started) / 1000).toFixed(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
