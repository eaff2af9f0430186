/**
 * `npm run bench:quality -w @anor/server` (part of `npm run bench`): the data-quality report of
 * issue 24 through the whole server (app.inject), on a generated tree of BENCH_PERSONS nodes
 * (default 100,000: about 96,500 persons and their life events) on a fresh embedded database, and on
 * PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server whose user may create
 * databases (BENCH_PGLITE=0 skips PGlite). The report reads the tree set-wise (persons, parent links,
 * and of the 913,000 event parts only each person's birth, death and burial and the parts SQL
 * finds may fire a rule, with the stored day ranges; the events after a death are found in SQL:
 * quality.repository.ts `ruleParts`) and runs every rule in one pass in memory. Target: the whole report under 3 s. Prints median and
 * maximum of BENCH_ITERATIONS runs (default 5), the counts only (`limit=0`, the overview's call) and
 * the page's first call (`limit=50`), each computed anew after a change to the tree and asked again
 * unchanged (the computation kept: quality.service.ts), and how many findings each rule has.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { QualityReport } from '@anor/core';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 5);
const nodes = Math.min(Number(process.env.BENCH_PERSONS ?? 100_000), 100_000);
const targetMs = 3000;

async function benchmark(database: Database, dataDir: string) {
  const app = await buildApp({ config: benchConfig(dataDir), database, logger: process.env.BENCH_LOG === '1' });
  const lines: string[] = [database.description];
  try {
    const started = performance.now();
    const seeded = await seedTree(app.anor, {
      nodes,
      email: `bench-quality-${Date.now()}@example.com`,
      password: 'benchmark password',
      treeName: 'Quality tree',
      events: true,
    });
    await database.db.execute(sql`analyze`);
    const counted = await database.db.execute(
      sql`select (select count(*)::int from person where tree_id = ${seeded.treeId}) as persons,
        (select count(*)::int from event_participant where tree_id = ${seeded.treeId}) as parts`,
    );
    const { persons, parts } = (counted as unknown as { rows: { persons: number; parts: number }[] }).rows[0] ?? {};
    lines.push(
      `(seeding ${nodes} nodes took ${((performance.now() - started) / 1000).toFixed(1)} s: ${persons} persons, ${parts} event parts)`,
    );
    const get = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/${seeded.treeId}/quality${query}`,
        headers: { cookie: seeded.cookie },
      });
      if (response.statusCode !== 200) throw new Error(`quality${query}: ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body) as QualityReport;
    };
    /** A change the report could see (a statement on person), so the next call computes anew. */
    const change = () =>
      database.db.execute(sql`update person set tree_id = tree_id where tree_id = ${seeded.treeId} and id = (
        select id from person where tree_id = ${seeded.treeId} order by id limit 1)`);
    const stats = (millis: number[]) => {
      millis.sort((a, b) => a - b);
      return { median: millis[Math.floor(millis.length / 2)] ?? 0, max: millis.at(-1) ?? 0 };
    };
    let last: QualityReport | null = null;
    for (const [name, query] of [
      ['counts only (limit=0)', '?limit=0'],
      ['report page (limit=50)', '?limit=50'],
    ] as const) {
      const cold: number[] = [];
      const kept: number[] = [];
      for (let i = 0; i < iterations; i += 1) {
        await change();
        let begun = performance.now();
        last = await get(query);
        cold.push(performance.now() - begun);
        begun = performance.now();
        last = await get(query);
        kept.push(performance.now() - begun);
      }
      const computed = stats(cold);
      const again = stats(kept);
      lines.push(
        `${name.padEnd(24)} after a change: median ${computed.median.toFixed(0).padStart(6)} ms   max ${computed.max.toFixed(0).padStart(6)} ms   ${computed.median < targetMs ? 'under' : 'OVER'} the ${targetMs} ms target`,
        `${''.padEnd(24)} unchanged:      median ${again.median.toFixed(0).padStart(6)} ms   max ${again.max.toFixed(0).padStart(6)} ms`,
      );
    }
    if (last) {
      lines.push(
        `findings: ${last.groups
          .filter((group) => group.count > 0)
          .map((group) => `${group.rule} ${group.count}`)
          .join(', ')}`,
      );
    }
  } finally {
    await app.close();
    // The app does not own its database: closed here, or the PostgreSQL database cannot be dropped.
    await database.close();
  }
  return lines;
}

async function main() {
  console.log(`Data-quality report (issue 24), ${nodes} nodes, ${iterations} runs each`);
  if (process.env.BENCH_PGLITE === '0') {
    console.log('(PGlite skipped: BENCH_PGLITE=0.)');
  } else {
    const lines = await withTempDir(async (dir) =>
      benchmark(await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }), dir),
    );
    console.log(lines.join('\n'));
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.)');
    return;
  }
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

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
