import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { freePort } from './free-port.ts';
// The values the global set-up provides (its ProvidedContext declaration).
import type {} from './global-setup.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const execFileAsync = promisify(execFile);

/** The real server (`src/main.ts`, or its build) in a child process of its own, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  /** Settles with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts the server on a free port with its data in `dataDir` (PGlite) or `databaseUrl`
 * (PostgreSQL when not empty), without the web app, and waits until it says it is running.
 * `env` adds or overrides settings.
 */
export async function startServerProcess(options: {
  dataDir: string;
  databaseUrl: string;
  env?: Record<string, string>;
  /** How long it may take to say it is running (a first start creates the database); 180 s by default: a ceiling, not a wait (a loaded 2-core CI machine took over 60 s). */
  startTimeoutMs?: number;
  /**
   * A built server (`buildServer()`) to run with plain `node`, as `npm start` does; when not given,
   * the build the integration project's global set-up made, else the sources through tsx.
   */
  built?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const built = options.built ?? (inject('builtServerMain') || undefined);
  const args = built ? ['--enable-source-maps', built] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      WEB_DIST_DIR: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The build runs on plain node: nothing (tsx) loaded beside it.
      ...(built ? { NODE_OPTIONS: '' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  while (!output.includes('Anor is running')) {
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/**
 * Builds the server as `npm start` does (build.mjs) into a folder of its own under
 * packages/server/.tmp (so that its packages resolve as from dist/), and returns its main.js and a
 * function that removes it.
 */
export async function buildServer(): Promise<{ main: string; remove: () => Promise<void> }> {
  const outdir = path.join(serverDir, '.tmp', `build-${process.pid}-${Date.now()}`);
  const { stdout } = await execFileAsync(process.execPath, ['build.mjs', outdir], { cwd: serverDir });
  if (!stdout.includes('built the server')) throw new Error(`build.mjs said: ${stdout}`);
  return { main: path.join(outdir, 'main.js'), remove: () => rm(outdir, { recursive: true, force: true }) };
}

/**
 * The server processes one test file starts: `start` starts one (startServerProcess) and keeps it;
 * `killAll`, for afterAll, kills those still running and waits until every one has exited, whatever
 * happened in the tests.
 */
export function serverProcesses() {
  const children = new Set<ChildProcess>();
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  return {
    async start(options: Parameters<typeof startServerProcess>[0]): Promise<ServerProcess> {
      const server = await startServerProcess(options);
      children.add(server.child);
      return server;
    },
    async killAll(): Promise<void> {
      await Promise.all(
        [...children].map((child) => {
          if (!running(child)) return undefined;
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGKILL');
          return exited;
        }),
      );
    },
  };
}
