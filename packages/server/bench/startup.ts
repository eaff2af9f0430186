/**
 * `npm run bench:startup` (the first part of `npm run bench`): how long the server takes from the
 * process's start to its first answer (`GET /healthz` 200), as `npm start` runs it (the build,
 * dist/main.js, on plain node) and as development runs it (the sources through tsx), each on a
 * fresh embedded database (creating it and running every migration) and again on that same data
 * (a restart). PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server whose
 * user may create databases. Also prints the build's own time. Runs each start BENCH_STARTS times
 * (default 3) and prints the median.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { admin } from './support.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const starts = Math.max(1, Number(process.env.BENCH_STARTS ?? 3));
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Runner = 'build (node)' | 'sources (tsx)';
const commands: Record<Runner, string[]> = {
  'build (node)': ['--enable-source-maps', 'dist/main.js'],
  'sources (tsx)': ['--import', 'tsx', 'src/main.ts'],
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server, polls /healthz until it answers 200, stops it with SIGTERM; the milliseconds to that answer. */
async function timeToFirstAnswer(runner: Runner, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, commands[runner], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      DEMO_TREE: '0',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${errors}`);
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (answer?.status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) console.warn(`(the server's exit code after SIGTERM was ${code})`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(
  label: string,
  fresh: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>,
) {
  for (const runner of Object.keys(commands) as Runner[]) {
    const first: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < starts; i++) {
      const { env, drop } = await fresh();
      try {
        first.push(await timeToFirstAnswer(runner, env));
        again.push(await timeToFirstAnswer(runner, env));
      } finally {
        await drop();
      }
    }
    console.log(
      `${label.padEnd(11)} ${runner.padEnd(14)} new database ${String(Math.round(median(first))).padStart(6)} ms   restart ${String(Math.round(median(again))).padStart(6)} ms`,
    );
  }
}

async function main() {
  const buildStarted = performance.now();
  await promisify(execFile)(process.execPath, ['build.mjs'], { cwd: serverDir });
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`start-up to the first answer (GET /healthz), median of ${starts}; load average ${load}`);
  console.log(`build (node build.mjs): ${Math.round(performance.now() - buildStarted)} ms`);
  await measure('PGlite', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'anor-bench-startup-'));
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, drop: () => rm(dir, { recursive: true, force: true }) };
  });
  if (!postgresUrl) {
    console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL.)');
    return;
  }
  await measure('PostgreSQL', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'anor-bench-startup-'));
    const name = `anor_bench_startup_${randomBytes(4).toString('hex')}`;
    await admin(postgresUrl, `CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return {
      env: { DATA_DIR: dir, DATABASE_URL: url.toString() },
      drop: async () => {
        await admin(postgresUrl, `DROP DATABASE IF EXISTS ${name}`);
        await rm(dir, { recursive: true, force: true });
      },
    };
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
