import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../../db/client.ts';
import { lastAppliedMigration } from './health.repository.ts';

/** How long /readyz waits for the database before it says the instance is not ready. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Why an instance is not ready: the database did not answer in time, its schema is older than this
 * code, or the Redis of REDIS_URL did not answer in time.
 */
export type NotReadyReason = 'database' | 'migrations' | 'redis';

export interface HealthServiceDeps {
  db: Db;
  migrationsFolder: string;
  /** REDIS_URL's client when one is configured: it must answer PING too. */
  redis?: { ping(): Promise<unknown> } | null;
  timeoutMs?: number;
}

export function createHealthService({ db, migrationsFolder, redis, timeoutMs = READY_TIMEOUT_MS }: HealthServiceDeps) {
  // The newest migration this code knows; the database must have it (or a newer one, from a newer instance).
  const expected = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));

  return {
    /** Null when ready; else what is wrong. Never waits longer than the timeout. */
    async notReadyReason(): Promise<NotReadyReason | null> {
      let databaseAnswered = false;
      const database = lastAppliedMigration(db)
        .finally(() => {
          databaseAnswered = true;
        })
        .then(
          (last): NotReadyReason | null => (last !== null && last >= expected ? null : 'migrations'),
          (): NotReadyReason => 'database',
        );
      const shared = redis
        ? redis.ping().then(
            () => null,
            (): NotReadyReason => 'redis',
          )
        : null;
      const check = Promise.all([database, shared]).then(([first, second]) => first ?? second);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<NotReadyReason>((resolve) => {
        // Late: the database when it is the one still silent, else Redis.
        timer = setTimeout(() => resolve(databaseAnswered ? 'redis' : 'database'), timeoutMs);
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
