import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../http/errors.ts';
import type { HealthService } from './health.service.ts';

const tags = ['health'];

/**
 * For load balancers and supervisors, outside `/api` (no session, no rate limit, no tree): `/healthz`
 * says the process is up and serving, `/readyz` that it can do its work (the database answers a
 * trivial query within two seconds and has every migration, and the Redis of REDIS_URL, when set,
 * answers PING within that time). Logged only when they fail, since
 * they are polled every few seconds.
 */
export function registerHealthRoutes(app: FastifyInstance, health: HealthService) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Liveness: the process is up (the database is not asked)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  typed.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          'Readiness: the database answers and its schema is current, and Redis answers when REDIS_URL is set; else 503 common.error.unavailable',
        response: { 200: z.object({ status: z.literal('ready') }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reason = await health.notReadyReason();
      if (reason) {
        request.log.warn({ reason }, 'not ready');
        return sendError(request, reply, 'common.error.unavailable', { reason });
      }
      return { status: 'ready' as const };
    },
  );
}
