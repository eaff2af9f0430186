import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { event, eventParticipant, location, parentChild, partner, person, siblingLink, tree } from '../../db/schema.ts';
import { presumedDead, publicEvent } from '../privacy/privacy.repository.ts';

/**
 * All SQL of the overview (SPEC §4 "Orphans"). Every statement filters by tree_id. An orphan is
 * found with NOT EXISTS on indexed columns (anti-joins); a page of orphans and their number come
 * from one set-based statement, whatever the tree's size.
 */

export interface OverviewFilter {
  /** Only the orphans (false: every item of the type). */
  onlyOrphans: boolean;
  /**
   * A visitor's overview: living persons and events with a living participant are left out (not
   * even a search or the order may tell of them); `person_public` must be current.
   */
  onlyPublic: boolean;
  /** Folded search terms; every one must match. */
  terms: string[];
  limit: number;
  offset: number;
}

export interface OrphanPersonRow {
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  occupation: string | null;
}

export interface OrphanLocationRow {
  id: string;
  name: string;
  type: string | null;
}

export interface OrphanEventRow {
  id: string;
  type: string;
  subtype: string | null;
  typeName: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
  dateText: string | null;
  locationId: string | null;
  locationName: string | null;
}

export interface OrphanParticipantRow {
  eventId: string;
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  role: string;
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereAll(conditions: SQL[]): SQL {
  return sql.join(conditions, sql` and `);
}

/** The tree's counter of the type: the total of "all" without a search, at no cost. */
async function counter(db: Db, treeId: string, column: SQL): Promise<number> {
  const [row] = await queryRows<{ value: number }>(
    db,
    sql`select ${column} as value from ${tree} where ${tree.id} = ${treeId}`,
  );
  return Number(row?.value ?? 0);
}

async function countWhere(db: Db, from: SQL, where: SQL): Promise<number> {
  const [row] = await queryRows<{ value: number }>(db, sql`select count(*)::int as value from ${from} where ${where}`);
  return Number(row?.value ?? 0);
}

interface PageQuery {
  /** What a row is sorted by, with the id: `select p.id, p.sort_key as "sortKey"`. */
  keys: SQL;
  /** `from …` of the matching rows. */
  from: SQL;
  where: SQL;
  /** The order on the table (`p.sort_key collate "C", p.id`): the sort index's, so "all" reads just one page. */
  tableOrder: SQL;
  /** The same order on the keys' names, of the page (`page`) or the matches (`m`). */
  keyOrder: (alias: 'page' | 'm') => SQL;
  /** The row's columns, read for the page's rows only: `select page.id, p.f_name as "fName" …`. */
  columns: SQL;
  /** The joins from `page` to the columns' tables. */
  joins: SQL;
  /** The total when it is not counted with the page. */
  total: () => Promise<number>;
}

/**
 * A page and the total. Every item of a type: the page's keys come along the sort index and stop
 * at the page's end. Orphans: the matches are found first, all of them (MATERIALIZED, without an
 * order, so that the planner takes one pass with hash or merge anti-joins rather than a probe per
 * row along the sort index, which reads the whole tree when orphans are few), then counted and
 * sorted in the same statement. Either way only the page's rows are read whole.
 */
async function pageOf<T extends object>(db: Db, filter: OverviewFilter, query: PageQuery) {
  const { keys, from, where, tableOrder, keyOrder, columns, joins } = query;
  const paging = sql`limit ${filter.limit} offset ${filter.offset}`;
  if (!filter.onlyOrphans) {
    const items = await queryRows<T>(
      db,
      sql`with page as (${keys} ${from} where ${where} order by ${tableOrder} ${paging})
      ${columns} from page ${joins} order by ${keyOrder('page')}`,
    );
    return { items, total: await query.total() };
  }
  const rows = await queryRows<T & { overviewTotal: number }>(
    db,
    sql`with matches as materialized (${keys} ${from} where ${where}),
      page as (select m.*, count(*) over () as "overviewTotal" from matches m order by ${keyOrder('m')} ${paging})
      ${columns}, page."overviewTotal" from page ${joins} order by ${keyOrder('page')}`,
  );
  const [first] = rows;
  // A page past the end has no row to carry the total.
  if (!first) return { items: [] as T[], total: filter.offset === 0 ? 0 : await query.total() };
  const items = rows.map(({ overviewTotal: _total, ...row }) => row as unknown as T);
  return { items, total: Number(first.overviewTotal) };
}

/**
 * Persons: orphans have no parent, no child, no partner and no explicit sibling link (siblings
 * through shared parents have parents). Each test is an anti-join on a primary key or an index.
 */
export function listPersons(db: Db, treeId: string, filter: OverviewFilter) {
  const conditions: SQL[] = [sql`p.tree_id = ${treeId}`];
  if (filter.onlyOrphans) {
    conditions.push(
      sql`not exists (select 1 from ${parentChild} pc where pc.tree_id = ${treeId} and pc.parent_id = p.id)`,
      sql`not exists (select 1 from ${parentChild} pc where pc.tree_id = ${treeId} and pc.child_id = p.id)`,
      sql`not exists (select 1 from ${partner} x where x.tree_id = ${treeId} and x.person_a = p.id)`,
      sql`not exists (select 1 from ${partner} x where x.tree_id = ${treeId} and x.person_b = p.id)`,
      sql`not exists (select 1 from ${siblingLink} s where s.tree_id = ${treeId} and s.person_a = p.id)`,
      sql`not exists (select 1 from ${siblingLink} s where s.tree_id = ${treeId} and s.person_b = p.id)`,
    );
  }
  for (const term of filter.terms) conditions.push(sql`p.search_text like ${likePattern(term)}`);
  if (filter.onlyPublic) conditions.push(presumedDead(treeId, sql`p.id`));
  const where = whereAll(conditions);
  return pageOf<OrphanPersonRow>(db, filter, {
    keys: sql`select p.id, p.sort_key as "sortKey"`,
    from: sql`from ${person} p`,
    where,
    tableOrder: sql`p.sort_key collate "C", p.id`,
    keyOrder: (alias) => sql`${sql.identifier(alias)}."sortKey" collate "C", ${sql.identifier(alias)}.id`,
    columns: sql`select page.id, p.f_name as "fName", p.p_name as "pName", p.l_name as "lName", p.occupation`,
    joins: sql`join ${person} p on p.tree_id = ${treeId} and p.id = page.id`,
    total: () =>
      !filter.onlyOrphans && filter.terms.length === 0 && !filter.onlyPublic
        ? counter(db, treeId, sql`${tree.personsCount}`)
        : countWhere(db, sql`${person} p`, where),
  });
}

/** Places: orphans have no parent, no child and no event. */
export function listLocations(db: Db, treeId: string, filter: OverviewFilter) {
  const conditions: SQL[] = [sql`l.tree_id = ${treeId}`];
  if (filter.onlyOrphans) {
    conditions.push(
      sql`l.parent_id is null`,
      sql`not exists (select 1 from ${location} c where c.tree_id = ${treeId} and c.parent_id = l.id)`,
      sql`not exists (select 1 from ${event} e where e.tree_id = ${treeId} and e.location_id = l.id)`,
    );
  }
  for (const term of filter.terms) conditions.push(sql`l.name_key like ${likePattern(term)}`);
  const where = whereAll(conditions);
  return pageOf<OrphanLocationRow>(db, filter, {
    keys: sql`select l.id, l.sort_key as "sortKey"`,
    from: sql`from ${location} l`,
    where,
    tableOrder: sql`l.sort_key collate "C", l.id`,
    keyOrder: (alias) => sql`${sql.identifier(alias)}."sortKey" collate "C", ${sql.identifier(alias)}.id`,
    columns: sql`select page.id, l.name, l.type`,
    joins: sql`join ${location} l on l.tree_id = ${treeId} and l.id = page.id`,
    total: () =>
      !filter.onlyOrphans && filter.terms.length === 0
        ? counter(db, treeId, sql`${tree.locationsCount}`)
        : countWhere(db, sql`${location} l`, where),
  });
}

/**
 * Events: orphans have no participant. Sorted by date as the event list sorts (the indexed
 * `coalesce(date_from, date_to)`, undated last). A search term matches a participant's names or
 * the place's name.
 */
export function listEvents(db: Db, treeId: string, filter: OverviewFilter) {
  const conditions: SQL[] = [sql`e.tree_id = ${treeId}`];
  if (filter.onlyOrphans) {
    conditions.push(
      sql`not exists (select 1 from ${eventParticipant} ep where ep.tree_id = ${treeId} and ep.event_id = e.id)`,
    );
  }
  for (const term of filter.terms) {
    const like = likePattern(term);
    conditions.push(sql`(
      exists (select 1 from ${eventParticipant} ep join ${person} p on p.tree_id = ep.tree_id and p.id = ep.person_id
              where ep.tree_id = ${treeId} and ep.event_id = e.id and p.search_text like ${like})
      or exists (select 1 from ${location} pl where pl.tree_id = ${treeId} and pl.id = e.location_id and pl.name_key like ${like}))`);
  }
  if (filter.onlyPublic) conditions.push(publicEvent(treeId, sql`e.id`));
  const where = whereAll(conditions);
  return pageOf<OrphanEventRow>(db, filter, {
    keys: sql`select e.id, coalesce(e.date_from, e.date_to) as "sortDay"`,
    from: sql`from ${event} e`,
    where,
    tableOrder: sql`coalesce(e.date_from, e.date_to) asc nulls last, e.id asc`,
    keyOrder: (alias) => sql`${sql.identifier(alias)}."sortDay" asc nulls last, ${sql.identifier(alias)}.id asc`,
    columns: sql`select page.id, e.type, e.subtype, e.type_name as "typeName",
      e.start_date as "startDate", e.start_date_type as "startDateType",
      e.end_date as "endDate", e.end_date_type as "endDateType",
      e.date_text as "dateText", e.location_id as "locationId", l.name as "locationName"`,
    joins: sql`join ${event} e on e.tree_id = ${treeId} and e.id = page.id
      left join ${location} l on l.tree_id = ${treeId} and l.id = e.location_id`,
    total: () =>
      !filter.onlyOrphans && filter.terms.length === 0 && !filter.onlyPublic
        ? counter(db, treeId, sql`${tree.eventsCount}`)
        : countWhere(db, sql`${event} e`, where),
  });
}

/** The participants of these events (person id and names, role), in each event's order: one statement. */
export async function participantsOf(
  db: Db,
  treeId: string,
  eventIds: readonly string[],
): Promise<OrphanParticipantRow[]> {
  if (eventIds.length === 0) return [];
  const ids = sql.join(
    eventIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<OrphanParticipantRow>(
    db,
    sql`
    select ep.event_id as "eventId", p.id, p.f_name as "fName", p.p_name as "pName", p.l_name as "lName", ep.role
    from ${eventParticipant} ep
    join ${person} p on p.tree_id = ep.tree_id and p.id = ep.person_id
    where ep.tree_id = ${treeId} and ep.event_id in (${ids})
    order by ep.event_id, ep.position`,
  );
}
