import { privacyCutoffs } from '@anor/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type PrivacyCutoffs = ReturnType<typeof privacyCutoffs>;

/**
 * Which persons a refresh decides about: all of the tree, or those a write named in
 * `person_privacy_dirty` with their parents and children (the rule of each of these reads their
 * own events, their parents' and their children's, so those lives are read too).
 */
type Scope = { kind: 'all' } | { kind: 'persons'; ids: readonly string[] };

/**
 * The one rule, as SQL: the persons of the tree presumed dead, so that a visitor may see them.
 * Everyone else is presumed living and private. A person is presumed dead by a death or burial of
 * their own, or by their own birth or baptism longer ago than the living years; otherwise by a
 * parent's or child's dates, but only when nothing of their own is dated within the living years
 * (issue 18: a birth recorded as 2001, a residence in 2010, a baptism witnessed in 2005 keep a
 * person private whatever relatives say). A date counts by its latest possible day (`date_to`; an
 * open end counts as today), so "about 1900" or "after 1900" never makes a living person public.
 * Set-wise: one pass over the events of the tree's persons (one row per person) and the parent
 * links, or over those of the scope's persons and their relatives. Answers
 * `with …, fresh(person_id) as (…)` for a statement to finish.
 */
function publicPersonsQuery(treeId: string, cutoffs: PrivacyCutoffs, scope: Scope): SQL {
  const whole = scope.kind === 'all';
  const neighbours = (from: string) => sql`
    select id from ${sql.raw(from)}
    union select pc.parent_id from parent_child pc join ${sql.raw(from)} x on pc.child_id = x.id where pc.tree_id = ${treeId}
    union select pc.child_id from parent_child pc join ${sql.raw(from)} x on pc.parent_id = x.id where pc.tree_id = ${treeId}`;
  const scoped = whole
    ? sql``
    : sql`dirty(id) as (select unnest(${`{${scope.ids.join(',')}}`}::uuid[])),
      affected(id) as (${neighbours('dirty')}),
      relevant(id) as (${neighbours('affected')}),`;
  const inScope = (column: SQL, set: 'affected' | 'relevant') =>
    whole ? sql`` : sql`and ${column} in (select id from ${sql.raw(set)})`;
  // An alternative birth or death (a second source's) does not make anyone older or dead: the one that counts does.
  const lifeEvent = sql`lp.role = 'primary' and e.type in ('birth', 'baptism', 'death', 'burial')
    and coalesce(e.subtype, '') not in ('alternativeBirth', 'alternativeDeath')`;
  // Dated (some day is known) and its latest possible day within the living years.
  const recent = sql`(e.date_from is not null or e.date_to is not null)
    and (e.date_to is null or e.date_to >= ${cutoffs.bornBefore}::date)`;
  const noRecentOwn = (column: SQL) =>
    sql`not exists (select 1 from life r where r.person_id = ${column} and r.recent)`;
  return sql`
    with ${scoped} life as (
      select lp.person_id,
        bool_or(${lifeEvent} and e.type in ('death', 'burial')) as died,
        min(e.date_to) filter (where ${lifeEvent} and e.type in ('birth', 'baptism')) as born_by,
        min(e.date_to) filter (where ${lifeEvent} and e.type in ('death', 'burial')) as died_by,
        bool_or(${recent}) as recent
      from event_participant lp
      join event e on e.tree_id = lp.tree_id and e.id = lp.event_id
      where lp.tree_id = ${treeId} and ((${lifeEvent}) or (${recent})) ${inScope(sql`lp.person_id`, 'relevant')}
      group by lp.person_id
    ), fresh(person_id) as (
      select person_id from life where (died or born_by < ${cutoffs.bornBefore}::date) ${inScope(sql`person_id`, 'affected')}
      union
      select pc.parent_id from parent_child pc join life l on l.person_id = pc.child_id
      where pc.tree_id = ${treeId} and l.born_by < ${cutoffs.childBornBefore}::date ${inScope(sql`pc.parent_id`, 'affected')}
        and ${noRecentOwn(sql`pc.parent_id`)}
      union
      select pc.child_id from parent_child pc join life l on l.person_id = pc.parent_id
      where pc.tree_id = ${treeId} ${inScope(sql`pc.child_id`, 'affected')}
        and (l.born_by < ${cutoffs.parentBornBefore}::date or l.died_by < ${cutoffs.parentDiedBefore}::date)
        and ${noRecentOwn(sql`pc.child_id`)}
    )`;
}

/**
 * Brings `person_public` to the rule for the scope's persons in one statement: only the difference
 * is written (after an edit a row or two, not the whole tree), each row with the person's sort key.
 * Answers how many rows went and came, and how many public persons the scope holds now.
 */
async function writePublicPersons(tx: Db, treeId: string, cutoffs: PrivacyCutoffs, scope: Scope) {
  const decided = scope.kind === 'all' ? sql`` : sql`and pp.person_id in (select id from affected)`;
  const [counts] = await queryRows<{ gone: number; added: number; fresh: number }>(
    tx,
    sql`${publicPersonsQuery(treeId, cutoffs, scope)},
      gone as (
        delete from person_public pp where pp.tree_id = ${treeId} ${decided}
          and not exists (select 1 from fresh f where f.person_id = pp.person_id)
        returning 1),
      added as (
        insert into person_public (tree_id, person_id, sort_key)
        select ${treeId}, f.person_id, p.sort_key from fresh f join person p on p.tree_id = ${treeId} and p.id = f.person_id
        where not exists (select 1 from person_public pp where pp.tree_id = ${treeId} and pp.person_id = f.person_id)
        returning 1)
      select (select count(*) from gone)::int as gone, (select count(*) from added)::int as added,
        (select count(*) from fresh)::int as fresh`,
  );
  return counts ?? { gone: 0, added: 0, fresh: 0 };
}

/** More dirty persons than this, and the whole tree is recomputed (one pass is then cheaper). */
const INCREMENTAL_LIMIT = 2_000;
/** A recomputation that changed this many rows refreshes the planner's statistics of the cache. */
const ANALYZE_AFTER = 10_000;

interface PrivacyState {
  revision: number;
  /** No write has changed a life or a parent link since the cache was brought up to date. */
  isRevisionCurrent: boolean;
  /** The cache was computed whole on this day (the cut-off dates move with the day). */
  isDayCurrent: boolean;
  /** …and for this setting of PRIVACY_LIVING_YEARS, and at all. */
  isSettingCurrent: boolean;
  computedRevision: number | null;
  computedOn: string | null;
  publicCount: number;
}

function readState(tx: Db, treeId: string, today: string, livingYears: number) {
  return queryRows<PrivacyState>(
    tx,
    sql`select t.privacy_revision as revision,
          p.computed_revision is not distinct from t.privacy_revision as "isRevisionCurrent",
          p.computed_on is not distinct from ${today}::date as "isDayCurrent",
          p.computed_years is not distinct from ${livingYears} as "isSettingCurrent",
          p.computed_revision as "computedRevision", p.computed_on::text as "computedOn",
          coalesce(p.public_count, 0) as "publicCount"
        from tree t left join tree_privacy p on p.tree_id = t.id where t.id = ${treeId}`,
  );
}

/** One refresh at a time per tree; the tree's deletion waits for it too (see the migration). */
function lockTreePrivacy(tx: Db, treeId: string, wait: boolean) {
  const key = sql`hashtext(${`privacy:${treeId.toLowerCase()}`})`;
  return queryRows<{ locked: boolean }>(
    tx,
    wait
      ? sql`select true as locked from pg_advisory_xact_lock(${key})`
      : sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
}

function saveState(
  tx: Db,
  treeId: string,
  state: { revision: number; on: string; years: number; publicCount: number },
) {
  return tx.execute(sql`insert into tree_privacy (tree_id, computed_revision, computed_on, computed_years, public_count)
    values (${treeId}, ${state.revision}, ${state.on}::date, ${state.years}, ${state.publicCount})
    on conflict (tree_id) do update set computed_revision = excluded.computed_revision,
      computed_on = excluded.computed_on, computed_years = excluded.computed_years, public_count = excluded.public_count`);
}

/**
 * Deletes the dirty persons a refresh has read and reconsidered, but only rows still at the
 * version read (a write that named the person again since gave the row its own transaction's id)
 * and not held by a write under way (skipped, not waited for): those stay for the next visit.
 */
export async function forgetDirtyPersons(tx: Db, treeId: string, seen: readonly { id: string; version: string }[]) {
  if (seen.length === 0) return;
  const ids = `{${seen.map((row) => row.id).join(',')}}`;
  const versions = `{${seen.map((row) => row.version).join(',')}}`;
  // The outer tree_id keeps the delete on the tree's one shard under Citus, where a ctid means a row.
  await tx.execute(sql`delete from person_privacy_dirty where tree_id = ${treeId} and ctid = any(array(
    select d.ctid from person_privacy_dirty d
    join unnest(${ids}::uuid[], ${versions}::bigint[]) as seen(id, version)
      on seen.id = d.person_id and seen.version = d.version
    where d.tree_id = ${treeId}
    for update of d skip locked))`);
}

/**
 * Brings the cache to the tree's latest writes, before a visitor's read answers, without waiting
 * for the writes under way (they hold the tree row; nothing here touches it). In order: the
 * tree's privacy revision; the dirty persons and their versions; the rule for them (with their
 * parents and children), read after, so it sees at least the writes that named them; then only
 * the dirty rows still at the versions read are deleted, skipping any a write under way holds, so
 * a person named again meanwhile stays dirty for the next visit. The cache is marked computed for
 * the revision read first: a write counted after it makes the next visit look again.
 */
async function refreshChanged(db: Db, treeId: string, livingYears: number, now: Date) {
  const today = now.toISOString().slice(0, 10);
  let changed = 0;
  await db.transaction(async (tx) => {
    await lockTreePrivacy(tx, treeId, true);
    const [state] = await readState(tx, treeId, today, livingYears);
    if (!state || (state.isRevisionCurrent && state.isSettingCurrent)) return;
    const readDirty = (limit: SQL) =>
      queryRows<{ id: string; version: string }>(
        tx,
        sql`select person_id as id, version::text from person_privacy_dirty where tree_id = ${treeId} ${limit}`,
      );
    let dirty = await readDirty(sql`limit ${INCREMENTAL_LIMIT + 1}`);
    const isWhole = !state.isSettingCurrent || dirty.length > INCREMENTAL_LIMIT;
    if (dirty.length > INCREMENTAL_LIMIT) dirty = await readDirty(sql``);
    const cutoffs = privacyCutoffs(now, livingYears);
    let publicCount = state.publicCount;
    if (isWhole) {
      const counts = await writePublicPersons(tx, treeId, cutoffs, { kind: 'all' });
      changed = counts.gone + counts.added;
      publicCount = counts.fresh;
    } else if (dirty.length > 0) {
      const scope = { kind: 'persons' as const, ids: dirty.map((row) => row.id) };
      const counts = await writePublicPersons(tx, treeId, cutoffs, scope);
      changed = counts.gone + counts.added;
      publicCount += counts.added - counts.gone;
    }
    await forgetDirtyPersons(tx, treeId, dirty);
    await saveState(tx, treeId, {
      revision: state.revision,
      on: isWhole ? today : (state.computedOn ?? today),
      years: livingYears,
      publicCount,
    });
  });
  if (changed >= ANALYZE_AFTER) await db.execute(sql`analyze person_public`);
}

/**
 * A new day moves the cut-off dates, and the rule then makes more persons public, never fewer:
 * until the tree is recomputed whole, yesterday's cache errs towards private. So the visitor who
 * finds it is answered at once, and the recomputation runs after, off the request (one at a time;
 * a refresh of writes waits for it). It takes no dirty persons: the writes it does not see stay
 * dirty, and those it sees are only looked at once more.
 */
async function recomputeForNewDay(db: Db, treeId: string, livingYears: number, now: Date) {
  const today = now.toISOString().slice(0, 10);
  let changed = 0;
  await db.transaction(async (tx) => {
    const [lock] = await lockTreePrivacy(tx, treeId, false);
    if (!lock?.locked) return;
    const [state] = await readState(tx, treeId, today, livingYears);
    if (!state || state.isDayCurrent || !state.isSettingCurrent || state.computedRevision === null) return;
    const counts = await writePublicPersons(tx, treeId, privacyCutoffs(now, livingYears), { kind: 'all' });
    changed = counts.gone + counts.added;
    await saveState(tx, treeId, {
      revision: state.computedRevision,
      on: today,
      years: livingYears,
      publicCount: counts.fresh,
    });
  });
  if (changed >= ANALYZE_AFTER) await db.execute(sql`analyze person_public`);
}

/** Refreshes under way in this process, per database and tree: visitors who arrive meanwhile wait for the same one. */
const pending = new WeakMap<Db, Map<string, { revision: number; done: Promise<void> }>>();
const newDays = new WeakMap<Db, Set<string>>();

/**
 * Makes `person_public` current for the tree before a visitor's read: after writes that changed a
 * life or a parent link (the persons they named, at once), for a new setting (whole, at once), for
 * a new day (whole, after the answer: see `recomputeForNewDay`). Most visits find it current and
 * cost one primary-key read.
 */
export async function refreshPublicPersons(db: Db, treeId: string, livingYears: number, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const [state] = await readState(db, treeId, today, livingYears);
  if (!state) return;
  if (!state.isRevisionCurrent || !state.isSettingCurrent) {
    const byTree = pending.get(db) ?? new Map<string, { revision: number; done: Promise<void> }>();
    pending.set(db, byTree);
    // A refresh that started after this revision was read takes in every write it counts.
    const running = byTree.get(treeId);
    if (running && running.revision >= state.revision) return running.done;
    const done = (running?.done.catch(() => undefined) ?? Promise.resolve()).then(() =>
      refreshChanged(db, treeId, livingYears, now),
    );
    const entry = { revision: state.revision, done };
    byTree.set(treeId, entry);
    const forget = () => {
      if (byTree.get(treeId) === entry) byTree.delete(treeId);
    };
    done.then(forget, forget);
    return done;
  }
  if (!state.isDayCurrent) {
    const trees = newDays.get(db) ?? new Set<string>();
    newDays.set(db, trees);
    if (trees.has(treeId)) return;
    trees.add(treeId);
    // A failure costs nothing but time: the cache errs towards private, and the next visit tries again.
    recomputeForNewDay(db, treeId, livingYears, now)
      .catch(() => undefined)
      .finally(() => trees.delete(treeId));
  }
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

/** How many persons of the tree are presumed dead (after `refreshPublicPersons`), as the refresh counted them. */
export function countPublicPersons(db: Db, treeId: string) {
  return queryRows<{ value: number }>(
    db,
    sql`select public_count as value from tree_privacy where tree_id = ${treeId}`,
  );
}

/** Whether the event has no living participant (after `refreshPublicPersons` for the tree). */
export function publicEvent(treeId: string, eventId: SQL): SQL {
  return sql`not ${privateEvent(treeId, eventId)}`;
}

/** Which of these persons are presumed dead (after `refreshPublicPersons` for the tree). */
export async function publicPersonIds(db: Db, treeId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select person_id::text as id from person_public
        where tree_id = ${treeId} and person_id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Which of these events have no living participant (after `refreshPublicPersons`), in their order. */
export async function publicEventIds(db: Db, treeId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select e.id::text as id from event e
        where e.tree_id = ${treeId} and e.id = any(${`{${ids.join(',')}}`}::uuid[]) and ${publicEvent(treeId, sql`e.id`)}`,
  );
  const shown = new Set(rows.map((row) => row.id));
  return ids.filter((id) => shown.has(id.toLowerCase()));
}

/** Whether the event has no living participant (after `refreshPublicPersons` for the tree). */
export async function isPublicEvent(db: Db, treeId: string, eventId: string): Promise<boolean> {
  const [row] = await queryRows<{ shown: boolean }>(
    db,
    sql`select ${publicEvent(treeId, sql`${eventId}::uuid`)} as shown`,
  );
  return row?.shown === true;
}

/** Whether the note or citation `item` is linked to a living person or a private event itself. */
function linkedToPrivate(treeId: string, link: 'note_link' | 'citation_link', column: string, id: SQL) {
  return sql`exists (
    select 1 from ${sql.raw(link)} l
    where l.tree_id = ${treeId} and l.${sql.raw(column)} = ${id}
      and ((l.node_kind = 'person' and not ${presumedDead(treeId, sql`l.node_id`)})
        or (l.node_kind = 'event' and ${privateEvent(treeId, sql`l.node_id`)})))`;
}

/**
 * The notes and citations among `list` that are private: a chain of links leads from them to a
 * living person or an event with a living participant (a note on a citation of a living person's
 * birth, a citation cited on a note of theirs, and so on, however deep): `up` walks the links from
 * each of them, and `privateAttachments` answers `(id, kind)` rows of those it leads to privacy.
 */
function attachmentLinks(treeId: string, list: SQL): SQL {
  return sql`
    up(origin, origin_kind, item, kind) as (
      select n.id, 'notes'::text, n.id, 'note'::text from note n where n.tree_id = ${treeId} and n.id = any(${list})
      union all
      select c.id, 'citations'::text, c.id, 'citation'::text from citation c where c.tree_id = ${treeId} and c.id = any(${list})
      union
      select u.origin, u.origin_kind, x.item, x.kind from up u cross join lateral (
        select l.node_id, 'citation'::text from note_link l
          where u.kind = 'note' and l.tree_id = ${treeId} and l.note_id = u.item and l.node_kind = 'citation'
        union all
        select l.node_id, 'note'::text from citation_link l
          where u.kind = 'citation' and l.tree_id = ${treeId} and l.citation_id = u.item and l.node_kind = 'note'
      ) as x(item, kind)
    )`;
}

function privateAttachments(treeId: string): SQL {
  return sql`
    select distinct u.origin::text as id, u.origin_kind as kind from up u
    where (u.kind = 'note' and ${linkedToPrivate(treeId, 'note_link', 'note_id', sql`u.item`)})
      or (u.kind = 'citation' and ${linkedToPrivate(treeId, 'citation_link', 'citation_id', sql`u.item`)})`;
}

/**
 * The tree's private notes and citations as `(item, kind)` rows of a subquery, found from the
 * living persons (usually few; none when every person is public): their events, what is linked to
 * them, and what is linked to that, however deep. The same links as `attachmentLinks` walks up
 * from one item, walked down from the living. After `refreshPublicPersons` for the tree.
 */
function privateAttachmentsOfTree(treeId: string): SQL {
  return sql`(
    with recursive living(id) as (
      select p.id from person p
      where p.tree_id = ${treeId} and not ${presumedDead(treeId, sql`p.id`)}
    ), nodes(id) as (
      select id from living
      union
      select pe.event_id from event_participant pe join living l on pe.person_id = l.id where pe.tree_id = ${treeId}
    ), down(item, kind) as (
      select l.citation_id, 'citation'::text from citation_link l join nodes n on l.node_id = n.id
        where l.tree_id = ${treeId} and l.node_kind in ('person', 'event')
      union all
      select l.note_id, 'note'::text from note_link l join nodes n on l.node_id = n.id
        where l.tree_id = ${treeId} and l.node_kind in ('person', 'event')
      union
      select x.item, x.kind from down d cross join lateral (
        select l.citation_id, 'citation'::text from citation_link l
          where d.kind = 'note' and l.tree_id = ${treeId} and l.node_kind = 'note' and l.node_id = d.item
        union all
        select l.note_id, 'note'::text from note_link l
          where d.kind = 'citation' and l.tree_id = ${treeId} and l.node_kind = 'citation' and l.node_id = d.item
      ) as x(item, kind)
    )
    select item, kind from down)`;
}

/** Whether the note is public (after `refreshPublicPersons`): no chain of links leads from it to the living. */
export function publicNote(treeId: string, noteId: SQL): SQL {
  return sql`${noteId} not in (select a.item from ${privateAttachmentsOfTree(treeId)} a where a.kind = 'note')`;
}

/** Whether the citation is public (after `refreshPublicPersons`): no chain of links leads from it to the living. */
export function publicCitation(treeId: string, citationId: SQL): SQL {
  return sql`${citationId} not in (select a.item from ${privateAttachmentsOfTree(treeId)} a where a.kind = 'citation')`;
}

/**
 * What a visitor may count of the tree (after `refreshPublicPersons`): the persons presumed dead,
 * the events without a living participant, and the sources less the private citations, the
 * same as the visitor's lists hold. One statement; the living persons' part only when there are any.
 */
export async function countPublicItems(db: Db, treeId: string) {
  const [row] = await queryRows<{ persons: number; events: number; sources: number }>(
    db,
    sql`with counts as (
          select t.persons_count, t.events_count, t.sources_count, coalesce(p.public_count, 0) as public_count
          from tree t left join tree_privacy p on p.tree_id = t.id where t.id = ${treeId})
        select c.public_count as persons,
          c.events_count - case when c.persons_count > c.public_count then (
            select count(distinct pe.event_id)::int from person p
            join event_participant pe on pe.tree_id = ${treeId} and pe.person_id = p.id
            where p.tree_id = ${treeId} and not ${presumedDead(treeId, sql`p.id`)}) else 0 end as events,
          c.sources_count - case when c.persons_count > c.public_count then (
            select count(*)::int from ${privateAttachmentsOfTree(treeId)} a where a.kind = 'citation') else 0 end as sources
        from counts c`,
  );
  return row ?? { persons: 0, events: 0, sources: 0 };
}

export interface PrivateIds {
  persons: Set<string>;
  events: Set<string>;
  notes: Set<string>;
  citations: Set<string>;
}

/**
 * Which of `ids` (any ids an answer holds) are private in the tree: living persons, events with a
 * living participant, notes and citations linked to either (however indirectly). One statement,
 * whatever the answer's size.
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
    with recursive ${attachmentLinks(treeId, list)}
    select p.id::text as id, 'persons' as kind from person p
      where p.tree_id = ${treeId} and p.id = any(${list}) and not ${presumedDead(treeId, sql`p.id`)}
    union all
    select e.id::text, 'events' from event e
      where e.tree_id = ${treeId} and e.id = any(${list}) and ${privateEvent(treeId, sql`e.id`)}
    union all
    (${privateAttachments(treeId)})`,
  );
  for (const row of rows) found[row.kind].add(row.id);
  return found;
}

/**
 * For the rest of this transaction, writes to the tree `treeId` alone name no dirty persons and
 * leave its privacy revision (migration 0032): an import writes a new tree, computed whole before
 * its first visitor-facing read, so naming each of its persons would only be work to undo.
 */
export async function untrackPrivacyOf(tx: Db, treeId: string): Promise<void> {
  await tx.execute(sql`select set_config('anor.privacy_untracked', ${treeId}, true)`);
}

/**
 * Drops the tree's privacy cache and dirty persons, so that its next visitor-facing read computes
 * it whole: the end of an import that wrote it untracked (see untrackPrivacyOf).
 */
export async function forgetPrivacyCache(tx: Db, treeId: string): Promise<void> {
  await tx.execute(sql`with gone as (delete from person_privacy_dirty where tree_id = ${treeId})
    delete from tree_privacy where tree_id = ${treeId}`);
}
