#!/usr/bin/env node
/**
 * `npm test`: type-check, Biome, unit and integration tests on PGlite, the same integration
 * suite on PostgreSQL when TEST_DATABASE_URL is set, then the web build and the browser tests.
 * Every step runs even when an earlier one failed, so one run shows everything; the last line
 * sums the tests up as "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reportDir = mkdtempSync(path.join(tmpdir(), 'anor-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function vitest(name, projects, env = {}) {
  const report = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  run(
    name,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
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

run('type-check', 'npm', ['run', '--silent', 'typecheck']);
run('lint (Biome)', 'npx', ['biome', 'check', '.']);
vitest('unit and integration tests on PGlite', ['unit', 'integration'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('integration tests on PostgreSQL', ['integration'], { TEST_DB: 'postgres' });
} else {
  console.log('\nNOTICE: TEST_DATABASE_URL is not set: the integration tests ran on PGlite only.');
}
if (run('web build', 'npm', ['run', '--silent', 'build'])) {
  vitest('browser tests', ['browser']);
}

rmSync(reportDir, { recursive: true, force: true });
console.log('');
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
