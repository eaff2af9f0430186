/** What the benchmarks share: the app's configuration for measuring, a scratch folder, an admin statement. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Config, readConfig, uniformRateLimits } from '../src/config.ts';

/** The app's configuration for a benchmark: no web app, quiet logs, no rate limits in the way. */
export function benchConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  return {
    ...readConfig({}),
    dataDir,
    authSecret: 'bench-secret-that-is-long-enough-for-better-auth',
    webDistDir: null,
    logLevel: 'warn',
    rateLimits: uniformRateLimits(unlimited),
    ...overrides,
  };
}

export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'anor-bench-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One statement on the server (CREATE or DROP DATABASE), on a connection of its own. */
export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** The web app for a browser bench: WEB_DIST_DIR when given, otherwise built now into `dir`, so that the numbers are the code's. */
export function webDist(dir: string): string {
  if (process.env.WEB_DIST_DIR) return path.resolve(process.env.WEB_DIST_DIR);
  const outDir = path.join(dir, 'web-dist');
  const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The web build failed');
  return outDir;
}
