/**
 * `npm run bench:report` (and part of `npm run bench`): the reports of issue 23 on a generated
 * tree of BENCH_PERSONS persons (default 100,000 nodes) with their life events and places, on the
 * embedded database and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, on
 * PostgreSQL. Measures, as the owner and as a share-link visitor, the 10-generation antavla of
 * persons of the youngest generation as PDF (the whole request: reads, redaction, layout, PDF) and
 * as JSON, and a founder's descendant report. The goal: a 10-generation antavla under 5 s.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 10);
const nodes = Math.min(Number(process.env.BENCH_PERSONS ?? 100_000), 100_000);
const goalMillis = 5000;

interface Result {
  description: string;
  lines: string[];
  worst: number;
}

async function main() {
  const results: Result[] = [];
  if (process.env.BENCH_PGLITE !== '0') {
    results.push(
      await withTempDir(async (dir) =>
        benchmark(await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }), dir),
      ),
    );
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `anor_bench_${randomBytes(4).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      results.push(
        await withTempDir(async (dir) => benchmark(await openDatabase({ kind: 'postgres', url: url.toString() }), dir)),
      );
    } finally {
      await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
  } else {
    console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
  }
  for (const result of results) {
    console.log(`\n${result.description}`);
    for (const line of result.lines) console.log(line);
  }
  const worst = Math.max(...results.map((result) => result.worst));
  console.log(`\nslowest 10-generation antavla PDF: ${worst.toFixed(0)} ms (goal: under ${goalMillis} ms)`);
  if (worst >= goalMillis) process.exitCode = 1;
}

async function benchmark(database: Database, dataDir: string): Promise<Result> {
  const app = await buildApp({ config: benchConfig(dataDir), database, logger: false });
  try {
    return { description: database.description, ...(await measureReports(app)) };
  } finally {
    await app.close();
    await database.close();
  }
}

async function measureReports(app: App) {
  const started = performance.now();
  const seeded = await seedTree(app.anor, {
    nodes,
    email: `bench-report-${Date.now()}@example.com`,
    password: 'benchmark password',
    treeName: 'Report tree',
    events: true,
  });
  const lines = [
    `(seeding ${nodes} nodes and ${seeded.eventsCount} events took ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  ];
  const { cookie, treeId, family, ids } = seeded;
  const base = `/api/${treeId}`;
  const shared = await app.inject({
    method: 'PUT',
    url: `${base}/share`,
    payload: { enabled: true },
    headers: { cookie },
  });
  const token = (JSON.parse(shared.body) as { token: string }).token;
  const youngest = family.generations.at(-1) ?? [];
  const oldest = family.generations[0] ?? [];
  const at = (keys: string[], i: number) => ids.get(keys[(i * 7919) % keys.length] ?? '') ?? '';
  let worst = 0;

  const run = async (
    name: string,
    url: (i: number) => string,
    headers: Record<string, string>,
    isAntavlaPdf = false,
  ) => {
    const millis: number[] = [];
    let pages = 0;
    let bytes = 0;
    for (let i = 0; i < iterations; i += 1) {
      const begin = performance.now();
      const response = await app.inject({ method: 'GET', url: url(i), headers });
      millis.push(performance.now() - begin);
      if (response.statusCode !== 200)
        throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      bytes = response.rawPayload.length;
      pages = (response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    }
    millis.sort((a, b) => a - b);
    const median = millis[Math.floor(millis.length / 2)] ?? 0;
    const max = millis.at(-1) ?? 0;
    if (isAntavlaPdf) worst = Math.max(worst, max);
    const size = url(0).includes('format=json')
      ? `${(bytes / 1024).toFixed(0)} KB JSON`
      : `${pages} pages, ${(bytes / 1024).toFixed(0)} KB`;
    lines.push(
      `${name.padEnd(58)} median ${median.toFixed(0).padStart(6)} ms  max ${max.toFixed(0).padStart(6)} ms  (${size})`,
    );
  };

  const owner = { cookie };
  const visitor = { 'x-anor-share': token };
  const antavla = (i: number, format = 'pdf') =>
    `${base}/report/antavla/${at(youngest, i)}?generations=10&lang=sv&format=${format}`;
  await run('owner: antavla, 10 generations, PDF', (i) => antavla(i), owner, true);
  await run('owner: antavla, 10 generations, JSON', (i) => antavla(i, 'json'), owner);
  await run('visitor: antavla, 10 generations, PDF (redacted)', (i) => antavla(i), visitor, true);
  await run(
    'owner: descendants of a founder, 4 generations, PDF',
    (i) => `${base}/report/descendants/${at(oldest, i)}?generations=4&lang=sv`,
    owner,
  );
  return { lines, worst };
}

await main();
