import { personMatchKeys } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { person, personMatch, personName } from '../../db/schema.ts';

/**
 * The duplicate finder's stored matching features (issue 21) and how the finder makes sure they are
 * complete before it reads them:
 * - name keys (`person.match_keys`, @anor/core personMatchKeys: Nordic-folded given names and
 *   patronymic-folded surnames) are written in TypeScript with the names by every path that writes
 *   names (person saves, the GEDCOM import, merges); a write that changes names without them leaves
 *   them null (trigger of migration 0019), and `computePendingKeys` computes those;
 * - life years, places and parents (`person_match`, migration 0028) are kept by triggers on event,
 *   event_participant and parent_child in the statement that changes them, undo and trash restores
 *   included; a person without a row (no events nor parents yet, or a restored database: the backup
 *   leaves the table out) is computed by `computePendingFeatures`.
 * Both run at the start of each finder and suggestion request, set-wise, and cost one index read
 * when nothing is pending.
 */

const BATCH = 2000;
/** Above this many persons without features, the whole tree is computed in one grouped statement. */
const WHOLE_TREE = 5000;

/**
 * Computes the keys of the tree's persons that have none yet (written before migration 0019, or
 * by a path that changed names without them), in batches. Not part of the tree's history: the keys
 * are derived from names that are recorded, so the transaction says `anor.change_set` = off.
 */
export async function computePendingKeys(db: Db, treeId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await queryRows<{
      id: string;
      names: { fName: string | null; pName: string | null; lName: string | null }[];
    }>(
      db,
      sql`
      select p.id,
        jsonb_build_array(jsonb_build_object('fName', p.f_name, 'pName', p.p_name, 'lName', p.l_name))
          || coalesce((select jsonb_agg(jsonb_build_object('fName', n.f_name, 'pName', n.p_name, 'lName', n.l_name) order by n.position)
                       from ${personName} n where n.tree_id = p.tree_id and n.person_id = p.id), '[]'::jsonb) as names
      from ${person} p
      where p.tree_id = ${treeId} and p.match_keys is null
      limit ${BATCH}`,
    );
    if (rows.length === 0) return done;
    const ids = rows.map((row) => row.id);
    const keys = rows.map((row) => personMatchKeys(row.names).join('\n'));
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('anor.change_set', 'off', true)`);
      await tx.execute(sql`
        update ${person} set match_keys = case when v.keys = '' then '{}'::text[] else string_to_array(v.keys, chr(10)) end
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(keys)}::text[]) as v(id, keys)
        where ${person.treeId} = ${treeId} and ${person.id} = v.id and ${person.matchKeys} is null`);
    });
    done += rows.length;
    if (rows.length < BATCH) return done;
  }
}

/**
 * Computes the features of the tree's persons that have no `person_match` row (migration 0028's
 * function, the same SQL the triggers run): by id when few, else the whole tree grouped.
 */
export async function computePendingFeatures(db: Db, treeId: string): Promise<number> {
  const pending = await queryRows<{ id: string }>(
    db,
    sql`select p.id from ${person} p
        where p.tree_id = ${treeId}
          and not exists (select 1 from ${personMatch} m where m.tree_id = p.tree_id and m.person_id = p.id)
        limit ${WHOLE_TREE + 1}::int`,
  );
  if (pending.length === 0) return 0;
  const ids = pending.length > WHOLE_TREE ? null : pending.map((row) => row.id);
  await db.execute(
    sql`select anor_person_match_refresh(${treeId}::uuid, ${ids ? sql`${sql.param(ids)}::uuid[]` : sql`null`})`,
  );
  return pending.length;
}

/** Both of the above: what the finder and the suggestions run first. */
export async function completeFeatures(db: Db, treeId: string): Promise<void> {
  await computePendingKeys(db, treeId);
  await computePendingFeatures(db, treeId);
}
