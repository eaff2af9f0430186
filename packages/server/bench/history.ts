/**
 * `npm run bench` (part): the cost of the change history (issue 21), on a fresh PGlite and on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server whose user may create
 * databases. A generated file of BENCH_HISTORY_PERSONS persons (default 100,000) is imported as a
 * job through the API, then:
 * - the tree's size on disk (its tables with their indexes and TOAST: one tree in the database)
 *   next to its history's (history_change and history_change_set with their indexes);
 *   target: the history within 2× the tree;
 * - a single save (PUT …/person/:id/name) in that tree, BENCH_HISTORY_SAVES times with the
 *   history and as many without (the history triggers disabled and no change set opened: the app
 *   before issue 21), interleaved in blocks; target: the median at most 2 ms more;
 * - the same file imported again without the history: the import's cost of recording;
 * - the undo of the whole import (one change set) and its time.
 * Environment: BENCH_PGLITE=0 skips PGlite.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateGedcom } from '../../gedcom/bench/generate.ts';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { setRecordingForBench } from '../src/modules/history/change-set.ts';
import { recordedTables } from '../src/modules/history/history.tables.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const persons = Number(process.env.BENCH_HISTORY_PERSONS ?? 100_000);
const saves = Number(process.env.BENCH_HISTORY_SAVES ?? 200);
const block = 20;

type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

interface User {
  userId: string;
  cookie: string;
}

async function paidUser(app: App, database: Database): Promise<User> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      fName: 'Bench',
      email: `history${Date.now()}${randomBytes(2).toString('hex')}@example.com`,
      password: 'benchmark password',
    }),
  });
  const userId = JSON.parse(response.body).id as string;
  await upsertSubscription(database.db, userId, 'yearly', new Date(Date.now() + 86_400_000));
  return { userId, cookie: String(response.headers['set-cookie']).split(';')[0] ?? '' };
}

/** Imports the file as a job and answers the new tree's id and the time taken. */
async function importAsJob(app: App, user: User, bytes: Uint8Array): Promise<{ treeId: string; millis: number }> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/user/${user.userId}/tree/gedcom`,
    headers: { 'content-type': 'application/octet-stream', cookie: user.cookie, prefer: 'respond-async' },
    payload: Buffer.from(bytes),
  });
  if (response.statusCode !== 202) throw new Error(`import: ${response.statusCode} ${response.body.slice(0, 300)}`);
  const jobId = (JSON.parse(response.body) as { id: string }).id;
  for (;;) {
    const poll = await app.inject({
      method: 'GET',
      url: `/api/user/${user.userId}/job/${jobId}`,
      headers: { cookie: user.cookie },
    });
    const job = JSON.parse(poll.body) as { state: string; treeId?: string; result?: { tree?: { id: string } } };
    if (job.state === 'done') {
      const treeId = job.result?.tree?.id ?? job.treeId;
      if (!treeId) throw new Error(`import job: no tree in ${poll.body.slice(0, 300)}`);
      return { treeId, millis: performance.now() - started };
    }
    if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`import job: ${poll.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Turns the history triggers (and the change sets the services open) on or off: off is the app before issue 21. */
async function record(database: Database, on: boolean): Promise<void> {
  setRecordingForBench(on);
  for (const { name } of recordedTables) {
    for (const op of ['insert', 'update', 'delete']) {
      await database.db.execute(
        sql.raw(`alter table "${name}" ${on ? 'enable' : 'disable'} trigger "${name}_history_${op}"`),
      );
    }
  }
  await database.db.execute(sql.raw(`alter table "tree" ${on ? 'enable' : 'disable'} trigger "tree_history"`));
}

async function sizeOf(database: Database, tables: string[]): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number }>(
    database.db,
    sql.raw(`select ${tables.map((name) => `pg_total_relation_size('"${name}"')`).join(' + ')} as bytes`),
  );
  return Number(row?.bytes ?? 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (millis: number) => `${millis.toFixed(2)} ms`;

async function benchTarget(label: string, target: Target, dataDir: string, bytes: Uint8Array): Promise<void> {
  const database = await openDatabase(target);
  const app = await buildApp({
    config: benchConfig(dataDir, { paidNodeLimit: 10_000_000 }),
    database,
    logger: false,
  });
  try {
    const user = await paidUser(app, database);
    const recorded = await importAsJob(app, user, bytes);
    const treeTables = ['tree', ...recordedTables.map((entry) => entry.name)];
    await database.db.execute(sql.raw(`analyze`));
    const treeBytes = await sizeOf(database, treeTables);
    const historyBytes = await sizeOf(database, ['history_change', 'history_change_set']);
    const [counts] = await queryRows<{ changes: string | number }>(
      database.db,
      sql`select count(*) as changes from history_change where tree_id = ${recorded.treeId}`,
    );

    // Single saves in the imported tree: a person renamed, with and without the history, in turns.
    const [person] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from person where tree_id = ${recorded.treeId} order by id limit 1 offset ${Math.floor(persons / 2)}`,
    );
    const cpuWith: number[] = [];
    const cpuWithout: number[] = [];
    const save = async (n: number, cpu?: number[]) => {
      const cpuStarted = process.cpuUsage();
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: 'PUT',
        url: `/api/${recorded.treeId}/person/${person?.id}/name`,
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        payload: JSON.stringify({ fName: `Namn${n}`, pName: null, lName: 'Bench' }),
      });
      const millis = Number(process.hrtime.bigint() - started) / 1e6;
      const used = process.cpuUsage(cpuStarted);
      cpu?.push((used.user + used.system) / 1000);
      if (response.statusCode !== 200) throw new Error(`save: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return millis;
    };
    for (let i = 0; i < 20; i++) await save(i); // warm-up
    const withHistory: number[] = [];
    const without: number[] = [];
    for (let done = 0; done < saves; done += block) {
      await record(database, false);
      for (let i = 0; i < block; i++) without.push(await save(done + i, cpuWithout));
      await record(database, true);
      for (let i = 0; i < block; i++) withHistory.push(await save(done + i + 1_000_000, cpuWith));
    }

    // The import again, without the history.
    await record(database, false);
    const plain = await importAsJob(app, user, bytes);
    await record(database, true);

    // The undo of the whole import.
    const [set] = await queryRows<{ id: string | number }>(
      database.db,
      sql`select id from history_change_set where tree_id = ${recorded.treeId} and kind = 'import'`,
    );
    // The saves came later and touched one of its persons: undo them first, newest first.
    const later = await queryRows<{ id: string | number }>(
      database.db,
      sql`select id from history_change_set where tree_id = ${recorded.treeId} and kind <> 'import' order by id desc`,
    );
    for (const each of later) {
      await app.inject({
        method: 'POST',
        url: `/api/${recorded.treeId}/history/${each.id}/undo`,
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        payload: '{}',
      });
    }
    const undoStarted = performance.now();
    const undo = await app.inject({
      method: 'POST',
      url: `/api/${recorded.treeId}/history/${set?.id}/undo`,
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      payload: '{}',
    });
    const undoMillis = performance.now() - undoStarted;

    const ratio = historyBytes / treeBytes;
    const extra = median(withHistory) - median(without);
    console.log(`\n## Change history (issue 21), ${label}: ${persons.toLocaleString('en')} persons imported`);
    console.log(
      `history on disk:   ${mb(historyBytes)} (${Number(counts?.changes).toLocaleString('en')} rows) for a tree of ${mb(treeBytes)}: ${ratio.toFixed(2)}× (target ≤ 2×) ${ratio <= 2 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `single save:       median ${ms(median(withHistory))} with history, ${ms(median(without))} without: +${ms(extra)} (target ≤ +2 ms) ${extra <= 2 ? 'OK' : 'OVER'} (${saves} each)`,
    );
    // The process's own CPU time: on PGlite (in the process) the database's work too, and less
    // sensitive than the wall clock to other work on the machine.
    console.log(
      `single save CPU:   median ${ms(median(cpuWith))} with history, ${ms(median(cpuWithout))} without: +${ms(median(cpuWith) - median(cpuWithout))} (this process${label === 'PGlite' ? ', database included' : ', database not included'})`,
    );
    console.log(
      `import:            ${(recorded.millis / 1000).toFixed(1)} s with history, ${(plain.millis / 1000).toFixed(1)} s without (+${(((recorded.millis - plain.millis) / plain.millis) * 100).toFixed(0)}%)`,
    );
    console.log(
      `undo of the import: ${undo.statusCode === 200 ? `${(undoMillis / 1000).toFixed(1)} s` : `refused ${undo.statusCode} ${undo.body.slice(0, 200)}`}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const bytes = new TextEncoder().encode(generateGedcom(persons).text);
  if (process.env.BENCH_PGLITE !== '0') {
    await withTempDir((dir) => benchTarget('PGlite', { kind: 'pglite', dataDir: dir }, dir, bytes));
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `anor_bench_history_${Date.now()}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      await withTempDir((dir) => benchTarget('PostgreSQL', { kind: 'postgres', url: url.toString() }, dir, bytes));
    } finally {
      await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
  }
}

await main();
