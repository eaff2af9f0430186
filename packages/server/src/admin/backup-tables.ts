/**
 * Which tables a backup holds, and in what order (see backup.ts). Every table of the Drizzle schema
 * (db/schema.ts), found by what it exports, so that a table added later is in the backup without a
 * change here, except the derived ones below.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schemaModule from '../db/schema.ts';

export interface Column {
  name: string;
  /** The SQL type, as json_to_recordset and casts need it (`uuid`, `timestamp with time zone`, `text[]`). */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: Column[];
  primaryKey: string[];
  /**
   * Columns of a foreign key to the table itself (a place's parent): inserted as null and set once
   * every row is in, because a batch may hold a child before its parent.
   */
  selfReferences: string[];
  /** Tables this one has foreign keys to. */
  dependsOn: string[];
}

/**
 * Derived and queued data, left out of a backup: the privacy cache (`person_public`, the persons
 * shown to visitors, and `tree_privacy`, what it was computed for) and its queue
 * (`person_privacy_dirty`, the persons whose lives changed since, filled by the privacy triggers of
 * event, event_participant and parent_child). A restore leaves them empty: a tree without a
 * `tree_privacy` row is recomputed whole before a visitor's first read, as a new tree is, so the
 * living stay private without the backup having to agree with its own cache. Rows of these tables
 * in an older backup are read past. Jobs (`job`: imports running or finished lately) are left out as
 * well: a job's files are on the disk of the server that ran it, and a restored server has none running.
 */
export const derivedTables: ReadonlySet<string> = new Set([
  'person_public',
  'tree_privacy',
  'person_privacy_dirty',
  'job',
]);

/**
 * Tables whose rows statement-level triggers change when other tables are written: `tree` keeps
 * counts of persons, places, events and sources and a privacy revision. Their rows are written
 * again, as the backup has them, after every other table is in (the snapshot's counters match the
 * snapshot's rows: the triggers keep them in the same transaction as the rows they count).
 */
export const rewrittenAfterRestore: ReadonlySet<string> = new Set(['tree']);

/**
 * Tables triggers write on every change that a restore switches off: the change history (migration
 * 0018; restore.ts sets `anor.change_set = off`, so the rows it writes are not recorded again). The
 * backup holds the history as it was, and the restore moves its sequences past it.
 */
export const silencedOnRestore: ReadonlySet<string> = new Set(['history_change', 'history_change_set']);

let cachedTables: TableInfo[] | null = null;

/** Every table of the schema, each after the tables it refers to. */
export function schemaTables(): TableInfo[] {
  if (cachedTables) return cachedTables;
  const infos = new Map<string, TableInfo>();
  for (const value of Object.values(schemaModule)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const primaryKey =
      config.primaryKeys[0]?.columns.map((column) => column.name) ??
      config.columns.filter((column) => column.primary).map((column) => column.name);
    if (primaryKey.length === 0) throw new Error(`The table ${config.name} has no primary key to page by.`);
    const selfReferences = new Set<string>();
    const dependsOn = new Set<string>();
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const target = getTableConfig(reference.foreignTable).name;
      if (target === config.name) {
        for (const column of reference.columns) if (!primaryKey.includes(column.name)) selfReferences.add(column.name);
      } else {
        dependsOn.add(target);
      }
    }
    infos.set(config.name, {
      name: config.name,
      columns: config.columns.map((column) => ({ name: column.name, type: column.getSQLType() })),
      primaryKey,
      selfReferences: [...selfReferences],
      dependsOn: [...dependsOn],
    });
  }
  const ordered: TableInfo[] = [];
  const visiting = new Set<string>();
  const visit = (info: TableInfo) => {
    if (ordered.includes(info)) return;
    if (visiting.has(info.name)) throw new Error(`Foreign keys form a cycle through ${info.name}.`);
    visiting.add(info.name);
    for (const name of info.dependsOn) {
      const target = infos.get(name);
      if (target) visit(target);
    }
    visiting.delete(info.name);
    ordered.push(info);
  };
  for (const info of infos.values()) visit(info);
  cachedTables = ordered;
  return ordered;
}

/** The tables a backup holds, in the order it holds them: the schema's, without the derived ones. */
export function backupTables(): TableInfo[] {
  return schemaTables().filter((table) => !derivedTables.has(table.name));
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
