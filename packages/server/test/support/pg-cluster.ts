import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, pg_ctl on a free port),
 * which a test may stop and start: never the machine's shared server. initdb refuses to run as
 * root, so under root the cluster belongs to the `postgres` user (runuser).
 */
export interface PgCluster {
  port: number;
  /** A URL of a database in the cluster (user `anor`, trust authentication on 127.0.0.1). */
  url(database: string): string;
  start(): Promise<void>;
  /** pg_ctl stop: `fast` ends sessions (57P01) and shuts down cleanly; `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** The folder of initdb and pg_ctl: PG_BIN, the PATH, /usr/local/bin or a Debian /usr/lib/postgresql/N/bin. */
function findPgBin(): string | null {
  const candidates = [
    process.env.PG_BIN ?? '',
    ...(process.env.PATH ?? '').split(path.delimiter),
    '/usr/local/bin',
    '/usr/local/pgsql/bin',
  ];
  try {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
      candidates.push(path.join('/usr/lib/postgresql', version, 'bin'));
    }
  } catch {
    // No Debian packages.
  }
  return (
    candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ??
    null
  );
}

/** Why a cluster of the test's own cannot be made here, or null when it can. */
export function pgClusterUnavailable(): string | null {
  if (!findPgBin()) return 'initdb and pg_ctl were not found (set PG_BIN to their folder)';
  if (userInfo().uid === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
    return 'running as root without runuser (initdb refuses root)';
  }
  return null;
}

export async function createPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('initdb and pg_ctl were not found');
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'anor-pgcluster-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pg('initdb', [
    '-D',
    dataDir,
    '-U',
    'anor',
    '--auth=trust',
    '--no-sync',
    '--no-instructions',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = async () => {
    try {
      await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    } catch (error) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`pg_ctl start failed: ${String(error)}\n${log.slice(-2000)}`);
    }
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    port,
    url: (database) => `postgres://anor@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async destroy() {
      await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
