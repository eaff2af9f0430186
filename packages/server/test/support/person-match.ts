import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

interface FeatureRow {
  person_id: string;
  born: number | null;
  died: number | null;
  birth_place: string | null;
  death_place: string | null;
  parent_a: string | null;
  parent_b: string | null;
}

class Rollback extends Error {}

const featureRows = (db: Db, treeId: string) =>
  queryRows<FeatureRow>(
    db,
    sql`select person_id, born, died, birth_place, death_place, parent_a, parent_b
        from person_match where tree_id = ${treeId} order by person_id`,
  );

/**
 * The duplicate finder's stored features (person_match, migration 0028) of the tree that differ from
 * what they are computed to be now, from its events and parent links: [] when the triggers kept them.
 * Computed in a transaction that is rolled back. Also answers how many rows were stored.
 */
export async function staleFeatures(db: Db, treeId: string): Promise<{ stored: number; stale: FeatureRow[] }> {
  let result = { stored: 0, stale: [] as FeatureRow[] };
  try {
    await db.transaction(async (tx) => {
      const before = await featureRows(tx, treeId);
      await tx.execute(sql`select anor_person_match_refresh(${treeId}::uuid, null)`);
      const after = new Map((await featureRows(tx, treeId)).map((row) => [row.person_id, JSON.stringify(row)]));
      result = {
        stored: before.length,
        stale: before.filter((row) => after.get(row.person_id) !== JSON.stringify(row)),
      };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result;
}
