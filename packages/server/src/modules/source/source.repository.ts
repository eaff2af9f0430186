import type { CitationSummary } from '@anor/core';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  citation,
  citationLink,
  mediaObject,
  recordTitleKeyPrefix,
  repository,
  sourceRecord,
} from '../../db/schema.ts';
import { publicCitation } from '../privacy/privacy.repository.ts';

/** All SQL about repositories, records, citations and where citations are cited. Every statement filters by tree_id. */

export type CitedKind = 'event' | 'location' | 'note';

export interface RepositoryWrite {
  title: string;
  titleKey: string;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
  fax: string | null;
  www: string | null;
}

export interface RecordWrite {
  repositoryId: string | null;
  title: string;
  titleKey: string;
  originator: string | null;
  filedByEntry: string | null;
  publicationFacts: string | null;
  url: string | null;
}

export interface CitationWrite {
  recordId: string | null;
  whereWithinSourceText: string | null;
  whereWithinSourceUrl: string | null;
  textFromSource: string;
  searchText: string;
  eventCitedFrom: string | null;
  eventCitedFromRole: string | null;
  entryRecordingDate: string | null;
  certaintyAssessment: string | null;
}

function like(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- Repositories ----

export async function insertRepository(db: Db, treeId: string, id: string, values: RepositoryWrite) {
  await db.insert(repository).values({ treeId, id, ...values });
}

/**
 * Each update of a repository, record or citation raises its revision (issue 26); with `revision`,
 * only if that is still the stored one. Each answers whether it wrote.
 */
export async function updateRepository(
  db: Db,
  treeId: string,
  id: string,
  values: RepositoryWrite,
  revision?: number,
): Promise<boolean> {
  const written = await db
    .update(repository)
    .set({ ...values, revision: sql`${repository.revision} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(repository.treeId, treeId),
        eq(repository.id, id),
        revision === undefined ? undefined : eq(repository.revision, revision),
      ),
    )
    .returning({ id: repository.id });
  return written.length > 0;
}

export async function findRepository(db: Db, treeId: string, id: string) {
  const [row] = await db
    .select()
    .from(repository)
    .where(and(eq(repository.treeId, treeId), eq(repository.id, id)));
  return row;
}

export async function deleteRepositories(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(repository).where(and(eq(repository.treeId, treeId), inArray(repository.id, [...ids])));
}

export async function listRepositories(
  db: Db,
  treeId: string,
  filter: { terms: string[]; sort: 'title' | 'www'; direction: 'asc' | 'desc'; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(repository.treeId, treeId)];
  for (const term of filter.terms) conditions.push(sql`${repository.titleKey} like ${like(term)}`);
  const where = and(...conditions);
  const order = filter.direction === 'desc' ? desc : asc;
  const column = filter.sort === 'www' ? repository.www : repository.titleKey;
  const recordsCount = sql<number>`(select count(*)::int from ${sourceRecord} r where r.tree_id = ${treeId} and r.repository_id = "repository"."id")`;
  const items = await db
    .select({
      id: repository.id,
      title: repository.title,
      city: repository.city,
      country: repository.country,
      www: repository.www,
      recordsCount,
    })
    .from(repository)
    .where(where)
    .orderBy(order(column), order(repository.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(repository).where(where);
  return { items, total: total?.value ?? 0 };
}

// ---- Records ----

/**
 * Summary columns of records. The correlated subqueries name the outer table explicitly: a column
 * interpolated into a select field is rendered without its table, which inside a subquery would
 * bind to the inner table. With `onlyPublic` (a visitor's) the count leaves private citations out:
 * how many citations a record has must not change with a living person's data.
 */
const recordSummaryColumns = (treeId: string, onlyPublic: boolean) => ({
  id: sourceRecord.id,
  title: sourceRecord.title,
  originator: sourceRecord.originator,
  url: sourceRecord.url,
  repositoryId: sourceRecord.repositoryId,
  repositoryTitle: sql<
    string | null
  >`(select p.title from ${repository} p where p.tree_id = ${treeId} and p.id = "source_record"."repository_id")`,
  citationsCount: sql<number>`(select count(*)::int from ${citation} c where c.tree_id = ${treeId} and c.record_id = "source_record"."id"${
    onlyPublic ? sql` and ${publicCitation(treeId, sql`c.id`)}` : sql``
  })`,
});

export interface RecordSummaryRow {
  id: string;
  title: string;
  originator: string | null;
  url: string | null;
  repositoryId: string | null;
  repositoryTitle: string | null;
  citationsCount: number;
}

export function toRecordSummary(row: RecordSummaryRow) {
  return {
    id: row.id,
    title: row.title,
    originator: row.originator,
    url: row.url,
    repository: row.repositoryId ? { id: row.repositoryId, title: row.repositoryTitle ?? '' } : null,
    citationsCount: row.citationsCount,
  };
}

export async function insertRecord(db: Db, treeId: string, id: string, values: RecordWrite) {
  await db.insert(sourceRecord).values({ treeId, id, ...values });
}

export async function updateRecord(
  db: Db,
  treeId: string,
  id: string,
  values: Partial<RecordWrite>,
  revision?: number,
): Promise<boolean> {
  const written = await db
    .update(sourceRecord)
    .set({ ...values, revision: sql`${sourceRecord.revision} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(sourceRecord.treeId, treeId),
        eq(sourceRecord.id, id),
        revision === undefined ? undefined : eq(sourceRecord.revision, revision),
      ),
    )
    .returning({ id: sourceRecord.id });
  return written.length > 0;
}

export async function findRecord(db: Db, treeId: string, id: string) {
  const [row] = await db
    .select()
    .from(sourceRecord)
    .where(and(eq(sourceRecord.treeId, treeId), eq(sourceRecord.id, id)));
  return row;
}

/** Record summaries of one record (by id) or of a repository's records; `onlyPublic` as in `listRecords`. */
export function recordSummaries(
  db: Db,
  treeId: string,
  filter: { id: string } | { repositoryId: string },
  onlyPublic = false,
) {
  const where = 'id' in filter ? eq(sourceRecord.id, filter.id) : eq(sourceRecord.repositoryId, filter.repositoryId);
  return db
    .select(recordSummaryColumns(treeId, onlyPublic))
    .from(sourceRecord)
    .where(and(eq(sourceRecord.treeId, treeId), where))
    .orderBy(asc(recordTitleKeyPrefix), asc(sourceRecord.titleKey), asc(sourceRecord.id));
}

export async function recordIdsOfRepository(db: Db, treeId: string, repositoryId: string) {
  const rows = await db
    .select({ id: sourceRecord.id })
    .from(sourceRecord)
    .where(and(eq(sourceRecord.treeId, treeId), eq(sourceRecord.repositoryId, repositoryId)));
  return rows.map((row) => row.id);
}

export async function detachRecordsFrom(db: Db, treeId: string, repositoryId: string) {
  await db
    .update(sourceRecord)
    .set({ repositoryId: null, revision: sql`${sourceRecord.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(sourceRecord.treeId, treeId), eq(sourceRecord.repositoryId, repositoryId)));
}

export async function deleteRecords(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(sourceRecord).where(and(eq(sourceRecord.treeId, treeId), inArray(sourceRecord.id, [...ids])));
}

/**
 * A page of records. With `onlyPublic` (a visitor's, `person_public` current) their citation
 * counts leave private citations out.
 */
export async function listRecords(
  db: Db,
  treeId: string,
  filter: { terms: string[]; sort: 'title' | 'url'; direction: 'asc' | 'desc'; limit: number; offset: number },
  onlyPublic = false,
) {
  const conditions: SQL[] = [eq(sourceRecord.treeId, treeId)];
  for (const term of filter.terms) conditions.push(sql`${sourceRecord.titleKey} like ${like(term)}`);
  const where = and(...conditions);
  const order = filter.direction === 'desc' ? desc : asc;
  const columns = filter.sort === 'url' ? [sourceRecord.url] : [recordTitleKeyPrefix, sourceRecord.titleKey];
  const rows = await db
    .select(recordSummaryColumns(treeId, onlyPublic))
    .from(sourceRecord)
    .where(where)
    .orderBy(...columns.map((column) => order(column)), order(sourceRecord.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(sourceRecord).where(where);
  return { items: rows, total: total?.value ?? 0 };
}

// ---- Citations ----

export async function insertCitation(db: Db, treeId: string, id: string, values: CitationWrite) {
  await db.insert(citation).values({ treeId, id, ...values });
}

export async function updateCitation(
  db: Db,
  treeId: string,
  id: string,
  values: CitationWrite,
  revision?: number,
): Promise<boolean> {
  const written = await db
    .update(citation)
    .set({ ...values, revision: sql`${citation.revision} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(citation.treeId, treeId),
        eq(citation.id, id),
        revision === undefined ? undefined : eq(citation.revision, revision),
      ),
    )
    .returning({ id: citation.id });
  return written.length > 0;
}

export async function findCitation(db: Db, treeId: string, id: string) {
  const [row] = await db
    .select()
    .from(citation)
    .where(and(eq(citation.treeId, treeId), eq(citation.id, id)));
  return row;
}

/**
 * The citations of these records, oldest first. With `onlyPublic` (a visitor's, `person_public`
 * current) no private citation: neither the list nor its length tells of a living person's.
 */
export async function citationIdsOfRecords(db: Db, treeId: string, recordIds: readonly string[], onlyPublic = false) {
  if (recordIds.length === 0) return [];
  const rows = await db
    .select({ id: citation.id })
    .from(citation)
    .where(
      and(
        eq(citation.treeId, treeId),
        inArray(citation.recordId, [...recordIds]),
        onlyPublic ? publicCitation(treeId, sql`${citation.id}`) : undefined,
      ),
    )
    .orderBy(asc(citation.createdAt), asc(citation.id));
  return rows.map((row) => row.id);
}

/**
 * The citations of these records as lists show them, with the record each belongs to, oldest
 * first; `onlyPublic` as in `citationIdsOfRecords`.
 */
export async function citationsOfRecords(db: Db, treeId: string, recordIds: readonly string[], onlyPublic = false) {
  if (recordIds.length === 0) return [];
  const rows = await db
    .select({ id: citation.id, recordId: citation.recordId })
    .from(citation)
    .where(
      and(
        eq(citation.treeId, treeId),
        inArray(citation.recordId, [...recordIds]),
        onlyPublic ? publicCitation(treeId, sql`${citation.id}`) : undefined,
      ),
    )
    .orderBy(asc(citation.createdAt), asc(citation.id));
  const summaries = new Map(
    (
      await citationSummaries(
        db,
        treeId,
        rows.map((row) => row.id),
      )
    ).map((c) => [c.id, c]),
  );
  return rows.flatMap((row) => {
    const summary = summaries.get(row.id);
    return summary && row.recordId ? [{ recordId: row.recordId, summary }] : [];
  });
}

export async function detachCitationsFrom(db: Db, treeId: string, recordId: string) {
  await db
    .update(citation)
    .set({ recordId: null, revision: sql`${citation.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(citation.treeId, treeId), eq(citation.recordId, recordId)));
}

export async function deleteCitations(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.delete(citation).where(and(eq(citation.treeId, treeId), inArray(citation.id, [...ids])));
}

/** Citations as lists show them, with their record's title, in the order of `ids`. */
export async function citationSummaries(db: Db, treeId: string, ids: readonly string[]): Promise<CitationSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: citation.id,
      whereWithinSourceText: citation.whereWithinSourceText,
      whereWithinSourceURL: citation.whereWithinSourceUrl,
      recordId: citation.recordId,
      recordTitle: sourceRecord.title,
    })
    .from(citation)
    .leftJoin(sourceRecord, and(eq(sourceRecord.treeId, citation.treeId), eq(sourceRecord.id, citation.recordId)))
    .where(and(eq(citation.treeId, treeId), inArray(citation.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        whereWithinSourceText: row.whereWithinSourceText,
        whereWithinSourceURL: row.whereWithinSourceURL,
        record: row.recordId ? { id: row.recordId, title: row.recordTitle ?? '' } : null,
      },
    ];
  });
}

/**
 * Titles or page texts containing the folded term: the choosers' suggestions and the duplicate
 * offer. With `onlyPublic` (a visitor's) no private citation, so that neither a suggestion nor
 * the number of them tells what a living person's citation says (`person_public` must be current).
 */
export async function suggest(
  db: Db,
  treeId: string,
  type: 'repository' | 'record' | 'citation',
  term: string,
  onlyPublic = false,
) {
  const pattern = like(term);
  if (type === 'repository') {
    return db
      .select({ id: repository.id, title: repository.title, text: sql<string>`coalesce(${repository.city}, '')` })
      .from(repository)
      .where(and(eq(repository.treeId, treeId), sql`${repository.titleKey} like ${pattern}`))
      .orderBy(asc(repository.titleKey))
      .limit(10);
  }
  if (type === 'record') {
    return db
      .select({
        id: sourceRecord.id,
        title: sourceRecord.title,
        text: sql<string>`coalesce(${sourceRecord.originator}, '')`,
      })
      .from(sourceRecord)
      .where(and(eq(sourceRecord.treeId, treeId), sql`${sourceRecord.titleKey} like ${pattern}`))
      .orderBy(asc(recordTitleKeyPrefix), asc(sourceRecord.titleKey))
      .limit(10);
  }
  return db
    .select({
      id: citation.id,
      title: sql<string>`coalesce(${citation.whereWithinSourceText}, ${citation.whereWithinSourceUrl}, '')`,
      text: sql<string>`coalesce(${citation.whereWithinSourceUrl}, '')`,
    })
    .from(citation)
    .where(
      and(
        eq(citation.treeId, treeId),
        sql`${citation.searchText} like ${pattern}`,
        onlyPublic ? publicCitation(treeId, sql`${citation.id}`) : undefined,
      ),
    )
    .orderBy(asc(citation.createdAt), asc(citation.id))
    .limit(10);
}

// ---- Where citations are cited ----

/** The citations cited on these items, each item's in its order. */
export function citationLinksOf(db: Db, treeId: string, nodeIds: readonly string[]) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db
    .select({ nodeId: citationLink.nodeId, citationId: citationLink.citationId })
    .from(citationLink)
    .where(and(eq(citationLink.treeId, treeId), inArray(citationLink.nodeId, [...nodeIds])))
    .orderBy(asc(citationLink.nodeId), asc(citationLink.position));
}

/** Where a citation is cited. */
export function nodesCiting(db: Db, treeId: string, citationId: string) {
  return db
    .select({ nodeId: citationLink.nodeId, nodeKind: citationLink.nodeKind })
    .from(citationLink)
    .where(and(eq(citationLink.treeId, treeId), eq(citationLink.citationId, citationId)));
}

export async function replaceCitationLinks(
  db: Db,
  treeId: string,
  nodeId: string,
  nodeKind: CitedKind,
  citationIds: readonly string[],
) {
  await db.delete(citationLink).where(and(eq(citationLink.treeId, treeId), eq(citationLink.nodeId, nodeId)));
  if (citationIds.length === 0) return;
  await db
    .insert(citationLink)
    .values(citationIds.map((citationId, position) => ({ treeId, citationId, nodeId, nodeKind, position })));
}

export async function addCitationLink(db: Db, treeId: string, nodeId: string, nodeKind: CitedKind, citationId: string) {
  await db
    .insert(citationLink)
    .values({
      treeId,
      citationId,
      nodeId,
      nodeKind,
      position: sql`(select coalesce(max(position) + 1, 0) from ${citationLink} where tree_id = ${treeId} and node_id = ${nodeId})`,
    })
    .onConflictDoNothing();
}

export async function existingCitationIds(db: Db, treeId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: citation.id })
    .from(citation)
    .where(and(eq(citation.treeId, treeId), inArray(citation.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** How many media objects the tree holds (the free tier's images limit counts them). */
export async function countMediaObjects(db: Db, treeId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(mediaObject).where(eq(mediaObject.treeId, treeId));
  return row?.value ?? 0;
}

export async function insertMediaObject(
  db: Db,
  treeId: string,
  id: string,
  values: { fileReference: string; format: string | null; type: string | null; title: string | null },
) {
  const [row] = await db
    .insert(mediaObject)
    .values({ treeId, id, ...values })
    .returning();
  return row;
}
