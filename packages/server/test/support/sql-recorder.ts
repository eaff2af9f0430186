import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'drizzle-orm';

/**
 * The tests' SQL recorder (issue 25's Citus readiness): every test database the integration
 * project opens tells it each statement the app runs; the distinct ones are written to the run's
 * record folder when the database closes, and the global set-up checks them all at the end of the
 * run (tree-scope.ts).
 */
const seen = new Set<string>();
let pending: string[] = [];

export function recordingLogger(): Logger {
  return {
    logQuery(query) {
      if (seen.has(query)) return;
      seen.add(query);
      pending.push(query);
    },
  };
}

/** Writes the statements seen since the last flush into `dir`, one file per flush. */
export async function flushRecorded(dir: string): Promise<void> {
  if (pending.length === 0) return;
  const statements = pending;
  pending = [];
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${randomUUID()}.json`), JSON.stringify(statements));
}

/** Every distinct statement recorded in `dir`. */
export async function readRecorded(dir: string): Promise<string[]> {
  const statements = new Set<string>();
  for (const file of await readdir(dir).catch(() => [])) {
    for (const statement of JSON.parse(await readFile(path.join(dir, file), 'utf8')) as string[]) {
      statements.add(statement);
    }
  }
  return [...statements];
}
