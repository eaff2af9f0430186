/**
 * `npm run bench` (second part): GEDCOM import end to end, through the API (app.inject: the
 * route, parsing, mapping, limits and the one transaction), on a fresh PGlite and on PostgreSQL
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server whose user may create databases.
 * - royal92.ged (3,010 persons) and the largest real sample, several times each (median shown);
 * - a generated file of BENCH_GEDCOM_PERSONS persons (default 100,000), once, as a job (its progress
 *   asked for every 50 ms, as the import page does), in a child process of its own so that its
 *   peak memory (maxRSS) is the import's alone: the total time, the time of each phase the job
 *   showed with the resident memory at its highest in it, and how long the slowest poll of its
 *   progress waited. Its database is created before, in another process (PGlite's initdb alone
 *   peaks near 900 MB). Then the tree is downloaded as GEDCOM 7.0 over a socket, read as it
 *   streams: its time, size and chunks, and the resident memory while it was written.
 * For each file: the time and its target (met or not), the rows the import wrote (its history's
 * count of them: the tree's rows, whose history rows are written besides) per second, and the
 * share of the time in parse (decoding and reading the file's lines into records), plan (mapping
 * the records to rows, gedcom.mapper.ts) and write (the rest: the database, the job around it and
 * the request). Parse and plan are timed on their own in this process, on the file in memory, and
 * write is what the import through the API took beyond them. Then, when Gramps is installed
 * (`gramps` on the PATH), the ratio to its command-line import of the same file into a new
 * family tree (`gramps -y -C x -i FILE`, with a HOME of its own), timed once after the rest.
 * Targets on PostgreSQL (issue 25): royal92 under 250 ms, the 4,578-person gedcom4j sample under
 * 600 ms, the 100,000-person file under 12 s within 500 MB of peak memory; on PGlite (issue 7):
 * royal92 under 1 s, the 100,000-person file within 1 GB.
 *
 * Environment: BENCH_GEDCOM_IMPORT_RUNS (runs per sample file, default 5; 0 skips them),
 * BENCH_PGLITE=0 skips PGlite, BENCH_GEDCOM_PERSONS (0 skips the generated file),
 * BENCH_GRAMPS=0 skips Gramps, BENCH_GRAMPS_TIMEOUT_S (default 900: a Gramps import stopped then
 * gives a ratio bound).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iterateRecords } from '@anor/gedcom';
import { sql } from 'drizzle-orm';
import { generateGedcom } from '../../gedcom/bench/generate.ts';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { decodeInMemory, readGedcom } from '../src/modules/gedcom/gedcom.read.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', '..', 'gedcom', 'test', 'fixtures');
const runs = Number(process.env.BENCH_GEDCOM_IMPORT_RUNS ?? 5);
const generatedPersons = Number(process.env.BENCH_GEDCOM_PERSONS ?? 100_000);
const samples = ['real-world/royal92.ged', 'real-world/gedcom4j-5.5.1-sample-3.ged'];
const MB = 1024 * 1024;

type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The targets, in ms, per database and file (issue 25 on PostgreSQL, issue 7 on PGlite); the generated file's memory in bytes. */
const targets = {
  postgres: {
    'royal92.ged': 250,
    'gedcom4j-5.5.1-sample-3.ged': 600,
    generated: 12_000,
    generatedMemory: 500 * MB,
  },
  pglite: { 'royal92.ged': 1_000, generated: undefined, generatedMemory: 1024 * MB },
} as const satisfies Record<Target['kind'], Record<string, number | undefined>>;

function targetOf(kind: Target['kind'], file: string): number | undefined {
  return (targets[kind] as Record<string, number | undefined>)[file];
}

/** "(target 250 ms: met)", or nothing without a target. */
function verdict(value: number, target: number | undefined, unit: (n: number) => string): string {
  if (target === undefined) return '';
  const met = value <= target;
  if (!met) process.exitCode = 1;
  return ` (target ${unit(target)}: ${met ? 'met' : 'NOT met'})`;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;

/** How long reading the file alone takes (parse), and reading and mapping it (parse + plan), in memory, in ms. */
interface ReadTimes {
  parse: number;
  parseAndPlan: number;
}

/** Parse and plan timed on their own: the median of `times` runs after a warm-up (the generated file: once). */
async function readTimes(bytes: Uint8Array, times: number): Promise<ReadTimes> {
  const parses: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i <= times; i++) {
    let started = performance.now();
    const decoded = decodeInMemory(bytes);
    for (const _record of iterateRecords(decoded.text));
    const parse = performance.now() - started;
    started = performance.now();
    await readGedcom({ decoded: decodeInMemory(bytes) }, 'en', null);
    const read = performance.now() - started;
    if (i > 0 || times === 0) {
      parses.push(parse);
      reads.push(read);
    }
    if (times === 0) break;
  }
  return { parse: median(parses), parseAndPlan: median(reads) };
}

/** "parse 5%, plan 40%, write 55%" of `total` ms. */
function shares(total: number, read: ReadTimes): string {
  const plan = Math.max(0, read.parseAndPlan - read.parse);
  const write = Math.max(0, total - read.parseAndPlan);
  const percent = (n: number) => `${Math.round((100 * n) / total)}%`;
  return `parse ${percent(read.parse)}, plan ${percent(plan)}, write ${percent(write)}`;
}

/** The rows an import wrote to its tree's tables: those its change set recorded (its history rows are as many again). */
async function rowsWritten(database: Database, treeId: string): Promise<number> {
  const [row] = await queryRows<{ rows: number | string }>(
    database.db,
    sql`select count(*) as rows from history_change where tree_id = ${treeId}`,
  );
  return Number(row?.rows ?? 0);
}

/**
 * Gramps' command-line import of the file into a new family tree, with a HOME of its own: its
 * time in ms, or null when Gramps is not installed (or BENCH_GRAMPS=0); `timedOut` when it was stopped.
 */
async function grampsImport(file: string): Promise<{ millis: number; timedOut: boolean } | null> {
  if (process.env.BENCH_GRAMPS === '0') return null;
  if (spawnSync('gramps', ['--version'], { encoding: 'utf8' }).error) return null;
  const home = await mkdtemp(path.join(tmpdir(), 'anor-bench-gramps-'));
  const timeout = Number(process.env.BENCH_GRAMPS_TIMEOUT_S ?? 900) * 1000;
  try {
    const started = performance.now();
    const run = spawnSync('gramps', ['-y', '-C', 'x', '-i', file], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
      timeout,
      maxBuffer: 64 * MB,
    });
    const millis = performance.now() - started;
    if (run.error && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { millis, timedOut: true };
    if (run.status !== 0) throw new Error(`gramps: ${run.status} ${run.stderr.slice(-300)}`);
    return { millis, timedOut: false };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** What is printed of each file once Gramps has imported it too (after all of Anor's imports). */
const grampsLater: { label: string; file: string; millis: number }[] = [];

async function openApp(target: Target, dataDir: string): Promise<{ app: App; database: Database }> {
  const database = await openDatabase(target);
  const config = benchConfig(dataDir, {
    // The generated file's 100,000 persons come with some 330,000 events and places: past the
    // tier's ceiling of 100,000 items, which this measurement of capacity lifts.
    paidNodeLimit: 10_000_000,
  });
  return { app: await buildApp({ config, database, logger: false }), database };
}

/** A paid user (imports are not limited by the trial) and their session cookie. */
async function paidUser(app: App, database: Database): Promise<{ userId: string; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      fName: 'Bench',
      email: `import${Date.now()}${randomBytes(2).toString('hex')}@example.com`,
      password: 'benchmark password',
    }),
  });
  const userId = JSON.parse(response.body).id as string;
  await upsertSubscription(database.db, userId, 'yearly', new Date(Date.now() + 86_400_000));
  return { userId, cookie: String(response.headers['set-cookie']).split(';')[0] ?? '' };
}

async function importOnce(
  app: App,
  user: { userId: string; cookie: string },
  bytes: Uint8Array,
): Promise<{ millis: number; treeId: string }> {
  const started = process.hrtime.bigint();
  const response = await app.inject({
    method: 'POST',
    url: `/api/user/${user.userId}/tree/gedcom`,
    headers: { 'content-type': 'application/octet-stream', cookie: user.cookie },
    payload: Buffer.from(bytes),
  });
  const millis = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.statusCode !== 201) throw new Error(`import: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return { millis, treeId: (JSON.parse(response.body) as { tree: { id: string } }).tree.id };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function benchSamples(target: Target, dataDir: string): Promise<void> {
  if (runs === 0) return;
  const { app, database } = await openApp(target, dataDir);
  try {
    const user = await paidUser(app, database);
    for (const sample of samples) {
      const file = path.join(fixtures, sample);
      const bytes = new Uint8Array(await readFile(file));
      const { treeId } = await importOnce(app, user, bytes); // warm-up: JIT, prepared plans
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await importOnce(app, user, bytes)).millis);
      const rows = await rowsWritten(database, treeId);
      const read = await readTimes(bytes, runs);
      const megabytes = bytes.byteLength / MB;
      const time = median(times);
      const name = path.basename(sample);
      console.log(
        `  ${name.padEnd(34)} ${megabytes.toFixed(2).padStart(6)} MB  median ${time.toFixed(0).padStart(6)} ms${verdict(time, targetOf(target.kind, name), ms)}  (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`,
      );
      console.log(
        `    ${rows.toLocaleString('en')} rows written, ${Math.round(rows / (time / 1000)).toLocaleString('en')} rows/s; ${shares(time, read)} (parse ${read.parse.toFixed(0)} ms, parse and plan ${read.parseAndPlan.toFixed(0)} ms on their own)`,
      );
      grampsLater.push({
        label: `${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${name}`,
        file,
        millis: time,
      });
    }
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * One import as a job (`Prefer: respond-async`), its job asked for every 50 ms as the import page
 * does: answers the total time and how long each phase was seen (reading, checking, writing; a file
 * over 8 MB is read while it is written, so it shows writing only).
 */
async function importAsJob(
  app: App,
  user: { userId: string; cookie: string },
  bytes: Buffer,
): Promise<{
  millis: number;
  phases: Record<string, number>;
  peaks: Record<string, number>;
  atPeak: NodeJS.MemoryUsage;
  polls: number;
  slowestPollMs: number;
  writingPercentages: number;
  treeId: string;
}> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/user/${user.userId}/tree/gedcom`,
    headers: { 'content-type': 'application/octet-stream', cookie: user.cookie, prefer: 'respond-async' },
    payload: bytes,
  });
  if (response.statusCode !== 202) throw new Error(`import: ${response.statusCode} ${response.body.slice(0, 300)}`);
  const jobId = (JSON.parse(response.body) as { id: string }).id;
  const phases: Record<string, number> = {};
  /** The process's resident memory at its highest seen in each phase (at each poll). */
  const peaks: Record<string, number> = {};
  /** Where the memory was at the highest resident memory seen: V8's heap, or outside it (PGlite's WebAssembly memory, buffers). */
  let atPeak = process.memoryUsage();
  let phase = 'queued';
  let since = performance.now();
  let polls = 0;
  let slowestPollMs = 0;
  let treeId = '';
  const writing = new Set<number>();
  for (;;) {
    const asked = performance.now();
    const poll = await app.inject({
      method: 'GET',
      url: `/api/user/${user.userId}/job/${jobId}`,
      headers: { cookie: user.cookie },
    });
    const now = performance.now();
    polls += 1;
    slowestPollMs = Math.max(slowestPollMs, now - asked);
    const job = JSON.parse(poll.body) as {
      state: string;
      phase: string | null;
      progress: number;
      error: unknown;
      result: { tree: { id: string } } | null;
    };
    if (job.state === 'running' && job.phase === 'writing') writing.add(Math.floor(job.progress));
    const current = job.state === 'running' || job.state === 'waiting' ? (job.phase ?? 'starting') : job.state;
    const memory = process.memoryUsage();
    peaks[current] = Math.max(peaks[current] ?? 0, memory.rss);
    if (memory.rss > atPeak.rss) atPeak = memory;
    if (current !== phase) {
      phases[phase] = (phases[phase] ?? 0) + (now - since);
      phase = current;
      since = now;
    }
    if (job.state === 'done') {
      treeId = job.result?.tree.id ?? '';
      break;
    }
    if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`import job: ${poll.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    millis: performance.now() - started,
    phases,
    peaks,
    atPeak,
    polls,
    slowestPollMs,
    writingPercentages: writing.size,
    treeId,
  };
}

/**
 * In a child process: import the generated file once and print time, phases and peak memory as
 * JSON: the process's peak (maxRSS), and its resident memory before the import (the server opened
 * on its database, with the file read) and at its highest in each phase.
 */
async function child(target: Target, dataDir: string, file: string): Promise<void> {
  const { app, database } = await openApp(target, dataDir);
  try {
    const user = await paidUser(app, database);
    // The file once, as a Buffer the request sends as it is (a server spools an upload; no copies here).
    const bytes = await readFile(file);
    const openRss = process.memoryUsage.rss();
    const measured = await importAsJob(app, user, bytes);
    const maxRss = process.resourceUsage().maxRSS * 1024;
    const rows = await rowsWritten(database, measured.treeId);
    const exported = await exportStreamed(app, user, measured.treeId);
    process.stdout.write(`${JSON.stringify({ ...measured, maxRss, openRss, rows, exported })}\n`);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The imported tree downloaded as GEDCOM 7.0 over a socket, as a browser does, read as it comes and
 * not kept: its time, size, the parts it came in, and the process's resident memory at its
 * highest while it was written (sampled every 20 ms), against before.
 */
async function exportStreamed(app: App, user: { cookie: string }, treeId: string) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const before = process.memoryUsage.rss();
  let peakRss = before;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${address}/api/${treeId}/gedcom?version=7.0`, { headers: { cookie: user.cookie } });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
    const announced = Number(response.headers.get('x-gedcom-records'));
    let bytes = 0;
    let chunks = 0;
    let firstChunkMs = 0;
    for await (const chunk of response.body) {
      if (chunks === 0) firstChunkMs = performance.now() - started;
      chunks += 1;
      bytes += (chunk as Uint8Array).byteLength;
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }
    return { millis: performance.now() - started, firstChunkMs, bytes, chunks, announced, before, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/** In a child process: create the database (PGlite's initdb, the migrations) and close it. */
async function initChild(target: Target, dataDir: string): Promise<void> {
  const { app, database } = await openApp(target, dataDir);
  await app.close();
  await database.close();
}

async function benchGenerated(target: Target, dataDir: string, file: string, bytes: number): Promise<void> {
  if (generatedPersons === 0) return;
  // The database is created first, in a process of its own: a server opens its database once and
  // imports many times, and PGlite's initdb alone peaks near 900 MB of resident memory (its
  // WebAssembly heap and the loader's), which would hide the import's own peak.
  const init = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--init', JSON.stringify(target), dataDir],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (init.status !== 0) {
    console.log(`  generated file: creating the database failed (${init.status}) ${init.stderr.slice(-500)}`);
    process.exitCode = 1;
    return;
  }
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--child', JSON.stringify(target), dataDir, file],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !line.startsWith('{')) {
    console.log(`  generated file: failed (${result.status}) ${result.stderr.slice(-500)}`);
    process.exitCode = 1;
    return;
  }
  const { millis, maxRss, openRss, rows, phases, peaks, atPeak, polls, slowestPollMs, writingPercentages, exported } =
    JSON.parse(line) as {
      rows: number;
      exported: {
        millis: number;
        firstChunkMs: number;
        bytes: number;
        chunks: number;
        announced: number;
        before: number;
        peakRss: number;
      };
      writingPercentages: number;
      millis: number;
      maxRss: number;
      openRss: number;
      phases: Record<string, number>;
      peaks: Record<string, number>;
      atPeak: NodeJS.MemoryUsage;
      polls: number;
      slowestPollMs: number;
    };
  const megabytes = (n: number) => `${(n / MB).toFixed(0)} MB`;
  console.log(
    `  generated ${generatedPersons.toLocaleString('en')} persons    ${(bytes / MB).toFixed(1).padStart(6)} MB  ${(millis / 1000).toFixed(1).padStart(6)} s${verdict(millis, targetOf(target.kind, 'generated'), seconds)}   peak memory (RSS) ${megabytes(maxRss)}${verdict(maxRss, targets[target.kind].generatedMemory, megabytes)}`,
  );
  // Parse and plan on their own, here (not in the measured process): the file read whole into memory once.
  const read = await readTimes(await readFile(file), 0);
  console.log(
    `    ${rows.toLocaleString('en')} rows written, ${Math.round(rows / (millis / 1000)).toLocaleString('en')} rows/s; ${shares(millis, read)} (parse ${seconds(read.parse)}, parse and plan ${seconds(read.parseAndPlan)} on their own; the import reads while it writes)`,
  );
  grampsLater.push({
    label: `${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, generated ${generatedPersons.toLocaleString('en')} persons`,
    file,
    millis,
  });
  const each = Object.entries(phases)
    .map(
      ([phase, ms]) =>
        `${phase} ${(ms / 1000).toFixed(1)} s${peaks[phase] ? ` (up to ${megabytes(peaks[phase])})` : ''}`,
    )
    .join(', ');
  console.log(
    `    resident memory before the import (server open, file read): ${megabytes(openRss)}; at its highest seen, ${megabytes(atPeak.rss)}: V8's heap ${megabytes(atPeak.heapUsed)} used of ${megabytes(atPeak.heapTotal)}, outside it ${megabytes(atPeak.external)} (PGlite's WebAssembly memory, buffers)`,
  );
  console.log(
    `    phases as the job showed them: ${each}; ${polls} polls of its progress (${writingPercentages} different whole percentages while writing), the slowest answered in ${slowestPollMs.toFixed(0)} ms`,
  );
  console.log(
    `  its export (7.0, streamed over a socket): ${(exported.millis / 1000).toFixed(1)} s, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB in ${exported.chunks} chunks (the first after ${(exported.firstChunkMs / 1000).toFixed(1)} s; ${exported.announced.toLocaleString('en')} records announced); resident memory ${megabytes(exported.before)} before, at most ${megabytes(exported.peakRss)} while it was written`,
  );
}

/** Each file imported by Gramps once (the same file once, however many databases Anor's import was timed on). */
async function compareWithGramps(): Promise<void> {
  if (grampsLater.length === 0) return;
  const byFile = new Map<string, Awaited<ReturnType<typeof grampsImport>>>();
  for (const { file } of grampsLater) {
    if (byFile.has(file)) continue;
    const gramps = await grampsImport(file);
    if (gramps === null) {
      console.log(
        process.env.BENCH_GRAMPS === '0'
          ? '(Gramps skipped: BENCH_GRAMPS=0.)'
          : '(Gramps is not installed: no ratio to its import. `apt-get install -y gramps` adds it.)',
      );
      return;
    }
    byFile.set(file, gramps);
  }
  console.log("Against Gramps' command-line import of the same file (`gramps -y -C x -i FILE`, once each)");
  for (const { label, file, millis } of grampsLater) {
    const gramps = byFile.get(file);
    if (!gramps) continue;
    const ratio = millis / gramps.millis;
    console.log(
      gramps.timedOut
        ? `  ${label}: Gramps stopped after ${seconds(gramps.millis)}; Anor's import is under ${ratio.toFixed(3)} of its time`
        : `  ${label}: Gramps ${seconds(gramps.millis)}; Anor's import takes ${ratio.toFixed(3)} of its time (${(1 / ratio).toFixed(1)}× faster)`,
    );
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--init') {
    await initChild(JSON.parse(process.argv[3] as string) as Target, process.argv[4] as string);
    return;
  }
  if (process.argv[2] === '--child') {
    await child(JSON.parse(process.argv[3] as string) as Target, process.argv[4] as string, process.argv[5] as string);
    return;
  }
  console.log('\nGEDCOM import through the API (median of runs; the generated file once, in its own process)');
  await withTempDir(async (dir) => {
    const file = path.join(dir, 'generated.ged');
    const generated = new TextEncoder().encode(generatedPersons > 0 ? generateGedcom(generatedPersons).text : '');
    if (generatedPersons > 0) await writeFile(file, generated);
    if (process.env.BENCH_PGLITE !== '0') {
      console.log('PGlite');
      await benchSamples({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }, dir);
      await benchGenerated(
        { kind: 'pglite', dataDir: path.join(dir, 'pglite-generated') },
        dir,
        file,
        generated.byteLength,
      );
    }
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
      return;
    }
    const name = `anor_gedcom_bench_${randomBytes(4).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      console.log('PostgreSQL');
      await benchSamples({ kind: 'postgres', url: url.toString() }, dir);
      await benchGenerated({ kind: 'postgres', url: url.toString() }, dir, file, generated.byteLength);
    } finally {
      await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
    await compareWithGramps();
  });
}

await main();
