/**
 * What a process (the soak's server) and the database spent during one run of bench/soak.ts: CPU
 * time, event-loop busy share and delay, garbage-collection pauses, memory; and the CPU of the
 * PostgreSQL backends serving the soak's database, read from /proc.
 */
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import pg from 'pg';

export interface ProcessFigures {
  cpuSeconds: number;
  wallSeconds: number;
  /** The event loop's busy share of the wall time. */
  utilization: number;
  loopDelay: { p50: number; p99: number; max: number };
  gc: { pauses: number; totalMs: number; longestMs: number };
  memory: { before: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage };
}

/** Starts measuring this process; the function returned stops and answers the figures. */
export function startProcessMeter(): () => ProcessFigures {
  // What stays, not what is waiting for the collector (with --expose-gc).
  global.gc?.();
  const before = process.memoryUsage();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const pauses: number[] = [];
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
  const busy = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const started = performance.now();
  return () => {
    const used = process.cpuUsage(cpu);
    const wallSeconds = (performance.now() - started) / 1000;
    const utilization = performance.eventLoopUtilization(busy).utilization;
    loop.disable();
    collections.disconnect();
    global.gc?.();
    return {
      cpuSeconds: (used.user + used.system) / 1e6,
      wallSeconds,
      utilization,
      loopDelay: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      gc: {
        pauses: pauses.length,
        totalMs: pauses.reduce((sum, ms) => sum + ms, 0),
        longestMs: Math.max(0, ...pauses),
      },
      memory: { before, after: process.memoryUsage() },
    };
  };
}

/** Linux's clock ticks per second (`getconf CLK_TCK`), in which /proc/<pid>/stat counts CPU time. */
const clockTicks = 100;

/** utime + stime of a process in seconds, or null when it is gone. */
export async function procCpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses: utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

/**
 * The CPU the PostgreSQL backends connected to `database` spent between the start and the stop (a
 * backend that appeared in between counts whole; one that ended in between is missed). Null when
 * PostgreSQL runs where this process cannot read its /proc (another machine or container).
 */
export async function startBackendMeter(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const backends = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const seconds = new Map<number, number>();
    for (const { pid } of rows) {
      const used = await procCpuSeconds(pid);
      if (used !== null) seconds.set(pid, used);
    }
    return { seconds, listed: rows.length };
  };
  const start = await backends();
  return async (): Promise<number | null> => {
    try {
      const end = await backends();
      if (end.listed > 0 && end.seconds.size === 0) return null;
      let total = 0;
      for (const [pid, used] of end.seconds) total += used - (start.seconds.get(pid) ?? 0);
      return total;
    } finally {
      await client.end();
    }
  };
}

export function formatProcess(label: string, figures: ProcessFigures, requests: number) {
  const { cpuSeconds, wallSeconds, utilization, loopDelay, gc, memory } = figures;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  return [
    `${label}: CPU ${cpuSeconds.toFixed(1)} s in ${wallSeconds.toFixed(1)} s (${((cpuSeconds / wallSeconds) * 100).toFixed(0)}% of one core), ` +
      `${((cpuSeconds * 1000) / Math.max(1, requests)).toFixed(2)} ms CPU per request`,
    `  event loop busy ${(utilization * 100).toFixed(0)}% of the time, its delay (1 ms timer) median ${loopDelay.p50.toFixed(1)} ms, ` +
      `p99 ${loopDelay.p99.toFixed(1)} ms, max ${loopDelay.max.toFixed(1)} ms; garbage collection ${gc.pauses} pauses, ` +
      `${gc.totalMs.toFixed(0)} ms in all, the longest ${gc.longestMs.toFixed(1)} ms`,
    `  memory before: rss ${mb(memory.before.rss)}, heapUsed ${mb(memory.before.heapUsed)}; ` +
      `after: rss ${mb(memory.after.rss)}, heapUsed ${mb(memory.after.heapUsed)}`,
  ].join('\n');
}
