/**
 * `npm run bench:headers`: what the security headers cost an answer, three ways, on one small JSON
 * route through `inject` (no socket, so the hook's work is what differs): none; the app's
 * (`securityHeaders()`: helmet run once at start-up, the finished strings set on each answer); and
 * helmet run on every request, as @fastify/helmet does in its onRequest hook (helmet(options)
 * builds its middleware again for each request, `buildHelmetOnRoutes`). Prints the median of
 * BENCH_ROUNDS rounds (default 6) of BENCH_REQUESTS requests each (default 30,000), each in a process of its own, in µs per request.
 */
import { spawnSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import {
  helmetOptions,
  permissionsPolicy,
  registerSecurityHeaders,
  securityHeaders,
} from '../src/http/security-headers.ts';

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 6));
const requests = Math.max(1, Number(process.env.BENCH_REQUESTS ?? 30_000));
const options = { publicUrl: 'https://anor.example', mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' };

type Way = 'none' | 'computed once (the app)' | 'helmet per request (@fastify/helmet)';

function build(way: Way): FastifyInstance {
  const app = Fastify();
  if (way === 'computed once (the app)') registerSecurityHeaders(app, securityHeaders(options));
  if (way === 'helmet per request (@fastify/helmet)') {
    app.addHook('onRequest', (request, reply, done) => {
      helmet(helmetOptions(options))(request.raw as IncomingMessage, reply.raw as ServerResponse, () => undefined);
      reply.header('permissions-policy', permissionsPolicy);
      done();
    });
  }
  app.get('/x', async () => ({ id: '0190a', name: 'Karin Karta', events: [1, 2, 3] }));
  return app;
}

async function microsPerRequest(app: FastifyInstance): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < requests; i += 1) await app.inject({ method: 'GET', url: '/x' });
  return Number(process.hrtime.bigint() - started) / 1000 / requests;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ways: Way[] = ['none', 'computed once (the app)', 'helmet per request (@fastify/helmet)'];
const results = new Map<Way, number[]>(ways.map((way) => [way, []]));

/** One measurement, in a process of its own: a fresh app, checked and warmed up, then timed. */
async function measureHere(way: Way): Promise<number> {
  const app = build(way);
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: '/x' });
  if (way !== 'none' && answer.headers['content-security-policy'] === undefined) throw new Error(`${way}: no CSP`);
  for (let i = 0; i < 2_000; i += 1) await app.inject({ method: 'GET', url: '/x' });
  const value = await microsPerRequest(app);
  await app.close();
  return value;
}

if (process.env.BENCH_HEADERS_WAY) {
  console.log(await measureHere(process.env.BENCH_HEADERS_WAY as Way));
  process.exit(0);
}

// Each measurement runs in a child process (inject keeps about 10 KB per request even on a bare
// Fastify app, so one process's later measurements ran slower), and each round starts with another way.
function measure(way: Way): number {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? ''], {
    env: { ...process.env, BENCH_HEADERS_WAY: way },
    encoding: 'utf8',
  });
  const value = Number(child.stdout.trim().split('\n').at(-1));
  if (child.status !== 0 || !Number.isFinite(value)) throw new Error(`${way}: ${child.stderr}`);
  return value;
}
for (let round = 0; round < rounds; round += 1) {
  for (let i = 0; i < ways.length; i += 1) {
    const way = ways[(round + i) % ways.length] as Way;
    results.get(way)?.push(measure(way));
  }
}
console.log(`Security headers: µs per request, median of ${rounds} × ${requests} (load ${loadavg()[0]?.toFixed(2)})`);
const base = median(results.get('none') ?? []);
for (const way of ways) {
  const value = median(results.get(way) ?? []);
  console.log(
    `  ${way.padEnd(40)} ${value.toFixed(1).padStart(7)} µs${way === 'none' ? '' : `  (+${(value - base).toFixed(1)} µs)`}`,
  );
}
