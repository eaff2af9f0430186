import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { distributedTables, loadParser, localTables, unscopedTables } from './support/tree-scope.ts';

/**
 * Citus readiness, checked (issue 25): the migrated schema can be distributed by tree with every
 * tree's rows on one node, and docs/operations.md distributes exactly these tables. The other half,
 * that every statement the app runs names its tree, is checked over the whole integration run by
 * the SQL recorder (support/tree-scope-check.ts, at the end of the run); its parser is tested here.
 */

/** Copied to every node: the accounts, read by every tree's queries. */
const referenceTables = ['user', 'session', 'account', 'verification', 'subscription', 'contact_message'];

const docsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/operations.md');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface KeyRow {
  table: string;
  name: string;
  columns: string[];
}

interface ForeignKeyRow extends KeyRow {
  target: string;
  targetColumns: string[];
}

const tablesOfSchema = async () =>
  (
    await queryRows<{ table: string }>(
      t.database.db,
      sql`select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
  ).map((row) => row.table);

/** Primary keys and unique indexes, their columns in order (an expression counts as '(expression)'). */
const uniqueKeys = () =>
  queryRows<KeyRow & { primary: boolean }>(
    t.database.db,
    sql`select c.relname as "table", ic.relname as name, i.indisprimary as primary,
          array_agg(coalesce(a.attname, '(expression)') order by k.ord)::text[] as columns
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_class ic on ic.oid = i.indexrelid
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
        left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indisunique and k.ord <= i.indnkeyatts
        group by c.relname, ic.relname, i.indisprimary`,
  );

const foreignKeys = () =>
  queryRows<ForeignKeyRow>(
    t.database.db,
    sql`select c.relname as "table", con.conname as name, f.relname as target,
          (select array_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum)::text[] as columns,
          (select array_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)::text[] as "targetColumns"
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_class f on f.oid = con.confrelid
        where con.contype = 'f'`,
  );

/** The table names an SQL call of operations.md passes to `fn` (in its ARRAY[…] or as its first argument). */
function namesInDocs(docs: string, fn: string): string[] {
  const names = new Set<string>();
  for (const match of docs.matchAll(
    new RegExp(`SELECT ${fn}\\(([^;]*?)\\)(?: FROM unnest\\(ARRAY\\[([^\\]]*)\\]\\) t)?;`, 'g'),
  )) {
    // The list of unnest(ARRAY[…]), else the call's first argument.
    const source = match[2] ?? /'[a-z_]+'/.exec(match[1] ?? '')?.[0] ?? '';
    for (const name of source.matchAll(/'([a-z_]+)'/g)) names.add(name[1] as string);
  }
  return [...names].sort();
}

describe('Citus readiness (issue 25)', () => {
  it('classes every table: distributed by tree, the tree itself, reference or local', async () => {
    const distributed = distributedTables();
    const classed = new Set([...distributed.keys(), ...referenceTables, ...localTables]);
    const tables = await tablesOfSchema();
    expect(tables.filter((table) => !classed.has(table))).toEqual([]);
    // Each class names only tables that are there, and a reference table holds no tree's rows.
    expect([...referenceTables, ...localTables].filter((table) => !tables.includes(table))).toEqual([]);
    expect(referenceTables.filter((table) => distributed.has(table))).toEqual([]);
  });

  it('keys every tree-owned table by tree_id first, and every unique index holds the distribution column', async () => {
    const distributed = distributedTables();
    const keys = await uniqueKeys();
    const wrong = keys
      .filter((key) => distributed.has(key.table))
      .filter((key) => {
        const column = distributed.get(key.table) as string;
        return key.primary ? key.columns[0] !== column : !key.columns.includes(column);
      })
      .map((key) => `${key.name} (${key.columns.join(', ')})`);
    // The tree's own two rules (one name per owner, one share token) are the known exceptions that
    // docs/operations.md says must move to reference tables before distributing.
    expect(wrong).toEqual(['tree_owner_name_key_idx (owner_id, name_key)', 'tree_share_token_idx (share_token)']);
  });

  it('joins tree-owned tables only by keys that hold tree_id, and reference tables never point into a tree', async () => {
    const distributed = distributedTables();
    const isDistributed = (table: string) => distributed.has(table) && table !== 'tree';
    const wrong = (await foreignKeys())
      .filter((key) => {
        if (referenceTables.includes(key.table)) return distributed.has(key.target);
        if (!isDistributed(key.table) || !distributed.has(key.target)) return false;
        const position = key.columns.indexOf('tree_id');
        return position < 0 || key.targetColumns[position] !== distributed.get(key.target);
      })
      .map((key) => `${key.table}.${key.name}: (${key.columns.join(', ')}) → ${key.target}`);
    expect(wrong).toEqual([]);
  });

  it('has operations.md distribute exactly the tree-owned tables and copy exactly the reference tables', async () => {
    const docs = await readFile(docsFile, 'utf8');
    const distributed = [...distributedTables().keys()].filter((table) => table !== 'tree');
    expect(namesInDocs(docs, 'create_distributed_table')).toEqual([...distributed, 'tree'].sort());
    expect(namesInDocs(docs, 'create_reference_table')).toEqual([...referenceTables].sort());
  });

  it("finds a tree's table read or written without its tree, and passes one that names it", async () => {
    await loadParser();
    const tables = distributedTables();
    const scoped = [
      `select * from "person" where "person"."tree_id" = $1 and "person"."id" = $2`,
      `select e.id from event e join event_participant ep on ep.tree_id = e.tree_id and ep.event_id = e.id where e.tree_id = $1`,
      `update note set text = $1 where tree_id = $2 and id = $3`,
      `delete from note_link l using note n where n.tree_id = $1 and l.tree_id = n.tree_id and l.note_id = n.id`,
      `insert into person (tree_id, id, f_name) values ($1, $2, $3)`,
      `with x as (select id from person where tree_id = $1) select id from x`,
      `select * from tree where id = $1`,
    ];
    for (const text of scoped) expect(unscopedTables(text, tables), text).toEqual([]);
    expect(unscopedTables(`select * from person where id = $1`, tables)).toEqual([{ table: 'person', kind: 'select' }]);
    // A join whose second table is not tied to the tree.
    expect(
      unscopedTables(
        `select * from event e join event_participant ep on ep.event_id = e.id where e.tree_id = $1`,
        tables,
      ),
    ).toEqual([{ table: 'event_participant', kind: 'select' }]);
    // A subquery is a query of its own: the outer tree_id does not cover it.
    expect(
      unscopedTables(
        `select * from person p where p.tree_id = $1 and exists (select 1 from event e where e.id = p.id)`,
        tables,
      ),
    ).toEqual([{ table: 'event', kind: 'select' }]);
    expect(unscopedTables(`update person set f_name = $1 where id = $2`, tables)).toEqual([
      { table: 'person', kind: 'update' },
    ]);
    expect(unscopedTables(`delete from note where id = $1`, tables)).toEqual([{ table: 'note', kind: 'delete' }]);
    expect(unscopedTables(`insert into note (id, text) values ($1, $2)`, tables)).toEqual([
      { table: 'note', kind: 'insert' },
    ]);
    expect(unscopedTables(`select * from tree where owner_id = $1`, tables)).toEqual([
      { table: 'tree', kind: 'select' },
    ]);
  });
});
