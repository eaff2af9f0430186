import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/rows.ts';
import type { TestApp } from './test-app.ts';

/**
 * The tables that hold a tree's content, each with `tree_id` (not `person_public`, a cache that a
 * visitor's read may refresh).
 */
export const treeContentTables = [
  'person',
  'parent_child',
  'partner',
  'sibling_link',
  'location',
  'event',
  'event_participant',
  'repository',
  'source_record',
  'citation',
  'citation_link',
  'note',
  'note_link',
  'media_object',
  'media_link',
  'gedcom_extra',
] as const;

/** Every table a request could change; a test that a refused request changes nothing compares them. */
const tables = [
  'user',
  'session',
  'account',
  'verification',
  'subscription',
  'contact_message',
  'tree',
  ...treeContentTables,
  'person_name',
  'person_not_duplicate',
  'quality_dismissal',
  'tree_member',
  'tree_invitation',
  'tree_proposal',
  'history_change_set',
  'history_change',
];

/**
 * What of a table's row counts: the person's match keys are a cache of its names that the
 * duplicate finder's read fills in for persons that lack them (as person_public is refreshed); the
 * tree's content revision is raised by that fill too (migration 0036: it keys the kept quality
 * report, and every row change that raises it is fingerprinted in its own table).
 */
const rowText = (table: string) =>
  table === 'person'
    ? `(to_jsonb(x) - 'match_keys')::text`
    : table === 'tree'
      ? `(to_jsonb(x) - 'content_revision')::text`
      : 'x::text';

/**
 * A fingerprint of every table's rows, computed in one statement by the database: per table, the
 * row count and the sum of a 64-bit hash of each row's text. The sum does not depend on the rows'
 * order, so no table is sorted: the fuzz test takes a fingerprint after each of thousands of
 * writes, and sorting every row's text each time was most of its minute and a half. `except`
 * leaves tables out (a contributor's write changes only `tree_proposal`).
 */
export async function databaseFingerprint(t: TestApp, except: readonly string[] = []): Promise<string> {
  const fingerprint = (table: string) =>
    `(select count(*) || ':' || coalesce(sum(hashtextextended(${rowText(table)}, 0)), 0) from "${table}" x)`;
  const rows = await queryRows<{ fingerprint: string }>(
    t.database.db,
    sql.raw(
      `select ${tables
        .filter((table) => !except.includes(table))
        .map(fingerprint)
        .join(" || ',' || ")} as fingerprint`,
    ),
  );
  return rows[0]?.fingerprint ?? '';
}
