import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { sendError } from '../../http/errors.ts';
import type { Metrics } from './metrics.service.ts';

/** What a request that matched no route is counted as (its address could be anything: no label per address). */
const unmatched = 'unmatched';

/**
 * `GET /metrics` in Prometheus' text format, outside `/api` like the health checks (no session, no
 * rate limit). Answered only when METRICS=1 or METRICS_TOKEN is set (else 404 `common.error.notFound`);
 * with METRICS_TOKEN, only a request with `Authorization: Bearer <token>` is answered, others get
 * 403 `auth.error.forbidden`. Every answered request is counted under its route's pattern
 * (`/api/:treeId/person/:personId`), never its address: no id or share token reaches the metrics.
 */
export function registerMetricsRoutes(app: FastifyInstance, metrics: Metrics | null, settings: Config['metrics']) {
  if (!metrics || !settings.enabled) {
    // Off: a 404 in the catalogue's shape (not the web app's page, which a scraper would take for metrics).
    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, (request, reply) =>
      sendError(request, reply, 'common.error.notFound'),
    );
    return;
  }
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? unmatched,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary:
          'Prometheus metrics (METRICS=1, or METRICS_TOKEN with Authorization: Bearer); else 404, or 403 auth.error.forbidden without the token',
      },
    },
    async (request, reply) => {
      if (settings.token && !carriesToken(request, settings.token)) {
        return sendError(request, reply, 'auth.error.forbidden');
      }
      reply.header('cache-control', 'no-store');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}

function carriesToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
