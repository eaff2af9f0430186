/**
 * Where an import's time goes, step by step (a profiling aid, not part of `npm run bench`):
 * the steps of the service's import of a file read whole (gedcom.service.ts) replayed with a
 * timer around each, and every SQL statement of the transaction timed and labelled by its table
 * (statement times are from when each is sent; Node prepares the next meanwhile).
 *   tsx bench/profile-import.ts [file] [runs]     (BENCH_DATABASE_URL for PostgreSQL, else PGlite)
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeNameKey, uuidv7 } from '@anor/core';
import { decode, iterateRecords } from '@anor/gedcom';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { user } from '../src/db/schema.ts';
import { createGedcomMapper } from '../src/modules/gedcom/gedcom.mapper.ts';
import { type DrainedRows, markLineage } from '../src/modules/gedcom/gedcom.plan.ts';
import { forgetCachedPlans, insertPlan } from '../src/modules/gedcom/gedcom.repository.ts';
import * as trees from '../src/modules/tree/tree.repository.ts';
import { admin, withTempDir } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] || path.join(here, '..', '..', 'gedcom', 'test', 'fixtures', 'real-world', 'royal92.ged');
const runs = Number(process.argv[3] ?? 9);
/** PROFILE_EXPLAIN=1: the last run's inserts and updates are EXPLAIN ANALYZEd (and printed) instead. */
const explain = process.env.PROFILE_EXPLAIN === '1';

const samples = new Map<string, number[]>();
function record(label: string, millis: number): void {
  const list = samples.get(label) ?? [];
  list.push(millis);
  samples.set(label, list);
}
async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    record(label, performance.now() - started);
  }
}

function labelOf(text: string): string {
  const insert = /insert into "?(\w+)"?/i.exec(text);
  if (insert) return `  insert ${insert[1]}`;
  const update = /update "?(\w+)"?\s+\w*\s*set (\w+)/i.exec(text);
  if (update) return `  update ${update[1]}.${update[2]}`;
  return `  sql ${text.replace(/\s+/g, ' ').slice(0, 40)}`;
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  await withTempDir(async (dir) => {
    let name: string | null = null;
    let target: Parameters<typeof openDatabase>[0];
    if (adminUrl) {
      name = `anor_profile_${randomBytes(4).toString('hex')}`;
      await admin(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      target = { kind: 'postgres', url: url.toString() };
    } else target = { kind: 'pglite', dataDir: path.join(dir, 'pglite') };
    const database = await openDatabase(target);
    const { db } = database;
    try {
      const userId = uuidv7();
      await db.insert(user).values({ id: userId, name: 'Profile', email: `${userId}@example.com` } as never);
      const bytes = new Uint8Array(await readFile(file));
      for (let run = 0; run <= runs; run++) {
        if (run === 1) samples.clear(); // the first run warms up
        const started = performance.now();
        const text = await timed('decode', () => decode(bytes).text);
        await timed('parse only (not in the import)', () => {
          for (const _ of iterateRecords(text));
        });
        const { plan, kept } = await timed('parse + map', () => {
          const stream = iterateRecords(text);
          const iterator = stream[Symbol.iterator]();
          let next = iterator.next();
          const mapper = createGedcomMapper(stream.header, { language: 'sv' });
          while (!next.done) {
            mapper.add(next.value);
            next = iterator.next();
          }
          const { plan } = mapper.finish();
          const kept: DrainedRows[] = [mapper.drain()];
          markLineage(kept, plan);
          return { plan, kept };
        });
        const treeId = uuidv7();
        await timed('transaction', () =>
          db.transaction(async (tx) => {
            const execute = tx.execute.bind(tx);
            const dialect = (tx as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
            (tx as unknown as { execute: typeof execute }).execute = (async (query: Parameters<typeof execute>[0]) => {
              const label = labelOf(dialect.sqlToQuery(query).sql);
              if (explain && run === runs && /insert|update/.test(label)) {
                const result = (await execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
                  rows: Record<string, string>[];
                };
                console.log(`--- ${label}`);
                for (const row of result.rows) console.log(Object.values(row)[0]);
                return result;
              }
              return timed(label, () => execute(query));
            }) as typeof execute;
            await timed(' tree row', async () => {
              await trees.lockOwner(tx, userId);
              await trees.countTreesOfOwner(tx, userId);
              const treeName = `Profile ${treeId}`;
              await trees.isTreeNameTaken(tx, userId, treeNameKey(treeName));
              await forgetCachedPlans(tx);
              await trees.insertTree(tx, {
                id: treeId,
                ownerId: userId,
                name: treeName,
                nameKey: treeNameKey(treeName),
                rootId: plan.rootId,
              });
            });
            // As the service writes a plan read whole: root relations come with the persons.
            await timed(' inserts', () => insertPlan((work) => work(tx), treeId, kept, plan));
            await timed(' commit (measured with the transaction)', () => tx.execute(sql`select 1`));
          }),
        );
        await timed('find tree', () => trees.findTree(db, treeId));
        record('TOTAL', performance.now() - started);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
      console.log(
        `${path.basename(file)} on ${database.kind}, ${runs} runs, median ms (and per-run sum of statements)`,
      );
      for (const [label, values] of samples) {
        const perRun = values.length / runs;
        console.log(
          `${label.padEnd(44)} ${median(values).toFixed(1).padStart(8)}${perRun > 1 ? ` ×${perRun}` : ''}   [${values
            .slice(0, 9)
            .map((v) => v.toFixed(0))
            .join(' ')}]`,
        );
      }
    } finally {
      await database.close();
      if (adminUrl && name) await admin(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    }
  });
}

await main();
