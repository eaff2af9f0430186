import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { loadModule, parseSync } from 'libpg-query';
import * as schemaModule from '../../src/db/schema.ts';

/**
 * Citus readiness (issue 25): whether each statement on a tree's tables names the tree, so that
 * Citus can send it to the one node holding that tree. Statements are parsed with PostgreSQL's own
 * parser (libpg-query); in every SELECT, UPDATE and DELETE (each subquery and CTE on its own), each
 * tree-owned table must have its distribution column (`tree_id`; `id` for `tree` itself) in a
 * condition of that query: its WHERE, or the ON of a join it is part of. An INSERT must list the
 * column. A table is tree-owned when it has a `tree_id` column.
 */

type Node = Record<string, unknown>;

/**
 * Kept on the coordinator only, not distributed: jobs are claimed across trees with FOR UPDATE SKIP
 * LOCKED, which Citus runs on one node's table, not across shards (a job has a tree_id, but no key
 * of it).
 */
export const localTables: readonly string[] = ['job'];

/** Each tree-owned table (one with a `tree_id`, not local) with its distribution column. */
export function distributedTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const value of Object.values(schemaModule)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    if (localTables.includes(config.name)) continue;
    if (config.name === 'tree') tables.set('tree', 'id');
    else if (config.columns.some((column) => column.name === 'tree_id')) tables.set(config.name, 'tree_id');
  }
  return tables;
}

let loaded: Promise<void> | undefined;
/** Loads the parser (WebAssembly) once. */
export const loadParser = () => {
  loaded ??= loadModule();
  return loaded;
};

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** Every node under `value` (itself included) of the given kind, without entering `stopAt` kinds below the top. */
function collect(value: unknown, kind: string, out: Node[], stopAt: ReadonlySet<string> = new Set(), top = true): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, kind, out, stopAt, false);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === kind && isObject(child)) out.push(child);
    if (!top && stopAt.has(key)) continue;
    collect(child, kind, out, stopAt, false);
  }
}

/** The query kinds that are a scope of their own. */
const scopes = new Set(['SelectStmt', 'UpdateStmt', 'DeleteStmt', 'InsertStmt']);

interface Relation {
  name: string;
  alias: string;
}

/** The relations a FROM list (or a USING list) names directly, through joins; and the joins' conditions. */
function fromItems(items: unknown, relations: Relation[], conditions: unknown[]): void {
  if (!Array.isArray(items)) return;
  for (const item of items) walkFromItem(item, relations, conditions);
}

function walkFromItem(item: unknown, relations: Relation[], conditions: unknown[]): void {
  if (!isObject(item)) return;
  const range = item.RangeVar as Node | undefined;
  if (range) {
    relations.push(relationOf(range));
    return;
  }
  const join = item.JoinExpr as Node | undefined;
  if (join) {
    walkFromItem(join.larg, relations, conditions);
    walkFromItem(join.rarg, relations, conditions);
    if (join.quals) conditions.push(join.quals);
  }
}

function relationOf(range: Node): Relation {
  const name = String(range.relname);
  const alias = isObject(range.alias) ? String(range.alias.aliasname) : name;
  return { name, alias };
}

/** Whether `conditions` refer to `alias`.`column` (or to an unqualified `column`). */
function conditionsName(conditions: unknown[], alias: string, column: string): boolean {
  const refs: Node[] = [];
  // Subqueries in a condition are scopes of their own: a tree_id compared inside one does not count here.
  collect(conditions, 'ColumnRef', refs, scopes);
  return refs.some((ref) => {
    const fields = (ref.fields as Node[]).map((field) => (isObject(field.String) ? String(field.String.sval) : '*'));
    return (
      (fields.length === 2 && fields[0] === alias && fields[1] === column) ||
      (fields.length === 1 && fields[0] === column)
    );
  });
}

/** One finding: a tree-owned table a statement reads or writes without naming the tree. */
export interface Unscoped {
  table: string;
  kind: string;
}

/** The tree-owned tables of the statement `text` that are not limited to one tree. */
export function unscopedTables(text: string, tables: ReadonlyMap<string, string>): Unscoped[] {
  const parsed = parseSync(text) as { stmts?: { stmt: Node }[] };
  const found: Unscoped[] = [];
  for (const { stmt } of parsed.stmts ?? []) {
    const cteNames = new Set<string>();
    const ctes: Node[] = [];
    collect(stmt, 'CommonTableExpr', ctes);
    for (const cte of ctes) cteNames.add(String(cte.ctename));
    for (const kind of scopes) {
      const queries: Node[] = [];
      collect(stmt, kind, queries);
      for (const query of queries) {
        const relations: Relation[] = [];
        const conditions: unknown[] = [];
        if (kind === 'InsertStmt') {
          const target = relationOf(query.relation as Node);
          const column = tables.get(target.name);
          const columns = Array.isArray(query.cols) ? (query.cols as Node[]) : [];
          const named = columns.some((each) => isObject(each.ResTarget) && each.ResTarget.name === column);
          if (column && columns.length > 0 && !named) found.push({ table: target.name, kind: 'insert' });
          continue;
        }
        if (kind === 'SelectStmt') fromItems(query.fromClause, relations, conditions);
        if (kind === 'UpdateStmt') {
          relations.push(relationOf(query.relation as Node));
          fromItems(query.fromClause, relations, conditions);
        }
        if (kind === 'DeleteStmt') {
          relations.push(relationOf(query.relation as Node));
          fromItems(query.usingClause, relations, conditions);
        }
        if (query.whereClause) conditions.push(query.whereClause);
        for (const relation of relations) {
          const column = tables.get(relation.name);
          if (!column || cteNames.has(relation.name)) continue;
          if (!conditionsName(conditions, relation.alias, column)) {
            found.push({ table: relation.name, kind: kind.replace('Stmt', '').toLowerCase() });
          }
        }
      }
    }
  }
  return found;
}
