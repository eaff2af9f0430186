/**
 * `npm run bench` (last step, PostgreSQL only): a soak test. On a fresh PostgreSQL database (created
 * and dropped here, as in run.ts) it seeds a generated tree of persons and places just under the
 * 100,000-node ceiling (room left for the children and births the soak adds), shares it, starts the
 * server in a **child process of its own** (bench/soak-server.ts: the app as main.ts builds it, with
 * no rate limits in the way), and lets simulated users, running in this process
 * (bench/soak-load.ts), browse and edit it over keep-alive HTTP for BENCH_SOAK_SECONDS (default 60),
 * after BENCH_SOAK_WARMUP_SECONDS (default 5) of the same load that is not counted:
 * - editors (40%) share the owner's session: reads, and a quarter writes (rename, occupation,
 *   description, a note, a new child, a birth; with events seeded, a birth's or death's new date);
 * - visitors come through a share link (signed out, every answer passes the privacy hook): reads only.
 * Reads (bench/soak-scenario.ts): mainnodes, person/{id}, person/{id}/child, ancestors/10, a page of
 * the person list, search, a place, a person's events, a first page of the event list.
 *
 * Two modes, by BENCH_SOAK_THINK_MS:
 * - paced (default `500-2000`): after each answer a user reads it for 0.5 to 2 s at random (`800` a
 *   fixed pause); BENCH_SOAK_USERS defaults to 200. The verdict is against the acceptance limits:
 *   0 errors, p99 under 200 ms for reads and 500 ms for writes.
 * - saturation (`0`): the next request as soon as the answer is in; BENCH_SOAK_USERS defaults to 50.
 *   The figure is requests per second.
 * Prints per route and per class: requests, errors (non-2xx or network error), median and 99th
 * percentile; requests per second; and for the server's process its CPU time per request (its own
 * process.cpuUsage, reported over IPC), event-loop use and delay, garbage collection and memory;
 * beside it the CPU of the users' process (this one) and of the PostgreSQL backends of the soak's
 * database (from /proc), since on two cores all three share the machine. And the load average: on a
 * shared machine other work stretches every latency.
 *
 * BENCH_SOAK_SERVER=in-process runs the server in this process instead, beside the users, as the
 * soak did before issue 25 (its figures then include the users' own work); `both` runs that first
 * and then the child process on the same tree, for a comparison in one run. BENCH_SOAK_PROFILE=DIR
 * writes a V8 CPU profile of the server's process over the measured run into DIR
 * (`soak-server.cpuprofile`; `tsx bench/profile-summary.ts FILE` lists where the time went); the
 * profiler itself costs the server a good share of its CPU, so compare CPU figures only between runs
 * with the same setting.
 * BENCH_SOAK_NODES makes the tree smaller, BENCH_SOAK_EVENTS=1 also seeds about 400,000 life events
 * (a few minutes; past the node ceiling, so the editors then change life events' dates instead of
 * adding children and births). A missed limit is reported, not fatal: the exit code is non-zero
 * only when the benchmark itself fails.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedEvents, seedTree } from '../src/seed/seed-tree.ts';
import { freePort } from '../test/support/free-port.ts';
import { type LoadOptions, reportLoad, runUsers, type Summary } from './soak-load.ts';
import { formatProcess, type ProcessFigures, startBackendMeter, startProcessMeter } from './soak-meter.ts';
import { lifeEventsOf, scenarioOf, thinkTime } from './soak-scenario.ts';
import type { ParentMessage, ServerMessage } from './soak-server.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const think = thinkTime(process.env.BENCH_SOAK_THINK_MS ?? '500-2000');
const saturation = think.pause(() => 1) === 0;
const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const warmupSeconds = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 5);
const userCount = Number(process.env.BENCH_SOAK_USERS ?? (saturation ? 50 : 200));
const editorShare = 0.4;
const editorWriteShare = 0.25;
const withEvents = process.env.BENCH_SOAK_EVENTS === '1';
const placement = process.env.BENCH_SOAK_SERVER ?? 'process';
const profileDir = process.env.BENCH_SOAK_PROFILE ? path.resolve(process.env.BENCH_SOAK_PROFILE) : null;
/** Room under the 100,000-node ceiling for the children and births the editors add. */
const childRoom = 1_000;
const seededNodes = Math.min(Number(process.env.BENCH_SOAK_NODES ?? 100_000), 100_000) - childRoom;
/** Life events whose dates the editors change, when events are seeded (each editor its own). */
const lifeEventsPerEditor = 200;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Placement = 'in-process' | 'process';

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\n(Soak skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to run it on PostgreSQL.)');
    return;
  }
  const placements: Placement[] =
    placement === 'both' ? ['in-process', 'process'] : placement === 'in-process' ? ['in-process'] : ['process'];
  const name = `anor_soak_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await withTempDir((dir) => soak({ adminUrl, name, databaseUrl: url.toString(), dataDir: dir, placements }));
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
}

interface Run {
  placement: Placement;
  summary: Summary;
  server: ProcessFigures;
  client: ProcessFigures | null;
  backendSeconds: number | null;
}

async function soak(options: {
  adminUrl: string;
  name: string;
  databaseUrl: string;
  dataDir: string;
  placements: Placement[];
}) {
  const { databaseUrl, dataDir } = options;
  const config = benchConfig(dataDir, { demoTree: false });
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, timeouts: config.databaseTimeouts });
  let app: App | null = await buildApp({ config, database, logger: false });
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
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/${seeded.treeId}/share`,
      payload: { enabled: true },
      headers: { cookie: seeded.cookie },
    });
    if (shared.statusCode !== 200) throw new Error(`PUT share: ${shared.statusCode} ${shared.body}`);
    const token = (shared.json() as { token: string }).token;
    // A database in use has been vacuumed by autovacuum since its rows were written (and a server
    // may run with autovacuum off): without it no page is marked all-visible, and every index-only
    // scan (the list pages, the privacy look-ups) reads the table too.
    started = performance.now();
    await app.anor.db.execute(sql`vacuum analyze`);
    console.log(`(vacuumed and analysed, as autovacuum would have, in ${elapsed(started)} s)`);

    const editors = Math.round(userCount * editorShare);
    const lifeEvents = withEvents ? await lifeEventsOf(app.anor.db, seeded.treeId, editors * lifeEventsPerEditor) : [];
    const scenario = scenarioOf(seeded, lifeEvents, editors);
    const load = (port: number, runSeconds: number, seed: number): LoadOptions => ({
      port,
      users: userCount,
      editors,
      seconds: runSeconds,
      editorHeaders: { cookie: seeded.cookie },
      visitorHeaders: { 'x-anor-share': token },
      pause: think.pause,
      next: (random, user, write) => (write ? scenario.write(random, user) : scenario.read(random)),
      writeShare: editorWriteShare,
      seed,
    });
    console.log(
      `(${userCount} users for ${warmupSeconds} s of warm-up and ${seconds} s measured: ${editors} editors with the ` +
        `owner's session, ${userCount - editors} visitors through a share link; think time ${think.label}; ` +
        `${os.availableParallelism()} cores)`,
    );

    const runs: Run[] = [];
    for (const [index, where] of options.placements.entries()) {
      // Each run may add its share of the children and births there is room for.
      scenario.grant(Math.floor((withEvents ? 0 : childRoom - 100) / options.placements.length));
      console.log(
        `\n${where === 'process' ? 'Server in a child process of its own' : 'Server in the users’ process (as before issue 25)'}; ` +
          `load average ${loadAverage()}`,
      );
      if (where === 'in-process' && app) {
        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as { port: number };
        await runUsers(load(port, warmupSeconds, 1000 + index));
        const stop = startProcessMeter();
        const backends = await startBackendMeter(options.adminUrl, options.name);
        const result = await runUsers(load(port, seconds, index));
        const figures = stop();
        const backendSeconds = await backends();
        runs.push({
          placement: where,
          summary: reportLoad(result, true),
          server: figures,
          client: null,
          backendSeconds,
        });
      } else {
        // The seeding app's connections go before the server's come.
        await app?.close();
        app = null;
        runs.push(await runInChild(databaseUrl, dataDir, options, load, index));
      }
      const run = runs.at(-1) as Run;
      console.log(
        formatProcess(
          where === 'process' ? 'server process' : 'the one process (server and users)',
          run.server,
          run.summary.requests,
        ),
      );
      if (run.client) console.log(formatProcess('users’ process (this one)', run.client, run.summary.requests));
      console.log(backendLine(run));
      console.log(`load average after ${loadAverage()}`);
    }
    if (runs.length > 1) {
      console.log('\nplacement     requests/s  read p50/p99 ms  write p50/p99 ms  errors  server CPU ms/request');
      for (const { placement: where, summary, server } of runs) {
        console.log(
          `${where.padEnd(12)} ${summary.perSecond.toFixed(0).padStart(11)}  ${`${summary.read.p50.toFixed(1)}/${summary.read.p99.toFixed(1)}`.padStart(15)}  ` +
            `${`${summary.write.p50.toFixed(1)}/${summary.write.p99.toFixed(1)}`.padStart(16)}  ${String(summary.errors).padStart(6)}  ` +
            `${((server.cpuSeconds * 1000) / Math.max(1, summary.requests)).toFixed(2).padStart(21)}`,
        );
      }
    }
  } finally {
    await app?.close();
    await database.close();
  }
}

async function runInChild(
  databaseUrl: string,
  dataDir: string,
  options: { adminUrl: string; name: string },
  load: (port: number, seconds: number, seed: number) => LoadOptions,
  index: number,
): Promise<Run> {
  const port = await freePort();
  if (profileDir) await mkdir(profileDir, { recursive: true });
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/soak-server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      SOAK_DATABASE_URL: databaseUrl,
      SOAK_DATA_DIR: dataDir,
      SOAK_PORT: String(port),
      SOAK_CPU_PROFILE: profileDir ? path.join(profileDir, 'soak-server.cpuprofile') : '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await answer(child, null, 'listening');
    await runUsers(load(port, warmupSeconds, 1000 + index));
    await answer(child, { cmd: 'start' }, 'started');
    const client = startProcessMeter();
    const backends = await startBackendMeter(options.adminUrl, options.name);
    const result = await runUsers(load(port, seconds, index));
    const clientFigures = client();
    const backendSeconds = await backends();
    const message = await answer(child, { cmd: 'stop' }, 'figures');
    if (message.type !== 'figures') throw new Error('the server did not report its figures');
    if (profileDir) console.log(`(the server's CPU profile: ${path.join(profileDir, 'soak-server.cpuprofile')})`);
    return {
      placement: 'process',
      summary: reportLoad(result, true),
      server: message.figures,
      client: clientFigures,
      backendSeconds,
    };
  } finally {
    if (child.connected) child.send({ cmd: 'exit' } satisfies ParentMessage);
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    if (code !== 0) {
      console.warn(`(the server process ended with ${String(code)})`);
      child.kill('SIGKILL');
    }
  }
}

/** Sends `message` (if any) to the server and waits for its answer of type `type`. */
function answer(child: ChildProcess, message: ParentMessage | null, type: ServerMessage['type']) {
  return new Promise<ServerMessage>((resolve, reject) => {
    const onMessage = (reply: ServerMessage) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code: number | null) => reject(new Error(`the server process exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

function backendLine(run: Run) {
  if (run.backendSeconds === null) return 'PostgreSQL backends: not measured (their /proc is not readable from here)';
  return (
    `PostgreSQL backends of the soak's database: CPU ${run.backendSeconds.toFixed(1)} s, ` +
    `${((run.backendSeconds * 1000) / Math.max(1, run.summary.requests)).toFixed(2)} ms per request`
  );
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

function elapsed(started: number) {
  return ((performance.now() - started) / 1000).toFixed(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
