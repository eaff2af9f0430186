import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../../db/client.ts';
import { lastAppliedMigration } from './health.repository.ts';

/** How long /readyz waits for the database before it says the instance is not ready. */
export const READY_TIMEOUT_MS = 2_000;

/** Why an instance is not ready: the database did not answer in time, or its schema is older than this code. */
export type NotReadyReason = 'database' | 'migrations';

export interface HealthServiceDeps {
  db: Db;
  migrationsFolder: string;
  timeoutMs?: number;
}

export function createHealthService({ db, migrationsFolder, timeoutMs = READY_TIMEOUT_MS }: HealthServiceDeps) {
  // The newest migration this code knows; the database must have it (or a newer one, from a newer instance).
  const expected = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));

  return {
    /** Null when ready; else what is wrong. Never waits longer than the timeout. */
    async notReadyReason(): Promise<NotReadyReason | null> {
      const check = lastAppliedMigration(db).then(
        (last): NotReadyReason | null => (last !== null && last >= expected ? null : 'migrations'),
        (): NotReadyReason => 'database',
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<NotReadyReason>((resolve) => {
        timer = setTimeout(() => resolve('database'), timeoutMs);
      });
      try {
        return await Promise.race([check, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
