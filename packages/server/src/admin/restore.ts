/**
 * Restore of a backup (`npm run admin -- restore FILE [--force]`; see backup.ts for the file).
 *
 * Restorable by construction: a backup holds no derived data (backup-tables.ts), so nothing a
 * trigger writes while the rows go in can collide with a row of the file. What the triggers do
 * write is then put right: the queue of dirty persons they fill is emptied (no `tree_privacy` row
 * means the privacy cache is recomputed whole at a visitor's first read), and the `tree` rows they
 * count into are written again as the backup has them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { continueHistorySequences, recordNothing } from '../modules/history/change-set.ts';
import type { MediaStorage } from '../modules/media/storage/storage.ts';
import { AdminError } from './admin.ts';
import { BATCH, currentMigration, databaseError, describeError } from './backup.ts';
import { asFileError, type BackupHeader, parseLine, readBackupHeader, readLines } from './backup-file.ts';
import { fileSection, restoreFile, skipFile } from './backup-media.ts';
import {
  type Column,
  derivedTables,
  quote,
  rewrittenAfterRestore,
  schemaTables,
  type TableInfo,
} from './backup-tables.ts';

/** A batch is also written when its rows reach this many characters (notes and transcriptions can be long). */
const BATCH_CHARS = 8 * 1024 * 1024;

export interface RestoreResult {
  header: BackupHeader;
  /** Rows restored per table. */
  rows: Record<string, number>;
  /** Media files in the backup: written to the storage, or already there (same name, same bytes). */
  files: { written: number; present: number };
  milliseconds: number;
}

/** Tables of the database that have rows, with their counts. */
async function nonEmptyTables(db: Db): Promise<{ name: string; rows: number }[]> {
  const tables = schemaTables();
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

/** The columns of each table the backup holds, checked against this version's schema. */
function columnsOfBackup(header: BackupHeader, byName: ReadonlyMap<string, TableInfo>): Map<string, Column[]> {
  const columnsOf = new Map<string, Column[]>();
  for (const entry of header.tables) {
    const table = byName.get(entry.name);
    if (!table) throw new AdminError(`The backup has a table this version of Anor does not know: ${entry.name}.`);
    if (derivedTables.has(entry.name)) continue;
    const columns: Column[] = [];
    for (const name of entry.columns) {
      const column = table.columns.find((c) => c.name === name);
      if (!column)
        throw new AdminError(`The backup has a column this version of Anor does not know: ${entry.name}.${name}.`);
      columns.push(column);
    }
    columnsOf.set(entry.name, columns);
  }
  return columnsOf;
}

/**
 * Restores a backup into the database (migrated already, as openDatabase does). Refuses a database
 * that holds any row unless `force`, which first empties every table; all of it in one
 * transaction, so that a refused or failed restore leaves the database as it was. A failure throws
 * an AdminError of one line; one of the database names the table and the database's reason
 * (`restore failed: table person: duplicate key value violates unique constraint "person_pkey" …`).
 */
export async function restoreDatabase(
  db: Db,
  file: string,
  options: { force?: boolean; storage?: MediaStorage | null } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const tables = schemaTables();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const header = await readBackupHeader(file);
  const current = await currentMigration(db);
  if (header.migration.createdAt !== null && (current.createdAt ?? 0) < header.migration.createdAt) {
    throw new AdminError(
      `The backup was taken at migration ${header.migration.tag ?? header.migration.createdAt}, newer than this database's ` +
        `${current.tag ?? current.createdAt}: restore it with the Anor version that made it, or a newer one.`,
    );
  }
  const columnsOf = columnsOfBackup(header, byName);
  const expected = new Map(header.tables.map((entry) => [entry.name, entry.rows]));

  const lines = readLines(file);
  const next = async (what: string): Promise<string> => {
    const result = await lines.next();
    if (result.done) throw new AdminError(`The backup file ends too early (${what} is missing): it is incomplete.`);
    return result.value;
  };
  const rows: Record<string, number> = {};
  const files = { written: 0, present: 0 };
  /** What the restore is writing, for the message of a failure. */
  let step = 'the database';
  try {
    await db.transaction(async (tx) => {
      // The backup brings its own change history (modules/history): the rows written here are not changes.
      await recordNothing(tx);
      const present = await nonEmptyTables(tx);
      if (present.length > 0) {
        if (!options.force) {
          const list = present.map((table) => `${table.name}: ${table.rows}`).join(', ');
          throw new AdminError(
            `The database is not empty (${list}). Restore only into an empty database, or give --force to delete everything in it first.`,
          );
        }
        // TRUNCATE fires no delete triggers; inside the transaction, so a failed restore brings the rows back.
        step = 'emptying the database';
        await tx.execute(sql.raw(`truncate ${tables.map((table) => quote(table.name)).join(', ')} cascade`));
      }
      await next('the header');
      const done = new Set<string>();
      const inserters: Inserter[] = [];
      for (;;) {
        const section = parseLine<{ table?: string; rows?: number; end?: boolean; file?: unknown; size?: unknown }>(
          await next('the end marker'),
          'a table header',
        );
        if (section.end === true) break;
        const media = fileSection(section);
        if (media) {
          // A media file (backup-media.ts), stored as it is read: a failed restore leaves only files no
          // row names, which the hourly collection removes. Without a storage (a test's restore) read past.
          step = `media file ${media.key}`;
          if (!options.storage) await skipFile(media, next);
          else if (await restoreFile(options.storage, media, next)) files.written += 1;
          else files.present += 1;
          continue;
        }
        const table = section.table === undefined ? undefined : byName.get(section.table);
        if (!table || typeof section.rows !== 'number' || expected.get(table.name) !== section.rows) {
          throw new AdminError(`The backup file is damaged: unexpected line where a table should begin.`);
        }
        if (done.has(table.name)) throw new AdminError(`The backup file is damaged: ${table.name} appears twice.`);
        done.add(table.name);
        if (derivedTables.has(table.name)) {
          // An older backup's copy of derived data: read past, rebuilt instead.
          for (let i = 0; i < section.rows; i++) await next(`row ${i + 1} of ${table.name}`);
          continue;
        }
        const columns = columnsOf.get(table.name) as Column[];
        const missing = table.dependsOn.find((name) => expected.has(name) && !done.has(name));
        if (missing) throw new AdminError(`The backup file is damaged: ${table.name} comes before ${missing}.`);
        step = `table ${table.name}`;
        const inserter: Inserter = { table, columns, batch: [], chars: 0, deferred: [], rewritten: [] };
        const isRewritten = rewrittenAfterRestore.has(table.name);
        const deferredColumns = table.selfReferences.filter((name) => columns.some((c) => c.name === name));
        for (let i = 0; i < section.rows; i++) {
          let line = await next(`row ${i + 1} of ${table.name}`);
          if (isRewritten) inserter.rewritten.push(line);
          if (deferredColumns.length > 0) {
            const row = parseLine<Record<string, unknown>>(line, `a row of ${table.name}`);
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
        inserters.push(inserter);
      }
      const after = await lines.next();
      if (!after.done && after.value !== '') throw new AdminError('The backup file is damaged: lines after its end.');
      for (const name of expected.keys()) {
        if (!done.has(name)) throw new AdminError(`The backup file is incomplete: ${name} is missing.`);
      }
      // What the privacy triggers queued as events and parent links went in: the cache is rebuilt whole instead.
      for (const name of derivedTables) {
        step = `table ${name}`;
        await tx.execute(sql.raw(`delete from ${quote(name)}`));
      }
      // The counters and the privacy revision as the backup has them, over what the triggers counted.
      for (const inserter of inserters) {
        if (inserter.rewritten.length === 0) continue;
        step = `table ${inserter.table.name}`;
        const keys = new Set(inserter.table.primaryKey);
        const columns = inserter.columns.filter((column) => !keys.has(column.name));
        await updateRows(tx, inserter.table, columns, inserter.rewritten);
      }
      step = 'the change history';
      await continueHistorySequences(tx);
    });
  } catch (error) {
    throw restoreError(error, file, step);
  } finally {
    await lines.return(undefined);
  }
  return { header, rows, files, milliseconds: performance.now() - started };
}

/**
 * The operator's one line for a failed restore: what the file lacks, or the table being written
 * and the database's reason (the table the database names, when a trigger wrote elsewhere).
 */
function restoreError(error: unknown, file: string, step: string): unknown {
  const fromFile = asFileError(error, file);
  if (fromFile instanceof AdminError) return fromFile;
  const found = databaseError(error);
  const where = found?.table && `table ${found.table}` !== step ? `${step} (writing ${found.table})` : step;
  return new AdminError(`restore failed: ${where}: ${describeError(error)}; nothing was restored`, { cause: error });
}
