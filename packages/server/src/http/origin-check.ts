import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing API request: a browser always sends
 * Origin on such requests, and it must be this app's own origin (the Host it was sent to, or the
 * configured public URL). Requests without Origin or Sec-Fetch-Site come from non-browser clients,
 * which carry no ambient cookies to abuse.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin === undefined) {
      if (fetchSite === 'cross-site') return sendError(request, reply, 'auth.error.invalidOrigin');
      return;
    }
    if (trusted.has(origin) || isSameHost(origin, request.headers.host)) return;
    return sendError(request, reply, 'auth.error.invalidOrigin');
  });
}

function isSameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
