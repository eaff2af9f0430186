import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { JobObserver } from '../job/job.service.ts';

/** Request latency buckets, in seconds: the person page's reads sit in the first few, an import's upload in the last. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Job duration buckets, in seconds: a small import takes a second, the 100,000-person file a minute or more. */
const jobBuckets = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/**
 * The Prometheus metrics of one app (its own registry, so that several apps in one process, as in
 * the tests, do not share counters): the process's own (CPU, memory, garbage collection, and the
 * event loop's delay as `nodejs_eventloop_lag_*` percentiles), requests by route pattern and
 * status, the database's connection pool (PostgreSQL) or its free disk (the embedded PGlite),
 * and the jobs this instance ran.
 */
export function createMetrics(database: Pick<Database, 'kind' | 'poolStats' | 'freeBytes'>) {
  const registry = new Registry();
  // Samples the event loop's delay every 10 ms (perf_hooks.monitorEventLoopDelay).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new Counter({
    name: 'anor_http_requests_total',
    help: 'Requests answered, by method, route pattern (not the address asked) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'anor_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: requestBuckets,
    registers: [registry],
  });

  new Gauge({
    name: 'anor_database_info',
    help: 'The database in use: kind "postgres" or "pglite" (always 1)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });
  const { poolStats, freeBytes } = database;
  if (poolStats) {
    new Gauge({
      name: 'anor_db_pool_connections',
      help: 'PostgreSQL connections of this instance: "max" allowed, "open" (in use or idle), "idle", "in_use"',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'max' }, stats.max);
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'in_use' }, stats.total - stats.idle);
      },
    });
    new Gauge({
      name: 'anor_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection of this instance (above 0 for long: the pool is too small)',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  if (freeBytes) {
    new Gauge({
      name: 'anor_database_free_bytes',
      help: "Free space on the embedded database's disk (DATA_DIR); writes answer 507 when it runs out",
      registers: [registry],
      async collect() {
        this.set(await freeBytes().catch(() => Number.NaN));
      },
    });
  }

  const jobsEnded = new Counter({
    name: 'anor_jobs_total',
    help: 'Jobs (GEDCOM imports and exports) this instance ran to their end, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'anor_job_duration_seconds',
    help: 'How long the jobs this instance ran took, by kind and outcome (a preview waiting for its user included)',
    labelNames: ['kind', 'outcome'] as const,
    buckets: jobBuckets,
    registers: [registry],
  });
  const jobsRunning = new Gauge({
    name: 'anor_jobs_running',
    help: 'Jobs running on this instance now, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const jobObserver: JobObserver = {
    started(kind) {
      jobsRunning.inc({ kind });
    },
    ended(kind, outcome, seconds) {
      jobsRunning.dec({ kind });
      jobsEnded.inc({ kind, outcome });
      jobDuration.observe({ kind, outcome }, seconds);
    },
  };

  return {
    registry,
    jobObserver,
    /** One answered request: `route` is the route's pattern (`/api/:treeId/person/:personId`). */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
