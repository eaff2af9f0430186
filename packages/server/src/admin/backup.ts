/**
 * Backup and restore of the whole database (`npm run admin -- backup FILE`, `restore FILE`): every
 * user and every tree, in one file that either database reads (a backup of the embedded PGlite
 * restores into PostgreSQL and the other way).
 *
 * The file is gzip-compressed JSON lines:
 *   1. a header: `{"format":"anor-backup","version":1,"migration":…,"createdAt":…,"tables":[{name,columns,rows}]}`;
 *   2. per table, in dependency order: `{"table":"person","rows":N}`, then N lines, each one row as
 *      PostgreSQL's row_to_json writes it (column names as keys, timestamps in UTC with microseconds);
 *   3. `{"end":true}`.
 * The tables are every table of the Drizzle schema (db/schema.ts), found by what it exports, so that
 * a table added later is in the backup without a change here.
 *
 * Both directions stream: a backup reads each table in primary-key order, 5,000 rows at a time
 * (keyset pagination), in one REPEATABLE READ transaction, so it is a consistent snapshot while the
 * server runs; a restore reads the file line by line and inserts 5,000 rows per statement with
 * INSERT … SELECT FROM json_to_recordset, all in one transaction, so a failed restore leaves nothing.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { type Db, migrationsFolder } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import * as schemaModule from '../db/schema.ts';
import { AdminError } from './admin.ts';

export const backupFormat = 'anor-backup';
export const backupVersion = 1;

/** Rows per SELECT and per INSERT. */
const BATCH = 5000;
/** A batch is also written when its rows reach this many characters (notes and transcriptions can be long). */
const BATCH_CHARS = 8 * 1024 * 1024;

// ---- The tables, from the schema ----

interface Column {
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
 * Tables whose rows statement-level triggers change when other tables are written: `tree` keeps
 * counts of persons, places, events and sources and a privacy revision. Their rows are written
 * again, as the backup has them, after every other table is in.
 */
const rewrittenAfterRestore = new Set(['tree']);

/**
 * Tables that statement-level triggers of other tables add rows to: the privacy triggers name the
 * persons whose lives changed (`person_privacy_dirty`) as events and parent links go in. Emptied
 * after every other table is in, and filled again with the backup's rows alone.
 */
const refilledAfterRestore = new Set(['person_privacy_dirty']);

let cachedTables: TableInfo[] | null = null;

/** Every table of the schema, each after the tables it refers to. */
export function backupTables(): TableInfo[] {
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

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

// ---- The file ----

export interface BackupHeader {
  format: typeof backupFormat;
  version: number;
  /** The last migration applied to the database the backup was taken from. */
  migration: { tag: string | null; createdAt: number | null };
  createdAt: string;
  /** Which database it was taken from (information only: either restores into either). */
  database: string;
  tables: { name: string; columns: string[]; rows: number }[];
}

export interface BackupResult {
  file: string;
  header: BackupHeader;
  milliseconds: number;
}

interface JournalEntry {
  tag: string;
  when: number;
}

async function readJournal(): Promise<JournalEntry[]> {
  const text = await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The last migration drizzle recorded in the database, with its tag from the journal. */
async function currentMigration(db: Db): Promise<BackupHeader['migration']> {
  const rows = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  const createdAt = rows[0]?.created_at == null ? null : Number(rows[0].created_at);
  const entry = (await readJournal()).find((e) => e.when === createdAt);
  return { tag: entry?.tag ?? null, createdAt };
}

/** Writes lines to a gzip stream, waiting when it is full (the file is never held in memory). */
class GzipLineWriter {
  private readonly gzip = createGzip();
  private readonly output;

  constructor(file: string) {
    this.output = createWriteStream(file);
    this.gzip.pipe(this.output);
  }

  async write(text: string): Promise<void> {
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  async close(): Promise<void> {
    this.gzip.end();
    await finished(this.output);
  }

  destroy(): void {
    this.gzip.destroy();
    this.output.destroy();
  }
}

/**
 * Writes every table to `file` (a temporary file first, renamed when complete, so a failed backup
 * never leaves a file that looks whole).
 */
export async function backupDatabase(db: Db, file: string, options: { database?: string } = {}): Promise<BackupResult> {
  const started = performance.now();
  const tables = backupTables();
  const partial = `${file}.partial`;
  const writer = new GzipLineWriter(partial);
  try {
    const header = await db.transaction(
      async (tx) => {
        // Timestamps in the file in UTC, whatever the server's time zone.
        await tx.execute(sql`set local time zone 'UTC'`);
        const counts = await queryRows<Record<string, string | number>>(
          tx,
          sql.raw(
            `select ${tables.map((table) => `(select count(*) from ${quote(table.name)}) as ${quote(table.name)}`).join(', ')}`,
          ),
        );
        const header: BackupHeader = {
          format: backupFormat,
          version: backupVersion,
          migration: await currentMigration(tx),
          createdAt: new Date().toISOString(),
          database: options.database ?? 'unknown',
          tables: tables.map((table) => ({
            name: table.name,
            columns: table.columns.map((column) => column.name),
            rows: Number(counts[0]?.[table.name] ?? 0),
          })),
        };
        await writer.write(`${JSON.stringify(header)}\n`);
        for (const [index, table] of tables.entries()) {
          const expected = header.tables[index]?.rows ?? 0;
          await writer.write(`${JSON.stringify({ table: table.name, rows: expected })}\n`);
          const written = await writeTable(tx, table, writer);
          if (written !== expected) throw new Error(`${table.name}: counted ${expected} rows but read ${written}.`);
        }
        await writer.write(`${JSON.stringify({ end: true })}\n`);
        return header;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await writer.close();
    await rename(partial, file);
    return { file, header, milliseconds: performance.now() - started };
  } catch (error) {
    writer.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** One table's rows in primary-key order, BATCH at a time after the last key read. */
async function writeTable(db: Db, table: TableInfo, writer: GzipLineWriter): Promise<number> {
  const keys = table.primaryKey.map(quote).join(', ');
  const types = table.primaryKey.map((name) => table.columns.find((column) => column.name === name)?.type ?? 'text');
  let last: unknown[] | null = null;
  let written = 0;
  for (;;) {
    const after: SQL =
      last === null
        ? sql``
        : sql`where (${sql.raw(keys)}) > (${sql.join(
            (last as unknown[]).map((value, i) => sql`${value}::${sql.raw(types[i] ?? 'text')}`),
            sql`, `,
          )})`;
    const rows = await queryRows<{ line: string }>(
      db,
      sql`select row_to_json(t)::text as line from ${sql.raw(quote(table.name))} t ${after} order by ${sql.raw(keys)} limit ${BATCH}`,
    );
    if (rows.length === 0) return written;
    await writer.write(`${rows.map((row) => row.line).join('\n')}\n`);
    written += rows.length;
    const lastRow = JSON.parse(rows[rows.length - 1]?.line ?? '{}') as Record<string, unknown>;
    last = table.primaryKey.map((name) => lastRow[name]);
    if (rows.length < BATCH) return written;
  }
}

/** The lines of a gzip file, one at a time; a truncated or damaged file throws. */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  gunzip.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      rest += chunk;
      let start = 0;
      for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n', start)) {
        yield rest.slice(start, end);
        start = end + 1;
      }
      rest = rest.slice(start);
    }
    if (rest !== '') yield rest;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

// ---- Restore ----

export interface RestoreResult {
  header: BackupHeader;
  /** Rows restored per table. */
  rows: Record<string, number>;
  milliseconds: number;
}

function parseLine<T>(line: string | undefined, what: string): T {
  if (line === undefined)
    throw new AdminError(`The backup file ends too early (${what} is missing): it is incomplete.`);
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new AdminError(`The backup file is damaged: ${what} is not JSON.`);
  }
}

/** Reads and checks a backup's header (the first line). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readLines(file);
  try {
    const first = await lines.next();
    return checkHeader(parseLine<BackupHeader>(first.done ? undefined : first.value, 'the header'));
  } catch (error) {
    throw asAdminError(error, file);
  } finally {
    await lines.return(undefined);
  }
}

function checkHeader(header: BackupHeader): BackupHeader {
  if (header?.format !== backupFormat || !Array.isArray(header.tables)) {
    throw new AdminError('This is not an Anor backup file.');
  }
  if (header.version !== backupVersion) {
    throw new AdminError(
      `The backup is of format version ${header.version}; this Anor reads version ${backupVersion}.`,
    );
  }
  return header;
}

/** An operator's message for what went wrong reading or restoring a file. */
function asAdminError(error: unknown, file: string, restoring = false): unknown {
  if (error instanceof AdminError) return error;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT') return new AdminError(`No such file: ${file}`);
  if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new AdminError(`The backup file is damaged or incomplete (${message}).`);
  }
  if (restoring) return new AdminError(`The restore failed and nothing was restored: ${message}`, { cause: error });
  return error;
}

/** Tables of the database that have rows, with their counts. */
async function nonEmptyTables(db: Db): Promise<{ name: string; rows: number }[]> {
  const tables = backupTables();
  const rows = await queryRows<Record<string, boolean>>(
    db,
    sql.raw(
      `select ${tables.map((table) => `exists (select from ${quote(table.name)}) as ${quote(table.name)}`).join(', ')}`,
    ),
  );
  const found = tables.filter((table) => rows[0]?.[table.name]);
  const counted: { name: string; rows: number }[] = [];
  for (const table of found) {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql.raw(`select count(*) as n from ${quote(table.name)}`),
    );
    counted.push({ name: table.name, rows: Number(row?.n ?? 0) });
  }
  return counted;
}

/** How many rows one INSERT takes, and how it is written. */
interface Inserter {
  table: TableInfo;
  columns: Column[];
  /** Rows waiting, as JSON objects in text. */
  batch: string[];
  chars: number;
  /** Self-referencing values set after all rows are in: primary key and those columns, as JSON text. */
  deferred: string[];
  /** Rows of a table rewritten at the end. */
  rewritten: string[];
}

function recordsetType(columns: readonly Column[]): string {
  return columns.map((column) => `${quote(column.name)} ${column.type}`).join(', ');
}

async function insertBatch(db: Db, inserter: Inserter): Promise<void> {
  if (inserter.batch.length === 0) return;
  const names = inserter.columns.map((column) => quote(column.name)).join(', ');
  await db.execute(
    sql`insert into ${sql.raw(quote(inserter.table.name))} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${`[${inserter.batch.join(',')}]`}::json) as r(${sql.raw(recordsetType(inserter.columns))})`,
  );
  inserter.batch = [];
  inserter.chars = 0;
}

/** Sets `columns` of existing rows (found by primary key) from JSON rows, BATCH at a time. */
async function updateRows(db: Db, table: TableInfo, columns: readonly Column[], rows: readonly string[]) {
  if (columns.length === 0) return;
  const keys = table.primaryKey.map((name) => table.columns.find((column) => column.name === name) as Column);
  const set = columns.map((column) => `${quote(column.name)} = r.${quote(column.name)}`).join(', ');
  const match = keys.map((key) => `t.${quote(key.name)} = r.${quote(key.name)}`).join(' and ');
  for (let from = 0; from < rows.length; from += BATCH) {
    const json = `[${rows.slice(from, from + BATCH).join(',')}]`;
    await db.execute(
      sql`update ${sql.raw(quote(table.name))} t set ${sql.raw(set)} from json_to_recordset(${json}::json) as r(${sql.raw(recordsetType([...keys, ...columns]))}) where ${sql.raw(match)}`,
    );
  }
}

/**
 * Restores a backup into the database (migrated already, as openDatabase does). Refuses a database
 * that holds any row unless `force`, which first empties every table; all of it in one
 * transaction, so that a refused or failed restore leaves the database as it was.
 */
export async function restoreDatabase(db: Db, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const started = performance.now();
  const tables = backupTables();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const header = await readBackupHeader(file);
  const current = await currentMigration(db);
  if (header.migration.createdAt !== null && (current.createdAt ?? 0) < header.migration.createdAt) {
    throw new AdminError(
      `The backup was taken at migration ${header.migration.tag ?? header.migration.createdAt}, newer than this database's ` +
        `${current.tag ?? current.createdAt}: restore it with the Anor version that made it, or a newer one.`,
    );
  }
  const columnsOf = new Map<string, Column[]>();
  for (const entry of header.tables) {
    const table = byName.get(entry.name);
    if (!table) throw new AdminError(`The backup has a table this version of Anor does not know: ${entry.name}.`);
    const columns: Column[] = [];
    for (const name of entry.columns) {
      const column = table.columns.find((c) => c.name === name);
      if (!column)
        throw new AdminError(`The backup has a column this version of Anor does not know: ${entry.name}.${name}.`);
      columns.push(column);
    }
    columnsOf.set(entry.name, columns);
  }
  const expected = new Map(header.tables.map((entry) => [entry.name, entry.rows]));

  const lines = readLines(file);
  const next = async (what: string): Promise<string | undefined> => {
    const result = await lines.next();
    if (result.done) throw new AdminError(`The backup file ends too early (${what} is missing): it is incomplete.`);
    return result.value;
  };
  const rows: Record<string, number> = {};
  try {
    await db.transaction(async (tx) => {
      const present = await nonEmptyTables(tx);
      if (present.length > 0) {
        if (!options.force) {
          const list = present.map((table) => `${table.name}: ${table.rows}`).join(', ');
          throw new AdminError(
            `The database is not empty (${list}). Restore only into an empty database, or give --force to delete everything in it first.`,
          );
        }
        // TRUNCATE fires no delete triggers; inside the transaction, so a failed restore brings the rows back.
        await tx.execute(sql.raw(`truncate ${tables.map((table) => quote(table.name)).join(', ')} cascade`));
      }
      await next('the header');
      const done = new Set<string>();
      const inserters: Inserter[] = [];
      for (;;) {
        const section = parseLine<{ table?: string; rows?: number; end?: boolean }>(
          await next('the end marker'),
          'a table header',
        );
        if (section.end === true) break;
        const table = section.table === undefined ? undefined : byName.get(section.table);
        const columns = section.table === undefined ? undefined : columnsOf.get(section.table);
        if (!table || !columns || typeof section.rows !== 'number' || expected.get(table.name) !== section.rows) {
          throw new AdminError(`The backup file is damaged: unexpected line where a table should begin.`);
        }
        if (done.has(table.name)) throw new AdminError(`The backup file is damaged: ${table.name} appears twice.`);
        const missing = table.dependsOn.find((name) => expected.has(name) && !done.has(name));
        if (missing) throw new AdminError(`The backup file is damaged: ${table.name} comes before ${missing}.`);
        const inserter: Inserter = { table, columns, batch: [], chars: 0, deferred: [], rewritten: [] };
        const deferredColumns = table.selfReferences.filter((name) => columns.some((c) => c.name === name));
        for (let i = 0; i < section.rows; i++) {
          let line = (await next(`row ${i + 1} of ${table.name}`)) as string;
          if (refilledAfterRestore.has(table.name)) inserter.rewritten.push(line);
          if (deferredColumns.length > 0 || rewrittenAfterRestore.has(table.name)) {
            const row = parseLine<Record<string, unknown>>(line, `a row of ${table.name}`);
            if (rewrittenAfterRestore.has(table.name)) inserter.rewritten.push(line);
            if (deferredColumns.some((name) => row[name] != null)) {
              inserter.deferred.push(line);
              for (const name of deferredColumns) row[name] = null;
              line = JSON.stringify(row);
            }
          }
          inserter.batch.push(line);
          inserter.chars += line.length;
          if (inserter.batch.length >= BATCH || inserter.chars >= BATCH_CHARS) await insertBatch(tx, inserter);
        }
        await insertBatch(tx, inserter);
        const deferred = columns.filter((column) => deferredColumns.includes(column.name));
        await updateRows(tx, table, deferred, inserter.deferred);
        inserter.deferred = [];
        rows[table.name] = section.rows;
        done.add(table.name);
        inserters.push(inserter);
      }
      const after = await lines.next();
      if (!after.done && after.value !== '') throw new AdminError('The backup file is damaged: lines after its end.');
      for (const name of expected.keys()) {
        if (!done.has(name)) throw new AdminError(`The backup file is incomplete: ${name} is missing.`);
      }
      for (const inserter of inserters) {
        if (!refilledAfterRestore.has(inserter.table.name)) continue;
        await tx.execute(sql.raw(`delete from ${quote(inserter.table.name)}`));
        for (let from = 0; from < inserter.rewritten.length; from += BATCH) {
          inserter.batch = inserter.rewritten.slice(from, from + BATCH);
          await insertBatch(tx, inserter);
        }
      }
      // The counters and the privacy revision as the backup has them, over what the triggers counted.
      for (const inserter of inserters) {
        if (inserter.rewritten.length === 0 || refilledAfterRestore.has(inserter.table.name)) continue;
        const keys = new Set(inserter.table.primaryKey);
        const columns = inserter.columns.filter((column) => !keys.has(column.name));
        await updateRows(tx, inserter.table, columns, inserter.rewritten);
      }
    });
  } catch (error) {
    throw asAdminError(error, file, true);
  } finally {
    await lines.return(undefined);
  }
  return { header, rows, milliseconds: performance.now() - started };
}

// ---- Printing ----

/** "user 3, tree 2, person 1,204, …" and the total, for the operator. */
export function formatTableCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  const width = Math.max(...entries.map(([name]) => name.length), 5);
  return [
    ...entries.map(([name, n]) => `${name.padEnd(width)}  ${n.toLocaleString('en-US').padStart(12)}`),
    `${'total'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(12)}`,
  ].join('\n');
}

export function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}
