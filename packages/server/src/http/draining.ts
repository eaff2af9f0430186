import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

/**
 * While the server closes (SIGTERM, main.ts), the listening socket takes no new connections, and a
 * request that still arrives on a connection already open (keep-alive) answers 503
 * `common.error.unavailable` with `Connection: close`, in the catalogue's error shape and with
 * `Retry-After`, so that a client or proxy tries another instance. Requests already under way go
 * on. Fastify's own answer to them (`return503OnClosing`) is turned off in app.ts for this one.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    return sendError(request, reply, 'common.error.unavailable', { reason: 'shutdown', retryAfterSeconds: 1 });
  });
}
