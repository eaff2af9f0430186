/**
 * Backup of the whole database (`npm run admin -- backup FILE`; restore.ts reads it back): every
 * user and every tree, in one file that either database reads (a backup of the embedded PGlite
 * restores into PostgreSQL and the other way).
 *
 * The file (backup-file.ts) is gzip-compressed JSON lines:
 *   1. a header: `{"format":"anor-backup","version":1,"migration":…,"createdAt":…,"tables":[{name,columns,rows}]}`;
 *   2. per table, in dependency order: `{"table":"person","rows":N}`, then N lines, each one row as
 *      PostgreSQL's row_to_json writes it (column names as keys, timestamps in UTC with microseconds);
 *   3. (version 2) the media files, each a section `{"file":key,"size":N}` and its bytes in base64
 *      lines (backup-media.ts), unless the backup was made without them;
 *   4. `{"end":true}`.
 * The tables are every table of the Drizzle schema except derived data (backup-tables.ts).
 *
 * Both directions stream: a backup reads each table in primary-key order, 5,000 rows at a time
 * (keyset pagination), in one REPEATABLE READ transaction, so it is a consistent snapshot while the
 * server runs, then reads the file it wrote back and checks it before giving it its name; a restore
 * reads the file line by line and inserts 5,000 rows per statement with INSERT … SELECT FROM
 * json_to_recordset, all in one transaction, so a failed restore leaves nothing.
 */
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { MediaStorage } from '../modules/media/storage/storage.ts';
import { AdminError } from './admin.ts';
import { type BackupHeader, backupFormat, backupVersion, GzipLineWriter, verifyBackupFile } from './backup-file.ts';
import { hashesToBackUp, type MediaBackupCount, writeMediaFiles } from './backup-media.ts';
import { backupTables, quote, type TableInfo } from './backup-tables.ts';

/** Rows per SELECT (a restore inserts as many per statement). */
export const BATCH = 5000;

export interface BackupResult {
  file: string;
  header: BackupHeader;
  /** The media files written (none without a storage). */
  media: MediaBackupCount;
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
export async function currentMigration(db: Db): Promise<BackupHeader['migration']> {
  const rows = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  const createdAt = rows[0]?.created_at == null ? null : Number(rows[0].created_at);
  const entry = (await readJournal()).find((e) => e.when === createdAt);
  return { tag: entry?.tag ?? null, createdAt };
}

export interface BackupOptions {
  /** Which database it is (kept in the header, for information). */
  database?: string;
  /** The media storage whose files go into the backup (those rows and the history name); none: no files. */
  storage?: MediaStorage | null;
  /** For tests: runs on the written file before it is verified (to damage it). */
  afterWrite?: (partialFile: string) => Promise<void>;
}

/**
 * Writes every table to `file`: a temporary file first, read back and verified (verifyBackupFile),
 * then renamed, so that a failed or unverified backup never leaves a file that looks whole. Throws
 * an AdminError of one line (`backup failed: …`, `backup verification failed: …`).
 */
export async function backupDatabase(db: Db, file: string, options: BackupOptions = {}): Promise<BackupResult> {
  const started = performance.now();
  const tables = backupTables();
  const partial = `${file}.partial`;
  let writer: GzipLineWriter | null = null;
  try {
    writer = new GzipLineWriter(partial);
    const out = writer;
    let hashes: string[] = [];
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
        await out.write(`${JSON.stringify(header)}\n`);
        for (const [index, table] of tables.entries()) {
          const expected = header.tables[index]?.rows ?? 0;
          await out.write(`${JSON.stringify({ table: table.name, rows: expected })}\n`);
          const written = await writeTable(tx, table, out);
          if (written !== expected) {
            throw new AdminError(`backup failed: ${table.name}: counted ${expected} rows but read ${written}`);
          }
        }
        // The files of the same snapshot, copied once it is closed (they never change: named by their hash).
        if (options.storage) hashes = await hashesToBackUp(tx);
        return header;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const media = options.storage
      ? await writeMediaFiles(options.storage, hashes, out)
      : { files: 0, bytes: 0, missing: [] };
    await out.write(`${JSON.stringify({ end: true })}\n`);
    await out.close();
    await options.afterWrite?.(partial);
    await verifyBackupFile(partial, header, media.files);
    await rename(partial, file);
    return { file, header, media, milliseconds: performance.now() - started };
  } catch (error) {
    writer?.destroy();
    await rm(partial, { force: true });
    if (error instanceof AdminError) throw error;
    throw new AdminError(`backup failed: ${describeError(error)}`, { cause: error });
  }
}

/**
 * One line for an error of the database or the file system: the database's own message (and its
 * detail), never the statement and its parameters that a query error's message carries.
 */
export function describeError(error: unknown): string {
  const found = databaseError(error);
  if (found) {
    const detail = found.detail ? ` (${found.detail})` : '';
    return oneLine(`${found.message}${detail}`);
  }
  return oneLine(error instanceof Error ? error.message : String(error));
}

export interface DatabaseErrorFields {
  message: string;
  /** The SQLSTATE (23505: a duplicate key). */
  code: string;
  table?: string;
  constraint?: string;
  detail?: string;
}

/** The error PostgreSQL (pg) or PGlite answered, found in an error's causes (drizzle wraps it). */
export function databaseError(error: unknown): DatabaseErrorFields | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const fields = current as Partial<DatabaseErrorFields> & { cause?: unknown; severity?: unknown };
    const isSqlState = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code);
    if (isSqlState && typeof fields.severity === 'string' && typeof fields.message === 'string') {
      return fields as DatabaseErrorFields;
    }
    current = fields.cause;
  }
  return null;
}

function oneLine(text: string, max = 400): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
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

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return bytes < 1024 ** 3 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}
