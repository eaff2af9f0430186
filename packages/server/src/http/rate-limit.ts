import { normalizeEmail } from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { RateLimits } from '../config.ts';
import type { RateLimiter } from './limiters.ts';
import { currentUser } from './session.ts';

/** The key of an account's failed sign-ins (a password reset forgets it). */
export function signInAccountKey(email: string): string {
  return `account ${normalizeEmail(email)}`;
}

/**
 * The client's address: the connection's, or the one the configured proxies forwarded
 * (TRUST_PROXY, http/trust-proxy.ts). Never a header a client chose for itself.
 */
export function clientKey(request: FastifyRequest): string {
  return request.ip;
}

/**
 * The expensive routes and the rule that counts them (method and route as registered). Besides
 * these, every GET with a search term (`q`) counts against `search`, and every report (a route
 * under `reportRoutePrefix`, PDF or printable page) against `report`.
 */
export const reportRoutePrefix = '/api/:treeId/report/';

export const expensiveRoutes: readonly { method: string; url: string; rule: keyof RateLimits }[] = [
  { method: 'POST', url: '/api/user/:userId/tree/gedcom', rule: 'gedcomImport' },
  { method: 'POST', url: '/api/:treeId/suggestions/:type', rule: 'suggestions' },
  { method: 'POST', url: '/api/:treeId/source/suggested', rule: 'suggestions' },
  { method: 'POST', url: '/api/:treeId/event/suggestedSources', rule: 'suggestions' },
  { method: 'POST', url: '/api/:treeId/location/match', rule: 'suggestions' },
];

function ruleOf(request: FastifyRequest): keyof RateLimits | null {
  const url = request.routeOptions.url;
  if (!url?.startsWith('/api/')) return null;
  const listed = expensiveRoutes.find((route) => route.method === request.method && route.url === url);
  if (listed) return listed.rule;
  if (request.method === 'GET' && url.startsWith(reportRoutePrefix)) return 'report';
  const q = (request.query as { q?: unknown } | undefined)?.q;
  if (request.method === 'GET' && q !== undefined && q !== '') return 'search';
  return null;
}

/**
 * Counts the requests of the expensive routes, per signed-in user or else per client address,
 * before their bodies are read (a refused GEDCOM import uploads nothing): over the rule's
 * allowance, 429 `common.error.tooManyRequests` with Retry-After.
 */
export function registerRouteRateLimits(
  app: FastifyInstance,
  auth: Auth,
  limiters: Record<keyof RateLimits, RateLimiter>,
) {
  app.addHook('onRequest', async (request) => {
    const rule = ruleOf(request);
    if (!rule) return;
    const user = await currentUser(auth, request);
    await limiters[rule].consume(user ? `user ${user.id}` : `address ${clientKey(request)}`);
  });
}
