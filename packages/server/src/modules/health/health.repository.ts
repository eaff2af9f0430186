import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * When the newest migration applied to the database was made (the `folderMillis` of Drizzle's
 * journal, kept in its own table by the migrator); null when none is.
 */
export async function lastAppliedMigration(db: Db): Promise<number | null> {
  const rows = await queryRows<{ last: string | number | null }>(
    db,
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const last = rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}
