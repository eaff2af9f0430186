import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../../src/db/client.ts';
import { buildServer } from './server-process.ts';
import { adminQuery, randomDatabaseName, testDatabaseKind, testDatabaseUrl, withDatabase } from './test-database.ts';
import { checkRecordedStatements } from './tree-scope-check.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dumped, migrated data directory each test file starts from. */
    pgliteTemplateFile: string;
    /** PostgreSQL: a migrated database each test file clones. */
    postgresTemplateDatabase: string;
    /** The server built once as `npm start` builds it (its main.js), for the tests that start it as a process. */
    builtServerMain: string;
    /** Where the test databases record the app's statements (integration project; sql-recorder.ts). */
    sqlRecordDir: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then starts from a copy
 * (PGlite: loadDataDir of the dump, two to three seconds; PostgreSQL: CREATE DATABASE … TEMPLATE,
 * a tenth of a second). For the integration project it also builds the server once and, when the
 * run ends, checks the statements the test databases recorded.
 */
export default async function setup(project: TestProject) {
  // One build for the whole run: a server process started from it is ready two to three seconds
  // sooner than one that compiles its sources through tsx, and the tests start dozens.
  const integration = project.name === 'integration';
  const build = integration ? await buildServer() : undefined;
  project.provide('builtServerMain', build?.main ?? '');
  const recordDir = integration ? await mkdtemp(path.join(tmpdir(), 'anor-sql-')) : '';
  project.provide('sqlRecordDir', recordDir);
  const finishRun = async () => {
    await build?.remove();
    if (recordDir) {
      try {
        const unscoped = await checkRecordedStatements(recordDir);
        // Citus readiness (issue 25): a statement on a tree's tables that does not name its tree
        // fails the run. (Vitest still exits 0 after its global teardown unless told otherwise.)
        if (unscoped > 0) process.exitCode = 1;
      } catch (error) {
        // The check itself broke (a statement the parser refuses, say): the run fails. (Vitest
        // reports an error thrown by a global teardown but still exits 0.)
        console.error(error);
        process.exitCode = 1;
      } finally {
        await rm(recordDir, { recursive: true, force: true });
      }
    }
  };
  if (testDatabaseKind() === 'postgres') {
    const name = randomDatabaseName('anor_template');
    await adminQuery(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(testDatabaseUrl(), name), poolSize: 1 });
    await database.close();
    project.provide('postgresTemplateDatabase', name);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
      await finishRun();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'anor-template-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplateDatabase', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await finishRun();
  };
}
