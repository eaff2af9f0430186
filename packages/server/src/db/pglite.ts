import { mkdir, statfs } from 'node:fs/promises';
import {
  type ExecProtocolOptions,
  type ExecProtocolOptionsStream,
  type ExecProtocolResult,
  PGlite,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { schema } from './schema.ts';

/** Extensions the migrations create; PGlite must load their code when it opens. */
export const pgliteExtensions = { pg_trgm };

/**
 * The embedded database stopped for good: an earlier statement ended in a PANIC (`cause`), and no
 * statement is sent to it again. Requests answer at once (503, or 507 when the disk is full) and
 * the server exits so that a supervisor starts it again (main.ts).
 */
export class EmbeddedDatabaseStoppedError extends Error {
  readonly code = 'ANOR_PGLITE_STOPPED';

  constructor(cause: Error) {
    super(`the embedded database stopped after: ${cause.message}`, { cause });
    this.name = 'EmbeddedDatabaseStoppedError';
  }
}

function isPanic(error: unknown): error is Error {
  return error instanceof Error && (error as { severity?: unknown }).severity === 'PANIC';
}

/**
 * PGlite that stops talking to PostgreSQL after a PANIC. PostgreSQL PANICs when it cannot write its
 * write-ahead log (a full disk while a new 16 MB segment is made: `could not write to file
 * "pg_wal/xlogtemp…": No space left on device`). A real server would restart; PGlite's single
 * backend instead answers every later statement `cannot drop active portal` (the ROLLBACK of the
 * failed transaction among them), and some later calls never return: the WebAssembly loop spins and
 * blocks the event loop, so that neither requests nor SIGTERM are served. Measured with PGlite
 * 0.5: an ERROR for a full disk while a table or index grows (`could not extend file`, 53100) rolls
 * back cleanly and PGlite stays usable; after a PANIC, the data directory as last committed opens
 * again (recovery) once there is space. So from a PANIC on, every call fails at once with
 * EmbeddedDatabaseStoppedError, and `onStop` is told once.
 */
class GuardedPGlite extends PGlite {
  stoppedBy: Error | null = null;
  onStop: ((error: Error) => void) | null = null;

  #assertRunning(): void {
    if (this.stoppedBy) throw new EmbeddedDatabaseStoppedError(this.stoppedBy);
  }

  async #watch<T>(run: () => Promise<T>): Promise<T> {
    this.#assertRunning();
    try {
      return await run();
    } catch (error) {
      if (isPanic(error) && !this.stoppedBy) {
        this.stoppedBy = error;
        this.onStop?.(error);
      }
      throw error;
    }
  }

  override execProtocol(message: Uint8Array, options?: ExecProtocolOptions): Promise<ExecProtocolResult> {
    return this.#watch(() => super.execProtocol(message, options));
  }

  override execProtocolStream(
    message: Uint8Array,
    options?: ExecProtocolOptions,
  ): ReturnType<PGlite['execProtocolStream']> {
    return this.#watch(() => super.execProtocolStream(message, options));
  }

  override execProtocolRaw(message: Uint8Array, options?: ExecProtocolOptions): Promise<Uint8Array> {
    this.#assertRunning();
    return super.execProtocolRaw(message, options);
  }

  override execProtocolRawStream(message: Uint8Array, options: ExecProtocolOptionsStream): Promise<void> {
    this.#assertRunning();
    return super.execProtocolRawStream(message, options);
  }
}

export type PgliteSource = { dataDir: string } | { dump: Blob };

/**
 * Opens PGlite on a data directory (or in memory from a dump) and migrates it. `onStop` registers
 * the one listener told when it stopped for good (above); `freeBytes` is the free space of the data
 * directory's file system (none in memory).
 */
export async function openPglite(source: PgliteSource, migrationsFolder: string, logger?: Logger) {
  let client: GuardedPGlite;
  let description: string;
  if ('dataDir' in source) {
    await mkdir(source.dataDir, { recursive: true });
    client = new GuardedPGlite(source.dataDir, { extensions: pgliteExtensions });
    description = `embedded PGlite in ${source.dataDir}`;
  } else {
    client = new GuardedPGlite({ loadDataDir: source.dump, extensions: pgliteExtensions });
    description = 'embedded PGlite in memory';
  }
  await client.waitReady;
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  const db = drizzle(client, { schema, ...(logger ? { logger } : {}) });
  const maintenance = setInterval(() => {
    maintainPglite(client).catch(() => undefined);
  }, PGLITE_MAINTENANCE_MS);
  maintenance.unref();
  const dataDir = 'dataDir' in source ? source.dataDir : null;
  return {
    db,
    description,
    onStop(listener: (error: Error) => void) {
      client.onStop = listener;
      if (client.stoppedBy) listener(client.stoppedBy);
    },
    freeBytes: dataDir ? () => freeBytesOf(dataDir) : undefined,
    async close() {
      clearInterval(maintenance);
      // A stopped PGlite is left as it is (closing would talk to it): as after a kill, the next
      // start recovers the data as last committed.
      if (!client.stoppedBy) await client.close();
    },
  };
}

/** The space an unprivileged writer may still use on the file system that holds `dir`. */
export async function freeBytesOf(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/** How often the embedded database refreshes its statistics and plans (it has no autovacuum). */
export const PGLITE_MAINTENANCE_MS = 5 * 60_000;

/**
 * PGlite is one session with no autovacuum: its statistics never refresh by themselves, and the
 * plans of foreign-key checks, made once per session while the tables were small, would scan whole
 * tables for the life of the server. Every few minutes it analyses and forgets its cached plans, so
 * that they are made again for the tables as they are now (PGlite runs it between other queries).
 */
export async function maintainPglite(client: PGlite): Promise<void> {
  await client.exec('ANALYZE; DISCARD PLANS;');
}
