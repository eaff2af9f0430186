import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing request: a browser always sends
 * Origin on such requests, and it must be this app's own origin, compared whole (scheme, host and
 * port): the configured public URL, or the scheme and Host the request itself came by. Requests
 * without Origin or Sec-Fetch-Site come from non-browser clients, which carry no ambient cookies
 * to abuse.
 *
 * Every path is checked, not only those that start with /api/: a request line in absolute form
 * (`POST http://host/api/...`) is routed like its path, and a check that looked at the raw URL
 * would let it through.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin === undefined) {
      if (fetchSite === 'cross-site') return sendError(request, reply, 'auth.error.invalidOrigin');
      return;
    }
    if (trusted.has(origin) || origin === ownOrigin(request)) return;
    return sendError(request, reply, 'auth.error.invalidOrigin');
  });
}

/**
 * The origin this request was sent to: its scheme (https only over TLS, or as a trusted proxy
 * says: TRUST_PROXY) and its Host. An `https://host` page posting to the app's plain-http port
 * is another origin.
 */
function ownOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  if (!host) return null;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}
