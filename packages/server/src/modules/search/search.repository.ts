import type { CitationHit, NoteHit } from '@anor/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { publicCitation, publicNote } from '../privacy/privacy.repository.ts';
import { plainOf, textsMatch } from './search-sql.ts';

/** All SQL of the tree-wide search's own lists (issue 19, item 16). Every statement filters by tree_id. */

export interface TextSearchFilter {
  terms: string[];
  /** A visitor's search: private notes and citations (linked to the living) are left out. */
  onlyPublic: boolean;
  limit: number;
  offset: number;
}

const EXCERPT = 300;

function whereAll(conditions: SQL[]): SQL {
  return sql.join(conditions, sql` and `);
}

/** A page of the notes whose title or text holds every term, newest first. */
export async function searchNotes(db: Db, treeId: string, filter: TextSearchFilter) {
  const conditions: SQL[] = [sql`n.tree_id = ${treeId}`];
  for (const term of filter.terms) conditions.push(textsMatch([sql`n.title`, plainOf(sql`n.text`)], term));
  if (filter.onlyPublic) conditions.push(publicNote(treeId, sql`n.id`));
  const where = whereAll(conditions);
  const items = await queryRows<NoteHit>(
    db,
    sql`select n.id::text as id, n.title as title,
          left(btrim(regexp_replace(${plainOf(sql`n.text`)}, '\\s+', ' ', 'g')), ${EXCERPT}) as text
        from note n where ${where}
        order by n.created_at desc, n.id desc limit ${filter.limit} offset ${filter.offset}`,
  );
  const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from note n where ${where}`);
  return { items, total: total?.total ?? 0 };
}

/** A page of the citations whose page text, URL or transcription holds every term, by record title. */
export async function searchCitations(db: Db, treeId: string, filter: TextSearchFilter) {
  const conditions: SQL[] = [sql`c.tree_id = ${treeId}`];
  for (const term of filter.terms) {
    conditions.push(
      textsMatch(
        [sql`c.where_within_source_text`, sql`c.where_within_source_url`, plainOf(sql`c.text_from_source`)],
        term,
      ),
    );
  }
  if (filter.onlyPublic) conditions.push(publicCitation(treeId, sql`c.id`));
  const where = whereAll(conditions);
  const items = await queryRows<CitationHit>(
    db,
    sql`select c.id::text as id, c.where_within_source_text as "whereWithinSourceText",
          left(btrim(regexp_replace(${plainOf(sql`c.text_from_source`)}, '\\s+', ' ', 'g')), ${EXCERPT}) as "textFromSource",
          c.record_id::text as "recordId", r.title as "recordTitle"
        from citation c
        left join source_record r on r.tree_id = c.tree_id and r.id = c.record_id
        where ${where}
        order by r.title_key collate "C" nulls last, c.where_within_source_text collate "C", c.id
        limit ${filter.limit} offset ${filter.offset}`,
  );
  const [total] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from citation c where ${where}`,
  );
  return { items, total: total?.total ?? 0 };
}
