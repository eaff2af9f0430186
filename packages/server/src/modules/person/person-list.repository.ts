import { type Gender, isYearTerm } from '@anor/core';
import { and, asc, count, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { event, eventParticipant, person, personPublic, tree } from '../../db/schema.ts';
import { countPublicPersons, presumedDead, publicEvent } from '../privacy/privacy.repository.ts';
import { summaryColumns } from './person.repository.ts';

/** The person list and search (GET /api/{treeId}/person): all its SQL. Every statement filters by tree_id. */

export interface PersonListFilter {
  terms: string[];
  gender?: Gender;
  directLineage: boolean;
  sort: 'name' | 'created' | 'recent';
  exclude: string[];
  /**
   * A visitor's list: only persons presumed dead (living persons are private, not even listed);
   * the caller has made `person_public` current (`refreshPublicPersons`).
   */
  onlyPublic?: boolean;
  limit: number;
  offset: number;
}

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A search term's condition (issue 19, items 15 and 16). The search text (see @anor/core
 * personSearchText) has the names folded the Nordic way, then folded fully, so a term typed with å,
 * ä, ö, æ or ø finds only those letters, and one typed without them finds them too. A year ("öberg
 * 1878") also matches the year of an event the person is the main person of (for a visitor, a
 * public event only).
 */
function termCondition(treeId: string, term: string, onlyPublic: boolean | undefined): SQL {
  const text = sql`${person.searchText} like ${likePattern(term)}`;
  if (!isYearTerm(term)) return text;
  const year = term.padStart(4, '0');
  // Uncorrelated: the main persons of that year's events are found once (a hashed subplan), not per person.
  return sql`(${text} or ${person.id} in (
    select ep.person_id from ${eventParticipant} ep join ${event} e on e.tree_id = ep.tree_id and e.id = ep.event_id
    where ep.tree_id = ${treeId} and e.tree_id = ${treeId} and ep.role = 'primary'
      and (left(e.start_date, 4) = ${year} or left(e.end_date, 4) = ${year})
      ${onlyPublic ? sql`and ${publicEvent(treeId, sql`e.id`)}` : sql``}))`;
}

/**
 * 0 when every term matches the search text's first (Nordic) line, else 1: "Ohman" lists Ohman
 * before Öhman. A year term counts as matching there.
 */
function exactRank(terms: readonly string[]): SQL | null {
  const first = sql`split_part(${person.searchText}, chr(10), 1)`;
  const parts = terms.filter((term) => !isYearTerm(term)).map((term) => sql`${first} like ${likePattern(term)}`);
  if (parts.length === 0) return null;
  return sql`case when ${sql.join(parts, sql` and `)} then 0 else 1 end`;
}

export async function listPersons(db: Db, treeId: string, filter: PersonListFilter) {
  const unfiltered =
    filter.terms.length === 0 && !filter.gender && !filter.directLineage && filter.exclude.length === 0;
  const conditions: SQL[] = [eq(person.treeId, treeId)];
  for (const term of filter.terms) conditions.push(termCondition(treeId, term, filter.onlyPublic));
  if (filter.gender) conditions.push(eq(person.gender, filter.gender));
  if (filter.directLineage) conditions.push(sql`${person.rootRelation} <> 'none'`);
  if (filter.exclude.length > 0) conditions.push(notInArray(person.id, filter.exclude));
  if (filter.onlyPublic) conditions.push(presumedDead(treeId, sql`${person.id}`));
  const where = and(...conditions);
  const sorted = {
    name: [sql`${person.sortKey} collate "C"`, asc(person.id)],
    created: [asc(person.createdAt), asc(person.id)],
    recent: [desc(person.createdAt), desc(person.id)],
  }[filter.sort];
  // A search lists the exact matches first (å, ä, ö as typed), then those found by folding them.
  const rank = exactRank(filter.terms);
  const order = rank ? [rank, ...sorted] : sorted;
  // Deferred join: the page's ids come from the (index-ordered) narrow scan, and only those
  // rows are then read whole, so a deep page does not fetch every row it skips. A visitor's whole
  // list by name scans the privacy cache's own index (it keeps each person's sort key), so a deep
  // page costs what the owner's does, not a look-up in the cache for every person skipped.
  if (!unfiltered) return listMatches(db, treeId, where, order, filter);
  const page =
    filter.onlyPublic && filter.sort === 'name'
      ? db
          .select({ pageId: sql<string>`${personPublic.personId}`.as('page_id') })
          .from(personPublic)
          .where(eq(personPublic.treeId, treeId))
          .orderBy(sql`${personPublic.sortKey} collate "C"`, asc(personPublic.personId))
          .limit(filter.limit)
          .offset(filter.offset)
          .as('page')
      : db
          .select({ pageId: sql<string>`${person.id}`.as('page_id') })
          .from(person)
          .where(where)
          .orderBy(...order)
          .limit(filter.limit)
          .offset(filter.offset)
          .as('page');
  const items = await db
    .select(summaryColumns)
    .from(page)
    .innerJoin(person, and(eq(person.treeId, treeId), eq(person.id, page.pageId)))
    .orderBy(...order);
  // Without filters the tree's counter is the total (a visitor's: the persons presumed dead).
  const [total] = filter.onlyPublic
    ? await countPublicPersons(db, treeId)
    : await db.select({ value: tree.personsCount }).from(tree).where(eq(tree.id, treeId));
  return { items, total: total?.value ?? 0 };
}

/**
 * A filtered page (a search, a gender, the direct line) and the number of all matches, from one
 * pass over the matches: `count(*) over ()` is taken before the page's limit. Counting in a
 * statement of its own read every match a second time; a common name matches thousands of a large
 * tree's persons (the soak's searches were most of PostgreSQL's CPU: docs/architecture.md "Load").
 * Only a page past the last match (empty, so without the count) needs the count on its own.
 */
async function listMatches(
  db: Db,
  treeId: string,
  where: SQL | undefined,
  order: (SQL | PgColumn | SQL.Aliased)[],
  filter: PersonListFilter,
) {
  const page = db
    .select({
      pageId: sql<string>`${person.id}`.as('page_id'),
      matches: sql<number>`count(*) over ()`.mapWith(Number).as('matches'),
    })
    .from(person)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const rows = await db
    .select({ ...summaryColumns, matches: page.matches })
    .from(page)
    .innerJoin(person, and(eq(person.treeId, treeId), eq(person.id, page.pageId)))
    .orderBy(...order);
  const items = rows.map(({ matches: _, ...item }) => item);
  if (rows[0]) return { items, total: rows[0].matches };
  if (filter.offset === 0) return { items, total: 0 };
  const [total] = await db.select({ value: count() }).from(person).where(where);
  return { items, total: total?.value ?? 0 };
}
