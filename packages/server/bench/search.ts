/**
 * `npm run bench:search -w @anor/server`: the searches of issue 19 (items 15, 16) on a generated
 * tree of BENCH_PERSONS nodes (default 100,000, with about 350,000 life events) and 10,000 notes,
 * through the whole server (app.inject) on a fresh embedded database, and on PostgreSQL too when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server whose user may create databases.
 * Prints median, 95th and 99th percentile per search.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);
const nodes = Math.min(Number(process.env.BENCH_PERSONS ?? 100_000), 100_000);

async function benchmark(database: Database, dataDir: string) {
  const app = await buildApp({ config: benchConfig(dataDir), database, logger: false });
  const lines: string[] = [database.description];
  try {
    const started = performance.now();
    const seeded = await seedTree(app.anor, {
      nodes,
      email: `bench-search-${Date.now()}@example.com`,
      password: 'benchmark password',
      treeName: 'Search tree',
      events: true,
    });
    await database.db.execute(sql`
      insert into note (tree_id, id, title, text)
      select ${seeded.treeId}::uuid, gen_random_uuid(), 'Anteckning ' || g,
        '<p>Flyttade till ' || (array['Göteborg', 'Stockholm', 'Malmö', 'Östersund'])[1 + g % 4] || ' år ' || (1800 + g % 150) || '.</p>'
      from generate_series(1, 10000) g`);
    lines.push(
      `(seeding ${nodes} nodes with events and 10,000 notes took ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const base = `/api/${seeded.treeId}`;
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url: `${base}/${url}`, headers: { cookie: seeded.cookie } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body) as { total: number };
    };
    const cases: [string, string][] = [
      ['persons: one Nordic letter "ö"', 'person?q=%C3%B6&pageSize=20'],
      ['persons: "ohman" (exact first, then folded)', 'person?q=ohman&pageSize=20'],
      ['persons: "åsa öberg"', 'person?q=%C3%A5sa%20%C3%B6berg&pageSize=20'],
      ['persons: name and year "andersson 1878"', 'person?q=andersson%201878&pageSize=20'],
      ['persons: list by name, page 2000', 'person?sort=name&page=2000&pageSize=20'],
      ['notes: "göteborg 1850"', 'search/notes?q=g%C3%B6teborg%201850&pageSize=20'],
      ['citations: "sida"', 'search/citations?q=sida&pageSize=20'],
      ['events: description or occupation "smed"', 'event?q=smed&pageSize=20'],
      ['places: by path "byn län"', 'location?q=byn%20l%C3%A4n&pageSize=20'],
    ];
    for (const [name, url] of cases) {
      const millis: number[] = [];
      let total = 0;
      for (let i = 0; i < iterations; i++) {
        const t0 = process.hrtime.bigint();
        total = (await get(url)).total;
        millis.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      millis.sort((a, b) => a - b);
      const q = (p: number) =>
        `${(millis[Math.min(millis.length - 1, Math.floor(p * millis.length))] ?? 0).toFixed(1)} ms`;
      lines.push(
        `${`${name} (${total} hits)`.padEnd(60)} ${q(0.5).padStart(10)} ${q(0.95).padStart(10)} ${q(0.99).padStart(10)}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
  return lines;
}

async function main() {
  if (process.env.BENCH_PGLITE !== '0') {
    const lines = await withTempDir((dir) =>
      openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }).then((database) => benchmark(database, dir)),
    );
    console.log(`\n${lines.join('\n')}`);
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `anor_bench_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const lines = await withTempDir(async (dir) =>
      benchmark(await openDatabase({ kind: 'postgres', url: url.toString() }), dir),
    );
    console.log(`\n${lines.join('\n')}`);
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
