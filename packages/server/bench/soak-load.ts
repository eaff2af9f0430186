/**
 * The soak's load generator (bench/soak.ts): the simulated users over keep-alive HTTP, what they
 * measured, and the report of one run. It runs in the bench's process; the server runs in a child
 * process of its own (or, for comparison, in this one: BENCH_SOAK_SERVER=in-process).
 */
import http from 'node:http';
import { seededRandom } from '../src/seed/random.ts';
import type { Kind, Step } from './soak-scenario.ts';

const requestTimeoutMs = 30_000;
/** A bound on each user's loop besides the clock. */
const maxRequestsPerUser = 1_000_000;
export const limits = { read: 200, write: 500 };

export interface RouteStats {
  kind: Kind;
  millis: number[];
  errors: number;
  statuses: Map<string, number>;
}

export interface LoadResult {
  stats: Map<string, RouteStats>;
  /** Seconds from the first user's start to the last answer. */
  wall: number;
  /** The seconds (since the start) in which requests took longer than their limit, and how many. */
  slowSeconds: Map<number, number>;
}

export interface LoadOptions {
  port: number;
  users: number;
  editors: number;
  seconds: number;
  editorHeaders: Record<string, string>;
  visitorHeaders: Record<string, string>;
  pause: (random: () => number) => number;
  next: (random: () => number, user: number, write: boolean) => Step;
  writeShare: number;
  /** Seeds the users' random choices, so that two runs of one bench do not repeat each other. */
  seed: number;
}

export function sleep(ms: number) {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** `users` simulated users for `seconds`: each sends a request, waits for its answer, pauses, and again. */
export async function runUsers(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.users });
  const client = httpClient(agent, options.port, `http://127.0.0.1:${options.port}`);
  const stats = new Map<string, RouteStats>();
  const slowSeconds = new Map<number, number>();
  const started = performance.now();
  const record = (route: string, kind: Kind, ms: number, status: number | string) => {
    if (ms >= limits[kind]) {
      const second = Math.floor((performance.now() - started) / 1000);
      slowSeconds.set(second, (slowSeconds.get(second) ?? 0) + 1);
    }
    let entry = stats.get(route);
    if (!entry) {
      entry = { kind, millis: [], errors: 0, statuses: new Map() };
      stats.set(route, entry);
    }
    entry.millis.push(ms);
    if (!(typeof status === 'number' && status >= 200 && status < 300)) {
      entry.errors++;
      entry.statuses.set(String(status), (entry.statuses.get(String(status)) ?? 0) + 1);
    }
  };
  const deadline = started + options.seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.users }, async (_, user) => {
        const editor = user < options.editors;
        const headers = editor ? options.editorHeaders : options.visitorHeaders;
        const random = seededRandom(options.seed * 100_003 + user + 1);
        // Users do not all arrive in the same millisecond.
        await sleep(options.pause(random) * random());
        for (let i = 0; i < maxRequestsPerUser && performance.now() < deadline; i++) {
          const write = editor && random() < options.writeShare;
          const step = options.next(random, user, write);
          const t0 = performance.now();
          let status: number | string;
          try {
            const answer = await client(step.method, step.path, step.body, headers);
            status = answer.status;
            if (status >= 200 && status < 300) step.done?.(answer.body);
          } catch (error) {
            status = (error as NodeJS.ErrnoException).code ?? 'network error';
          }
          record(step.route, write ? 'write' : 'read', performance.now() - t0, status);
          await sleep(options.pause(random));
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { stats, wall: (performance.now() - started) / 1000, slowSeconds };
}

/** One request over the keep-alive agent: JSON in, the status and body text out. */
function httpClient(agent: http.Agent, port: number, origin: string) {
  return (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method,
          path,
          timeout: requestTimeoutMs,
          headers: {
            origin,
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      request.on('error', reject);
      request.end(payload);
    });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export interface Summary {
  requests: number;
  perSecond: number;
  errors: number;
  read: { p50: number; p99: number };
  write: { p50: number; p99: number };
  passed: boolean;
}

/** Prints the table of one run (per route and per class) and its verdict against the limits. */
export function reportLoad({ stats, wall, slowSeconds }: LoadResult, perRoute: boolean): Summary {
  const line = (label: string, millis: number[], errors: number, extra = '') => {
    const sorted = [...millis].sort((a, b) => a - b);
    const figures = { count: millis.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    if (perRoute || label.startsWith('all ')) {
      console.log(
        `${label.padEnd(40)} ${String(millis.length).padStart(8)} ${String(errors).padStart(7)} ` +
          `${ms(figures.p50).padStart(10)} ${ms(figures.p99).padStart(10)}${extra}`,
      );
    }
    return figures;
  };
  console.log(
    `${'route'.padEnd(40)} ${'requests'.padStart(8)} ${'errors'.padStart(7)} ${'median'.padStart(10)} ${'p99'.padStart(10)}`,
  );
  const classes: Record<Kind, { millis: number[]; errors: number }> = {
    read: { millis: [], errors: 0 },
    write: { millis: [], errors: 0 },
  };
  for (const kind of ['read', 'write'] as const) {
    for (const [route, entry] of [...stats].filter(([, e]) => e.kind === kind).sort(([a], [b]) => a.localeCompare(b))) {
      const statuses = [...entry.statuses].map(([status, n]) => `${status}×${n}`).join(', ');
      line(`${kind}: ${route}`, entry.millis, entry.errors, statuses ? `  (${statuses})` : '');
      classes[kind].millis.push(...entry.millis);
      classes[kind].errors += entry.errors;
    }
  }
  const reads = line('all reads', classes.read.millis, classes.read.errors);
  const writes = line('all writes', classes.write.millis, classes.write.errors);
  const requests = reads.count + writes.count;
  const errors = classes.read.errors + classes.write.errors;
  console.log(`${requests} requests in ${wall.toFixed(1)} s: ${(requests / wall).toFixed(0)} per second`);
  const slowest = [...slowSeconds].sort((a, b) => b[1] - a[1]);
  const slowCount = slowest.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `over the limit: ${slowCount} requests in ${slowest.length} of the ${Math.ceil(wall)} seconds` +
      (slowest.length > 0
        ? `; most in second ${slowest
            .slice(0, 5)
            .map(([second, n]) => `${second} (${n})`)
            .join(', ')}`
        : ''),
  );
  const missed = [
    errors > 0 ? `${errors} errors` : '',
    reads.p99 >= limits.read ? `read p99 ${ms(reads.p99)} ≥ ${limits.read} ms` : '',
    writes.p99 >= limits.write ? `write p99 ${ms(writes.p99)} ≥ ${limits.write} ms` : '',
  ].filter(Boolean);
  console.log(
    missed.length === 0
      ? `verdict: PASS (0 errors, read p99 ${ms(reads.p99)} < ${limits.read} ms, write p99 ${ms(writes.p99)} < ${limits.write} ms)`
      : `verdict: MISSED (${missed.join('; ')})`,
  );
  return {
    requests,
    perSecond: requests / wall,
    errors,
    read: { p50: reads.p50, p99: reads.p99 },
    write: { p50: writes.p50, p99: writes.p99 },
    passed: missed.length === 0,
  };
}
