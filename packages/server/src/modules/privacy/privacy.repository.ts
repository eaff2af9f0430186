import { privacyCutoffs } from '@anor/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type PrivacyCutoffs = ReturnType<typeof privacyCutoffs>;

/**
 * The one rule, as SQL: the persons of the tree presumed dead, so that a visitor may see them.
 * Everyone else is presumed living and private. A date counts by its latest possible day
 * (`date_to`), so "about 1900" or "after 1900" never makes a living person public. Set-wise: one
 * pass over the tree's life events (one row per person) and its parent links.
 */
function publicPersonsQuery(treeId: string, cutoffs: PrivacyCutoffs): SQL {
  return sql`
    with life as (
      select lp.person_id,
        bool_or(e.type in ('death', 'burial')) as died,
        min(e.date_to) filter (where e.type in ('birth', 'baptism')) as born_by,
        min(e.date_to) filter (where e.type in ('death', 'burial')) as died_by
      from event_participant lp
      join event e on e.tree_id = lp.tree_id and e.id = lp.event_id
      where lp.tree_id = ${treeId} and lp.role = 'primary'
        and e.type in ('birth', 'baptism', 'death', 'burial')
      group by lp.person_id
    )
    select person_id from life where died or born_by < ${cutoffs.bornBefore}::date
    union
    select pc.parent_id from parent_child pc join life l on l.person_id = pc.child_id
    where pc.tree_id = ${treeId} and l.born_by < ${cutoffs.childBornBefore}::date
    union
    select pc.child_id from parent_child pc join life l on l.person_id = pc.parent_id
    where pc.tree_id = ${treeId}
      and (l.born_by < ${cutoffs.parentBornBefore}::date or l.died_by < ${cutoffs.parentDiedBefore}::date)`;
}

/**
 * Makes `person_public` current for the tree: recomputed (in one transaction, one statement) when
 * a write has raised the tree's privacy revision since, the day has changed (the 110 years move),
 * or the setting has. Most visits find it current and cost one primary-key read.
 */
export async function refreshPublicPersons(db: Db, treeId: string, livingYears: number, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const isCurrent = async (tx: Db) => {
    const [state] = await queryRows<{ current: boolean; revision: number }>(
      tx,
      sql`select privacy_revision as revision,
            (privacy_computed_revision is not distinct from privacy_revision
             and privacy_computed_on = ${today}::date and privacy_computed_years = ${livingYears}) as current
          from tree where id = ${treeId}`,
    );
    return state;
  };
  const state = await isCurrent(db);
  if (!state || state.current) return;
  await db.transaction(async (tx) => {
    // One recomputation at a time per tree; a second visitor waits and then finds it current.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`privacy:${treeId}`}))`);
    const again = await isCurrent(tx);
    if (!again || again.current) return;
    // Only the difference is written: after an edit that is a row or two, not the whole tree.
    const fresh = publicPersonsQuery(treeId, privacyCutoffs(now, livingYears));
    await tx.execute(sql`with fresh as (${fresh}),
      gone as (
        delete from person_public pp where pp.tree_id = ${treeId}
          and not exists (select 1 from fresh f where f.person_id = pp.person_id))
      insert into person_public (tree_id, person_id)
      select ${treeId}, f.person_id from fresh f
      where not exists (select 1 from person_public pp where pp.tree_id = ${treeId} and pp.person_id = f.person_id)`);
    await tx.execute(sql`update tree set privacy_computed_revision = ${again.revision},
      privacy_computed_on = ${today}::date, privacy_computed_years = ${livingYears} where id = ${treeId}`);
  });
}

/** Whether the person `personId` is presumed dead (after `refreshPublicPersons` for the tree). */
export function presumedDead(treeId: string, personId: SQL): SQL {
  return sql`exists (select 1 from person_public pp where pp.tree_id = ${treeId} and pp.person_id = ${personId})`;
}

/** An event is private when one of its participants is presumed living. */
function privateEvent(treeId: string, eventId: SQL): SQL {
  return sql`exists (
    select 1 from event_participant pe
    where pe.tree_id = ${treeId} and pe.event_id = ${eventId}
      and not ${presumedDead(treeId, sql`pe.person_id`)})`;
}

/** How many persons of the tree are presumed dead (after `refreshPublicPersons`). */
export function countPublicPersons(db: Db, treeId: string) {
  return queryRows<{ value: number }>(
    db,
    sql`select count(*)::int as value from person_public where tree_id = ${treeId}`,
  );
}

/** Whether the event has no living participant (after `refreshPublicPersons` for the tree). */
export function publicEvent(treeId: string, eventId: SQL): SQL {
  return sql`not ${privateEvent(treeId, eventId)}`;
}

/** A note or citation is private when it belongs to a living person or a private event. */
function linkedToPrivate(treeId: string, link: 'note_link' | 'citation_link', column: string, id: SQL) {
  return sql`exists (
    select 1 from ${sql.raw(link)} l
    where l.tree_id = ${treeId} and l.${sql.raw(column)} = ${id}
      and ((l.node_kind = 'person' and not ${presumedDead(treeId, sql`l.node_id`)})
        or (l.node_kind = 'event' and ${privateEvent(treeId, sql`l.node_id`)})))`;
}

export interface PrivateIds {
  persons: Set<string>;
  events: Set<string>;
  notes: Set<string>;
  citations: Set<string>;
}

/**
 * Which of `ids` (any ids an answer holds) are private in the tree: living persons, events with a
 * living participant, notes and citations of either. One statement, whatever the answer's size.
 */
export async function findPrivateIds(
  db: Db,
  treeId: string,
  ids: readonly string[],
  livingYears: number,
): Promise<PrivateIds> {
  const found: PrivateIds = { persons: new Set(), events: new Set(), notes: new Set(), citations: new Set() };
  if (ids.length === 0) return found;
  await refreshPublicPersons(db, treeId, livingYears);
  const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const rows = await queryRows<{ id: string; kind: keyof PrivateIds }>(
    db,
    sql`
    select p.id::text as id, 'persons' as kind from person p
      where p.tree_id = ${treeId} and p.id = any(${list}) and not ${presumedDead(treeId, sql`p.id`)}
    union all
    select e.id::text, 'events' from event e
      where e.tree_id = ${treeId} and e.id = any(${list}) and ${privateEvent(treeId, sql`e.id`)}
    union all
    select n.id::text, 'notes' from note n
      where n.tree_id = ${treeId} and n.id = any(${list}) and ${linkedToPrivate(treeId, 'note_link', 'note_id', sql`n.id`)}
    union all
    select c.id::text, 'citations' from citation c
      where c.tree_id = ${treeId} and c.id = any(${list}) and ${linkedToPrivate(treeId, 'citation_link', 'citation_id', sql`c.id`)}`,
  );
  for (const row of rows) found[row.kind].add(row.id);
  return found;
}
