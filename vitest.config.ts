import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run at the same time, at least two: vitest's default (one fewer than the processors)
 * ran a 2-core CI machine's unit and integration files one by one, which left a processor idle
 * while a file waited on PostgreSQL, a child server process or a timer. The browser project keeps
 * one file at a time (fileParallelism below).
 */
const workers = Math.max(2, availableParallelism() - 1);

/**
 * Test files share their worker's modules (isolate: false): each file still builds its own server
 * on its own database, and no test mocks a module, so the only difference is that the server's code
 * is loaded once per worker instead of once per file (four small browser files: 40 s instead of 47 s,
 * their imports 5.8 s instead of 12.5 s).
 */
const isolate = false;

/**
 * Three projects: unit (pure functions of every package), integration (the server through
 * app.inject() on a real database: PGlite by default, PostgreSQL with TEST_DB=postgres) and
 * browser (Chromium driving the built app). `npm test` (scripts/test.mjs) runs them all.
 */
export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        test: {
          name: 'unit',
          isolate,
          include: ['packages/*/src/**/*.test.ts', 'packages/gedcom/test/**/*.test.ts'],
          // A ceiling, not a wait: the tests that read every sample file take about a second alone
          // and went past vitest's 5 s on a 2-core machine loaded by other work.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          isolate,
          include: ['packages/server/test/**/*.test.ts'],
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          isolate,
          include: ['tests/browser/**/*.test.ts'],
          // Each file's server starts from one migrated PGlite template (the integration project's set-up).
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          // Ceilings, not waits: on a 2-core machine loaded by other work a file's set-up (a few
          // hundred persons through the API) took over 3 minutes and a long test over 90 s.
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          // What a page shows after a click may take seconds on a machine loaded by other work:
          // expect.poll waits as long as the pages' own waits (Playwright's 30 s), not vitest's 1 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
