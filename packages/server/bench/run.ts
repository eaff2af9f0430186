/**
 * `npm run bench`: latency of the foundation's hot paths, through the whole server (app.inject,
 * so no network), on a fresh embedded database, or on PostgreSQL with BENCH_DATABASE_URL (a
 * database it may fill). Prints median, 95th and 99th percentile per operation.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

interface Sample {
  name: string;
  millis: number[];
}

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anor-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = url
    ? await openDatabase({ kind: 'postgres', url })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const config = {
    ...readConfig({}),
    dataDir,
    authSecret: 'bench-secret-that-is-long-enough-for-better-auth',
    webDistDir: null,
    logLevel: 'warn',
  };
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  config.rateLimits = {
    signIn: unlimited,
    register: unlimited,
    passwordReset: unlimited,
    emailLookup: unlimited,
    contact: unlimited,
  };
  const app = await buildApp({ config, database, logger: false });
  console.log(`Database: ${database.description}; ${iterations} iterations per operation`);

  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie?: string) => {
    const response = await app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  const samples: Sample[] = [];
  const measure = async (name: string, operation: (i: number) => Promise<unknown>) => {
    const millis: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const started = process.hrtime.bigint();
      await operation(i);
      millis.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    samples.push({ name, millis });
  };

  const stamp = Date.now();
  const cookies: string[] = [];
  const userIds: string[] = [];
  await measure('register (argon2id hash + session)', async (i) => {
    const response = await inject('POST', '/api/user', {
      fName: 'Bench',
      email: `bench${stamp}-${i}@example.com`,
      password: 'benchmark password',
    });
    cookies.push(String(response.headers['set-cookie']).split(';')[0] ?? '');
    userIds.push(JSON.parse(response.body).id);
  });
  await measure('sign in (argon2id verify + session)', (i) =>
    inject('POST', '/api/auth/signin/credentials', {
      email: `bench${stamp}-${i}@example.com`,
      password: 'benchmark password',
    }),
  );
  await measure('create tree (with root person)', (i) =>
    inject('POST', `/api/user/${userIds[i]}/tree`, { treeName: `Tree ${i}` }, cookies[i]),
  );
  await measure('GET session', (i) => inject('GET', '/api/auth/session', undefined, cookies[i]));
  await measure('GET tree list with counts', (i) =>
    inject('GET', `/api/user/${userIds[i]}/tree`, undefined, cookies[i]),
  );

  console.log('');
  console.log(`${'operation'.padEnd(40)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)}`);
  for (const { name, millis } of samples) {
    const sorted = [...millis].sort((a, b) => a - b);
    const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
    console.log(
      `${name.padEnd(40)} ${`${at(0.5)} ms`.padStart(9)} ${`${at(0.95)} ms`.padStart(9)} ${`${at(0.99)} ms`.padStart(9)}`,
    );
  }
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
