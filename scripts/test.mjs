#!/usr/bin/env node
/**
 * `npm test`: type-check, Biome, the locked packages' Node versions; unit and integration tests on
 * PGlite, then on PostgreSQL when TEST_DATABASE_URL is set (on another Node with TEST_NODE_BIN); and
 * the web build and the browser tests.
 * Every step runs even when an earlier one failed, so one run shows everything; the last lines
 * list each step's time and sum the tests up as "N passed, N failed".
 *
 * The checks run beside each other; then the browser tests run beside the unit and integration
 * tests (PGlite, then PostgreSQL), the two lines sharing the processors. Steps run beside another
 * print their output in one piece when they end (the browser tests as they go), so that the output
 * of two does not interleave.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reportDir = mkdtempSync(path.join(tmpdir(), 'anor-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const timings = [];

/** Runs one step; `quiet` collects its output and prints it in one piece at the end. */
function run(name, command, args, { env = {}, quiet = false } = {}) {
  console.log(`\n▶ ${name}${quiet ? ' (output when it ends)' : ''}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (status) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = status === 0;
      if (quiet && output.length > 0) {
        console.log(`\n── ${name} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`${ok ? '✔' : '✘'} ${name} (${seconds.toFixed(1)} s)`);
      timings.push({ name, seconds });
      if (!ok) failedSteps.push(name);
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });
}

/** The version of the `node` in `directory` ("24.21.0"); fails the run when there is none. */
function nodeVersion(directory) {
  const version = execFileSync(path.join(directory, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  return version.replace(/^v/, '');
}

async function vitest(name, projects, options = {}) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  await run(
    name,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    options,
  );
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    if (summary.numTotalTests === 0) {
      console.log(`✘ ${name} ran no test`);
      failedSteps.push(`${name} (no tests)`);
    }
  } catch {
    // No report: the runner itself failed, which run() has already counted.
    totals.failed += 1;
  }
}

const started = Date.now();
await Promise.all([
  run('type-check', 'npm', ['run', '--silent', 'typecheck']),
  run('lint (Biome)', 'npx', ['biome', 'check', '.'], { quiet: true }),
  run('engines of the locked packages', 'node', ['scripts/check-engines.mjs'], { quiet: true }),
]);
// After the checks, two lines of work run beside each other until both end: the browser tests (one
// file at a time: Chromium and the server's process take about one processor between them) and the
// unit and integration tests, on PGlite and then on PostgreSQL. One after the other left a processor
// idle for the last thirteen minutes of the browser tests (2,010 s in all on the 2-core CI machine).
const build = run('web build', 'npm', ['run', '--silent', 'build'], { quiet: true });
// With TEST_NODE_BIN (the directory of another Node's binary, as .ci/run sets for Node 24) the
// PostgreSQL step also runs the unit tests, and runs both on that Node: Node 20 covers PGlite, the
// other PostgreSQL.
const otherNode = process.env.TEST_NODE_BIN ? nodeVersion(process.env.TEST_NODE_BIN) : undefined;
async function postgresStep() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\nNOTICE: TEST_DATABASE_URL is not set: the integration tests ran on PGlite only.');
    return;
  }
  if (!otherNode) {
    await vitest('integration tests on PostgreSQL', ['integration'], { env: { TEST_DB: 'postgres' }, quiet: true });
    return;
  }
  await vitest(`unit and integration tests on PostgreSQL, Node ${otherNode}`, ['unit', 'integration'], {
    env: { TEST_DB: 'postgres', PATH: `${process.env.TEST_NODE_BIN}${path.delimiter}${process.env.PATH}` },
    quiet: true,
  });
}
const integration = (async () => {
  await vitest('unit and integration tests on PGlite', ['unit', 'integration'], {
    env: { TEST_DB: 'pglite' },
    quiet: true,
  });
  await postgresStep();
})();
// The browser tests' servers run on PostgreSQL when it is there: a copy of the template database is
// ready in a tenth of a second where PGlite's takes three, and the pages' requests are answered
// sooner (a quarter less time in all). The integration tests cover both databases. Their screenshots
// are not saved (SCREENSHOTS=0, unless set): a hundred captures a run would throw away.
const browserEnv = {
  SCREENSHOTS: process.env.SCREENSHOTS ?? '0',
  ...(process.env.TEST_DATABASE_URL ? { TEST_DB: 'postgres' } : {}),
};
const browser = build.then((built) => (built ? vitest('browser tests', ['browser'], { env: browserEnv }) : undefined));
await Promise.all([integration, browser]);

rmSync(reportDir, { recursive: true, force: true });
console.log('');
for (const { name, seconds } of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
