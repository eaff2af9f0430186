/**
 * `npm run bench:relationship` (and part of `npm run bench`): the relationship calculator of
 * issue 24 on a generated tree of BENCH_PERSONS persons (default 100,000 nodes, with the
 * generator's pedigree collapse), on the embedded database and, when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server, on PostgreSQL. Asks the whole request (gate, the ancestors'
 * recursive query, the search, the words, names and life years) between pairs of persons of the
 * youngest generation, between the youngest and the oldest, and as a visitor. The goal: a median
 * under 50 ms.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);
const nodes = Math.min(Number(process.env.BENCH_PERSONS ?? 100_000), 100_000);
const goalMillis = 50;

interface Result {
  description: string;
  lines: string[];
  worstMedian: number;
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
  const worst = Math.max(...results.map((result) => result.worstMedian));
  console.log(`\nslowest median relationship: ${worst.toFixed(1)} ms (goal: under ${goalMillis} ms)`);
  if (worst >= goalMillis) process.exitCode = 1;
}

async function benchmark(database: Database, dataDir: string): Promise<Result> {
  const app = await buildApp({ config: benchConfig(dataDir), database, logger: false });
  try {
    return { description: database.description, ...(await measure(app)) };
  } finally {
    await app.close();
    await database.close();
  }
}

async function measure(app: App) {
  const started = performance.now();
  const seeded = await seedTree(app.anor, {
    nodes,
    email: `bench-relationship-${Date.now()}@example.com`,
    password: 'benchmark password',
    treeName: 'Relationship tree',
  });
  const lines = [`(seeding ${nodes} nodes took ${((performance.now() - started) / 1000).toFixed(1)} s)`];
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
  const middle = family.generations[Math.floor(family.generations.length / 2)] ?? [];
  const oldest = family.generations[0] ?? [];
  const at = (keys: string[], i: number) => ids.get(keys[(i * 7919 + 13) % keys.length] ?? '') ?? '';
  let worstMedian = 0;

  const run = async (name: string, pair: (i: number) => [string, string], headers: Record<string, string>) => {
    const millis: number[] = [];
    let paths = 0;
    let related = 0;
    for (let i = 0; i < iterations; i += 1) {
      const [a, b] = pair(i);
      const begin = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `${base}/relationship/${a}/${b}`,
        headers: { ...headers, 'accept-language': 'sv' },
      });
      millis.push(performance.now() - begin);
      if (response.statusCode !== 200)
        throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      const found = (JSON.parse(response.body) as { paths: unknown[] }).paths.length;
      paths += found;
      if (found > 0) related += 1;
    }
    millis.sort((x, y) => x - y);
    const median = millis[Math.floor(millis.length / 2)] ?? 0;
    worstMedian = Math.max(worstMedian, median);
    lines.push(
      `${name.padEnd(52)} median ${median.toFixed(1).padStart(6)} ms  max ${(millis.at(-1) ?? 0).toFixed(0).padStart(5)} ms  (${related}/${iterations} related, ${(paths / iterations).toFixed(1)} paths each)`,
    );
  };

  const owner = { cookie };
  const visitor = { 'x-anor-share': token };
  await run('owner: two of the youngest generation', (i) => [at(youngest, i), at(youngest, i + 101)], owner);
  await run('owner: youngest and middle generation', (i) => [at(youngest, i), at(middle, i)], owner);
  await run('owner: youngest and a founder', (i) => [at(youngest, i), at(oldest, i)], owner);
  await run('visitor: two of the youngest generation', (i) => [at(youngest, i), at(youngest, i + 101)], visitor);
  return { lines, worstMedian };
}

await main();
