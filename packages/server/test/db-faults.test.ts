import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { inJobTransaction } from '../src/db/timeouts.ts';
import { createPgCluster, type PgCluster, pgClusterUnavailable } from './support/pg-cluster.ts';
import { ServerClient } from './support/server-client.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import {
  adminQuery,
  cloneTemplateDatabase,
  randomDatabaseName,
  testDatabaseKind,
  testDatabaseUrl,
  withDatabase,
} from './support/test-database.ts';

/**
 * Fault injection on PostgreSQL (issue 17): the real server in a child process, its database
 * behind a TCP proxy of the test's own, in a PostgreSQL cluster of the test's own (which the test
 * stops and starts) when initdb is at hand, else in a fresh database of the suite's server. The
 * server must survive every fault, answer 503 `common.error.unavailable` within about its
 * (shortened) timeouts while the database is away, recover by itself, and keep every write it
 * acknowledged.
 */
const postgres = testDatabaseKind() === 'postgres';
const clusterProblem = postgres ? pgClusterUnavailable() : null;

const timeouts = { connectMs: 1_000, statementMs: 1_500, idleInTransactionMs: 5_000 };
/** The client's guard (db/postgres.ts) gives up at statement timeout + 2 s; a pool slot is awaited up to connectMs. */
const failWithinMs = timeouts.statementMs + 2_000 + timeouts.connectMs + 2_500;

interface Writer {
  /** Ids of the persons whose creation was answered 201. */
  acknowledged: string[];
  /** Answers other than 201 and 503 `common.error.unavailable`, and requests that failed or hung. */
  wrong: string[];
  unavailable: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgres)('PostgreSQL faults (needs TEST_DB=postgres: PGlite has no connection to lose)', () => {
  let cluster: PgCluster | null = null;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let dataDir: string;
  let adminUrl: string;
  let databaseName: string;
  // Far beyond every timeout: a request still open by then hangs.
  const client = new ServerClient(undefined, 20_000);
  let userId = '';
  let treeId = '';
  const acknowledged: string[] = [];
  /** Writers still running (a failed test leaves its own: afterAll stops them). */
  const writers = new Set<Writer>();

  async function admin<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  const api = <T = unknown>(method: string, url: string, body?: unknown) => client.request<T>(method, url, body);

  let written = 0;
  const createPerson = () =>
    api<{ id?: string; error?: { code: string } }>('POST', `/api/${treeId}/person`, {
      person: { fName: `Skriven${++written}`, lName: 'Felsson' },
    });

  /** Creates persons one after another (two at a time) until stopped, and sorts the answers. */
  function startWriter(): Writer {
    const writer: Writer = { acknowledged: [], wrong: [], unavailable: 0, stop: async () => undefined };
    let running = true;
    const loop = async () => {
      while (running) {
        try {
          const answer = await createPerson();
          if (answer.status === 201 && answer.body.id) writer.acknowledged.push(answer.body.id);
          else if (answer.status === 503 && answer.body.error?.code === 'common.error.unavailable') {
            writer.unavailable += 1;
            expect(answer.ms).toBeLessThan(failWithinMs);
            await sleep(100);
          } else writer.wrong.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        } catch (error) {
          writer.wrong.push(String(error));
          await sleep(100);
        }
      }
    };
    const loops = [loop(), loop()];
    writers.add(writer);
    writer.stop = async () => {
      running = false;
      writers.delete(writer);
      await Promise.all(loops);
      acknowledged.push(...writer.acknowledged);
    };
    return writer;
  }

  /** While the database is away: 503 with the code, in time; the process itself answers /healthz. */
  async function expectUnavailable() {
    const write = await createPerson();
    expect(write.status, JSON.stringify(write.body)).toBe(503);
    expect(write.body.error?.code).toBe('common.error.unavailable');
    expect(write.ms).toBeLessThan(failWithinMs);
    const read = await api<{ error?: { code: string } }>('GET', `/api/user/${userId}/tree`);
    expect(read.status).toBe(503);
    expect(read.body.error?.code).toBe('common.error.unavailable');
    const ready = await api<{ error?: { code: string } }>('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error?.code).toBe('common.error.unavailable');
    expect(ready.ms).toBeLessThan(4_000);
    const live = await api('GET', '/healthz');
    expect(live.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }

  /** The first request after the fault succeeds, and the server says it is ready. */
  async function expectRecovered() {
    const write = await createPerson();
    expect(write.status, JSON.stringify(write.body)).toBe(201);
    if (write.body.id) acknowledged.push(write.body.id);
    expect((await api('GET', '/readyz')).status).toBe(200);
  }

  /** Polls a condition with a deadline; fails at once, with what it printed, if the server process ended. */
  async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(`the server exited while waiting until ${what}:\n${server.output().slice(-3000)}`);
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await sleep(50);
    }
  }

  const lostConnections = () => server.output().split('lost a database connection').length - 1;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'anor-faults-'));
    databaseName = randomDatabaseName('anor_faults');
    let upstream: { host: string; port: number; user: string };
    if (!clusterProblem) {
      cluster = await createPgCluster();
      adminUrl = cluster.url('postgres');
      upstream = { host: '127.0.0.1', port: cluster.port, user: 'anor' };
      await admin(`create database ${databaseName}`);
    } else {
      adminUrl = testDatabaseUrl();
      const parsed = new URL(adminUrl);
      upstream = { host: parsed.hostname, port: Number(parsed.port || 5432), user: parsed.username };
      await adminQuery(`CREATE DATABASE ${databaseName}`);
    }
    proxy = await startTcpProxy(upstream);
    const databaseUrl = `postgres://${upstream.user}@127.0.0.1:${proxy.port}/${databaseName}`;
    server = client.server = await startServerProcess({
      dataDir,
      databaseUrl,
      env: {
        AUTH_SECRET: 'faults-test-secret-that-is-long-enough-for-better-auth',
        DEMO_TREE: '0',
        DATABASE_CONNECT_TIMEOUT_MS: String(timeouts.connectMs),
        DATABASE_STATEMENT_TIMEOUT_MS: String(timeouts.statementMs),
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(timeouts.idleInTransactionMs),
      },
    });
    const registered = await api<{ id: string }>('POST', '/api/user', {
      fName: 'Fela',
      email: 'faults@example.com',
      password: 'survives its database',
    });
    expect(registered.status).toBe(201);
    userId = registered.body.id;
    const tree = await api<{ id: string }>('POST', `/api/user/${userId}/tree`, { treeName: 'Felträd' });
    expect(tree.status).toBe(201);
    treeId = tree.body.id;
    // Paid: a free tree holds 20 persons.
    adminUrl = cluster ? cluster.url(databaseName) : withDatabase(testDatabaseUrl(), databaseName);
    await admin(
      `insert into subscription (user_id, plan, valid_until, created_at, updated_at)
       values ($1, 'yearly', now() + interval '1 day', now(), now())`,
      [userId],
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...writers].map((writer) => writer.stop()));
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await proxy?.close();
    if (cluster) await cluster.destroy();
    else if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName}`).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('survives its connections being terminated, idle or in use, and replaces them', async () => {
    for (let i = 0; i < 3; i++) expect((await createPerson()).status).toBe(201);
    // Idle connections: the pool drops them (this killed the process before) and opens new ones.
    const lostBefore = lostConnections();
    const [idle] = await admin<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid()`,
      [databaseName],
    );
    expect(idle?.n).toBeGreaterThan(0);
    await until('the server noticed', () => lostConnections() > lostBefore);
    await sleep(200);
    expect(server.child.exitCode).toBeNull();
    await expectRecovered();

    // Connections in use, again and again, while two writers write.
    const writer = startWriter();
    for (let round = 0; round < 3; round++) {
      const seen = writer.acknowledged.length;
      await until('writes go through', () => writer.acknowledged.length >= seen + 2);
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid()`,
        [databaseName],
      );
    }
    const seen = writer.acknowledged.length;
    await until('writes go through again', () => writer.acknowledged.length >= seen + 3);
    await writer.stop();
    expect(writer.wrong).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);

  it('fails a GEDCOM import whose connection is terminated inside its transaction with 503, and keeps nothing of it', async () => {
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
    for (let i = 1; i <= 20_000; i++) {
      lines.push(`0 @I${i}@ INDI`, `1 NAME Person${i} /Avbruten/`, '1 BIRT', `2 DATE ${1700 + (i % 200)}`);
      lines.push(`2 PLAC Gård ${i % 300}, Sunne`);
    }
    lines.push('0 TRLR', '');
    const importing = api<{ error?: { code: string } }>(
      'POST',
      `/api/user/${userId}/tree/gedcom?treeName=Avbruten`,
      new TextEncoder().encode(lines.join('\n')),
    );
    // Terminated as soon as the import's transaction is open (between or during its statements).
    let terminated = 0;
    await until(
      'the import is inside its transaction',
      async () => {
        const [row] = await admin<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() and xact_start is not null
             and backend_type = 'client backend' and query not ilike '%pg_stat_activity%'
             and now() - xact_start > interval '100 milliseconds'`,
          [databaseName],
        );
        terminated += row?.n ?? 0;
        return terminated > 0;
      },
      30_000,
    );
    const answer = await importing;
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body.error?.code).toBe('common.error.unavailable');
    expect(server.child.exitCode).toBeNull();
    const trees = await api<{ name: string }[]>('GET', `/api/user/${userId}/tree`);
    expect(trees.status).toBe(200);
    expect(trees.body.map((tree) => tree.name)).toEqual(['Felträd']);
    const [left] = await admin<{ n: number }>(`select count(*)::int as n from person where l_name = 'Avbruten'`);
    expect(left?.n).toBe(0);
  }, 60_000);

  it('answers 503 when a statement waits past the statement timeout, and serves again when the lock goes', async () => {
    const blocker = new pg.Client({ connectionString: adminUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table person in access exclusive mode');
      const blocked = await createPerson();
      expect(blocked.status).toBe(503);
      expect(blocked.body.error?.code).toBe('common.error.unavailable');
      // The server's own statement timeout (57014), well before the client's guard.
      expect(blocked.ms).toBeGreaterThanOrEqual(timeouts.statementMs - 100);
      expect(blocked.ms).toBeLessThan(timeouts.statementMs + 1_900);
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    await expectRecovered();
  }, 30_000);

  it('answers 503 within the timeout while the network is cut, and recovers when it is back', async () => {
    const writer = startWriter();
    await until('writes go through', () => writer.acknowledged.length >= 3);
    proxy.cut();
    try {
      await expectUnavailable();
      await until('the writers met the cut', () => writer.unavailable >= 2);
    } finally {
      proxy.restore();
    }
    await expectRecovered();
    const seen = writer.acknowledged.length;
    await until('the writers write again', () => writer.acknowledged.length >= seen + 3);
    await writer.stop();
    expect(writer.wrong).toEqual([]);
  }, 60_000);

  it.skipIf(clusterProblem !== null)(
    `survives its database being stopped and started${clusterProblem ? ` (skipped: ${clusterProblem})` : ''}`,
    async () => {
      if (!cluster) throw new Error('no cluster');
      const writer = startWriter();
      await until('writes go through', () => writer.acknowledged.length >= 3);
      await cluster.stop('fast');
      try {
        // The process died about half a second after the database stopped before.
        await sleep(1_000);
        await expectUnavailable();
        await until('the writers met the stop', () => writer.unavailable >= 2);
      } finally {
        await cluster.start();
      }
      await expectRecovered();
      const seen = writer.acknowledged.length;
      await until('the writers write again', () => writer.acknowledged.length >= seen + 3);
      await writer.stop();
      expect(writer.wrong).toEqual([]);
    },
    60_000,
  );

  it('kept every write it acknowledged, and logged no unexpected error', async () => {
    expect(acknowledged.length).toBeGreaterThan(10);
    const [found] = await admin<{ n: number }>(`select count(*)::int as n from person where id = any($1::uuid[])`, [
      acknowledged,
    ]);
    expect(found?.n).toBe(new Set(acknowledged).size);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain('unexpected error');
    expect(server.output()).not.toContain('Unhandled');
  });
});

describe.skipIf(!postgres)('statement timeouts (needs TEST_DB=postgres)', () => {
  it('stops a statement at the statement timeout, and lets a job transaction run longer', async () => {
    const clone = await cloneTemplateDatabase('anor_timeouts');
    const database = await openDatabase({
      kind: 'postgres',
      url: clone.url,
      poolSize: 2,
      timeouts: { statementMs: 300 },
    });
    try {
      await expect(database.db.execute('select pg_sleep(1)')).rejects.toMatchObject({ cause: { code: '57014' } });
      // Longer than the ordinary client guard (300 ms + 2 s), shorter than the job's.
      await inJobTransaction(database.db, 5_000, (tx) => tx.execute('select pg_sleep(2.5)'));
      // SET LOCAL: the connection went back to the pool with the ordinary limit.
      const shown = (await database.db.execute('show statement_timeout')) as unknown as {
        rows: { statement_timeout: string }[];
      };
      expect(shown.rows[0]?.statement_timeout).toBe('300ms');
    } finally {
      await database.close();
      await clone.drop();
    }
  }, 30_000);
});
