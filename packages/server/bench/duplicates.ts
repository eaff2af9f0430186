/**
 * `npm run bench:duplicates -w @anor/server` (part of `npm run bench`): the duplicate finder of
 * issue 21 on a generated tree of BENCH_PERSONS nodes (default 100,000, with about 350,000 life
 * events: 20 given names and 27 last names, so name keys are shared by hundreds of persons each),
 * plus 2,000 copies of persons written the way another clerk would (Carl/Karl, Ph/F, -son/-dotter,
 * a year off) without name keys, as rows older than the finder would be. Through the whole server
 * (app.inject) on a fresh embedded database, and on PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) names a server whose user may create databases. Target: a page of the finder
 * on a 100,000-person tree in under 5 s.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedTree } from '../src/seed/seed-tree.ts';
import { admin, benchConfig, withTempDir } from './support.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 5);
const nodes = Math.min(Number(process.env.BENCH_PERSONS ?? 100_000), 100_000);
const copies = 2000;
const targetMs = 5000;

async function benchmark(database: Database, dataDir: string) {
  const app = await buildApp({ config: benchConfig(dataDir), database, logger: false });
  const lines: string[] = [database.description];
  try {
    const started = performance.now();
    const seeded = await seedTree(app.anor, {
      nodes,
      email: `bench-duplicates-${Date.now()}@example.com`,
      password: 'benchmark password',
      treeName: 'Duplicate tree',
      events: true,
    });
    const treeId = seeded.treeId;
    // Copies of every 40th person, spelled by another clerk, each with a birth a year later.
    await database.db.execute(sql`
      with picked as (
        select id, f_name, l_name, gender, row_number() over (order by id) as n
        from person where tree_id = ${treeId} and f_name is not null
      ),
      copied as (
        select gen_random_uuid() as id, p.id as original,
          replace(replace(replace(p.f_name, 'Carl', 'Karl'), 'Kristina', 'Christina'), 'Per', 'Pehr') as f_name,
          case when p.gender = 'female' and p.l_name like '%sson' then replace(p.l_name, 'sson', 'sdotter')
               else replace(replace(p.l_name, 'qvist', 'quist'), 'Ström', 'Strøm') end as l_name,
          p.gender
        from picked p where p.n % 40 = 0 limit ${copies}
      ),
      people as (
        insert into person (tree_id, id, f_name, l_name, gender)
        select ${treeId}::uuid, c.id, c.f_name, c.l_name, c.gender from copied c
        returning id
      ),
      births as (
        select c.id as person_id, gen_random_uuid() as event_id,
          (e.date_from + interval '1 year')::date as day
        from copied c
        join event_participant ep on ep.tree_id = ${treeId} and ep.person_id = c.original and ep.role = 'primary'
        join event e on e.tree_id = ep.tree_id and e.id = ep.event_id and e.type = 'birth' and e.date_from is not null
      ),
      events as (
        insert into event (tree_id, id, type, start_date, start_date_type, date_from, date_to)
        select ${treeId}::uuid, b.event_id, 'birth', to_char(b.day, 'YYYY'), 'exact',
          date_trunc('year', b.day)::date, (date_trunc('year', b.day) + interval '1 year - 1 day')::date
        from births b
        returning id
      )
      insert into event_participant (tree_id, event_id, person_id, role)
      select ${treeId}::uuid, b.event_id, b.person_id, 'primary' from births b`);
    await database.db.execute(sql`analyze`);
    const counted = await database.db.execute(sql`select count(*)::int as n from person where tree_id = ${treeId}`);
    const persons = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    lines.push(
      `(seeding ${nodes} nodes with events and ${copies} respelled copies took ${((performance.now() - started) / 1000).toFixed(1)} s; ${persons} persons)`,
    );
    const get = async (url: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/${treeId}/${url}`,
        headers: { cookie: seeded.cookie },
      });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body) as { total?: number; suggestions?: unknown[] };
    };
    const measure = async (name: string, url: string, times: number) => {
      const millis: number[] = [];
      let answer: { total?: number; suggestions?: unknown[] } = {};
      for (let i = 0; i < times; i++) {
        const t0 = process.hrtime.bigint();
        answer = await get(url);
        millis.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      millis.sort((a, b) => a - b);
      const q = (p: number) => millis[Math.min(millis.length - 1, Math.floor(p * millis.length))] ?? 0;
      const size = answer.total ?? answer.suggestions?.length ?? 0;
      const verdict = name.startsWith('finder')
        ? q(0.95) < targetMs
          ? '  (target < 5 s: met)'
          : '  (target < 5 s: MISSED)'
        : '';
      lines.push(
        `${`${name} (${size})`.padEnd(64)} ${`${q(0.5).toFixed(1)} ms`.padStart(11)} ${`${q(0.95).toFixed(1)} ms`.padStart(11)}${verdict}`,
      );
    };
    lines.push(`${'operation (pairs or suggestions)'.padEnd(64)} ${'median'.padStart(11)} ${'p95'.padStart(11)}`);
    await measure(`finder: first page, first run (keys of ${copies} copies computed)`, 'duplicate?pageSize=20', 1);
    await measure('finder: first page', 'duplicate?pageSize=20', iterations);
    await measure('finder: page 50', 'duplicate?pageSize=20&page=50', iterations);
    await measure('suggest: "Karl Andersson" (person dialog)', 'duplicate/suggest?fName=Karl&lName=Andersson', 20);
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
