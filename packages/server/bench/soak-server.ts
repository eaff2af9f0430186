/**
 * The soak's server (bench/soak.ts starts it as a child process, `node --import tsx`): the app as
 * main.ts builds it, on SOAK_DATABASE_URL with the bench's configuration (no rate limits in the
 * way, quiet logs), listening on SOAK_PORT. Told by its parent over IPC: `start` begins measuring
 * this process, `stop` answers the figures (bench/soak-meter.ts), `exit` closes the server and the
 * database and exits. With SOAK_CPU_PROFILE (a file name), V8's sampling profiler (what `--cpu-prof`
 * runs) records from `start` to `stop`, the measured run only, and writes a .cpuprofile there.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { type ProcessFigures, startProcessMeter } from './soak-meter.ts';
import { benchConfig } from './support.ts';

export type ServerMessage = { type: 'listening' } | { type: 'started' } | { type: 'figures'; figures: ProcessFigures };
export type ParentMessage = { cmd: 'start' } | { cmd: 'stop' } | { cmd: 'exit' };

async function main() {
  const url = process.env.SOAK_DATABASE_URL;
  const dataDir = process.env.SOAK_DATA_DIR;
  const port = Number(process.env.SOAK_PORT);
  if (!url || !dataDir || !port || !process.send) throw new Error('soak-server.ts is started by bench/soak.ts');
  const config = benchConfig(dataDir, { port, host: '127.0.0.1', demoTree: false });
  const database = await openDatabase({ kind: 'postgres', url, timeouts: config.databaseTimeouts });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port });
  const send = (message: ServerMessage) => process.send?.(message);
  let stop: (() => ProcessFigures) | null = null;
  const profileFile = process.env.SOAK_CPU_PROFILE;
  const profiler = profileFile ? new Session() : null;
  profiler?.connect();
  process.on('message', async (message: ParentMessage) => {
    if (message.cmd === 'start') {
      if (profiler) {
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      }
      stop = startProcessMeter();
      send({ type: 'started' });
    } else if (message.cmd === 'stop' && stop) {
      const figures = stop();
      stop = null;
      if (profiler && profileFile) {
        const { profile } = await profiler.post('Profiler.stop');
        await writeFile(profileFile, JSON.stringify(profile));
      }
      send({ type: 'figures', figures });
    } else if (message.cmd === 'exit') {
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    }
  });
  // The parent gone (a failed bench): no orphaned server.
  process.on('disconnect', () => process.exit(1));
  send({ type: 'listening' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
