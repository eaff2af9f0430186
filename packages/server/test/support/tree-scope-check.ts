import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRecorded } from './sql-recorder.ts';
import { distributedTables, loadParser, unscopedTables } from './tree-scope.ts';

/**
 * The statements that span trees on purpose, each with its reason: a finding (a table of the
 * statement not limited to one tree) is let through when its table and the statement match.
 */
const spanning: { table: RegExp; statement: RegExp; reason: string }[] = [
  {
    table: /^tree$/,
    statement: /"?owner_id"? = \$\d/,
    reason: "a user's own trees (list, count, name check): Citus asks every node and gathers",
  },
  {
    table: /^tree$/,
    statement: /"?deleted_at"? < \$\d/,
    reason: 'the trash sweep: trees deleted more than 30 days ago, across trees',
  },
  {
    table: /^tree$/,
    statement: /"?import_job"? is not null/,
    reason: 'the sweep of trees whose import ended without finishing',
  },
  {
    table: /^history_change(_set)?$/,
    statement: /swept_at is null/,
    reason: "the history's sweep of change sets past their time, across trees",
  },
];

/** Where the run's findings are written in full (ignored by git, as the screenshots). */
export const findingsFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-results/sql-unscoped.txt',
);

/**
 * The end of the integration run: lists every statement the app (or a test's own arranging) ran on
 * a tree's tables without naming its tree, but for the ones in `spanning`. Answers how many.
 *
 * Report only, for now: the first run found 139 such statements on PostgreSQL. Most are the tests'
 * own arranging (ctid updates of created_at), some are the app's (a media object's history by node
 * id, a change set by id, the privacy queue's outer delete, the share-token look-ups, the backup's
 * dump). Until they are fixed or listed with their reason, a failure here would fail every run; the
 * count is printed and the list written to test-results/sql-unscoped.txt.
 */
export async function checkRecordedStatements(dir: string): Promise<number> {
  await loadParser();
  const tables = distributedTables();
  const statements = await readRecorded(dir);
  const findings: string[] = [];
  for (const statement of statements) {
    const text = statement.replace(/\s+/g, ' ');
    const unscoped = unscopedTables(statement, tables).filter(
      (each) => !spanning.some((allowed) => allowed.table.test(each.table) && allowed.statement.test(text)),
    );
    if (unscoped.length === 0) continue;
    findings.push(`${unscoped.map((each) => `${each.kind} ${each.table}`).join(', ')}: ${text}`);
  }
  console.log(
    `SQL recorder: ${statements.length} distinct statements, ${findings.length} not limited to one tree (listed in ${path.relative(process.cwd(), findingsFile)})`,
  );
  await mkdir(path.dirname(findingsFile), { recursive: true });
  await writeFile(findingsFile, `${findings.join('\n')}\n`);
  return findings.length;
}
