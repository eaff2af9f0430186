import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs a raw SQL statement (recursive queries Drizzle's builder cannot express) and answers its
 * rows. Both drivers (pg and PGlite) answer an object with `rows`; the generic database type
 * cannot say so, hence the one cast here. Column aliases in the SQL must match T's fields.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
