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
    table: /^tree$/,
    statement: /"?share_token"? = \$\d/,
    reason:
      'GET /api/share/{token}: a share link names only its secret (SPEC §7); under Citus the unique index of every shard is asked, once per visit',
  },
  {
    table: /^tree$/,
    statement: /"?email"? = \$\d/,
    reason: "POST /api/tree: the shared trees of an owner's e-mail (SPEC §7), across trees like the owner's own list",
  },
  {
    table: /^(tree_member|tree)$/,
    statement: /"tree_member"\."user_id" = \$\d/,
    reason: "a user's tree list: the trees they are a member of (issue 26), across trees like the owner's own list",
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
 * Any other fails the run: the count and the first findings are printed, the whole list written to
 * test-results/sql-unscoped.txt. Only the app's statements are recorded: a test's own arranging and
 * checking goes through a handle without the recorder (test-app.ts), and so do the operator's
 * backup and restore (src/admin), which the tests call on that handle and which read and write the
 * whole instance by design.
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
  if (findings.length > 0) {
    console.log('The run fails: each must name its tree, or be listed in tree-scope-check.ts with its reason.');
  }
  for (const finding of findings.slice(0, 20)) console.log(`  ${finding.slice(0, 400)}`);
  return findings.length;
}
