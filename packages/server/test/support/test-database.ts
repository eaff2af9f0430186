import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
// The values the global set-up provides (its ProvidedContext declaration).
import type {} from './global-setup.ts';

/** Which database the integration suite runs on: PGlite unless TEST_DB=postgres. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a PostgreSQL URL whose user may create databases)');
  return url;
}

/** The same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database copied from the run's migrated template (the global set-up's), named
 * `{prefix}_…`: its URL, and `drop` to remove it again.
 */
export async function cloneTemplateDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = randomDatabaseName(prefix);
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDatabase')}`);
  return { url: withDatabase(testDatabaseUrl(), name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name}`) };
}
