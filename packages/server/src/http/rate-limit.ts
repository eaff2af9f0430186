import { normalizeEmail } from '@anor/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { RateLimitRule, RateLimits } from '../config.ts';
import { AppError } from './errors.ts';
import { currentUser } from './session.ts';

/**
 * A fixed-window counter per key, kept in memory. Enough for one instance; several instances
 * behind a load balancer each count on their own, which multiplies the allowance by their number.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly rule: RateLimitRule) {}

  /** Counts one attempt; throws tooManyRequests when the key has used up its window. */
  consume(key: string, now: number = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.rule.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      this.sweep(now);
      return;
    }
    window.count += 1;
    if (window.count > this.rule.max) {
      throw new AppError('common.error.tooManyRequests', {
        retryAfterSeconds: Math.ceil((window.startedAt + this.rule.windowMs - now) / 1000),
      });
    }
  }

  /**
   * Takes back one attempt counted by `consume` (one that turned out not to count, such as a
   * sign-in that succeeded). Counting first and refunding after keeps parallel attempts from all
   * passing before any of them is counted.
   */
  refund(key: string, now: number = Date.now()): void {
    const window = this.windows.get(key);
    if (window && now - window.startedAt < this.rule.windowMs && window.count > 0) window.count -= 1;
  }

  /** Forgets the key's window (its owner proved who they are another way, e.g. a password reset). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.rule.windowMs) this.windows.delete(key);
    }
  }
}

/**
 * The client addresses each account signed in from successfully, for `rememberForMs`. When an
 * account's failed sign-ins from everywhere reach their limit, a known address is still let in
 * (within its own per-address limit): a guess spread over many addresses cannot lock the owner
 * out at home. Kept in memory, like the limiters, and bounded (the newest addresses per account).
 */
export class KnownAddresses {
  private readonly accounts = new Map<string, Map<string, number>>();

  constructor(
    private readonly rememberForMs: number,
    private readonly perAccount = 10,
  ) {}

  remember(account: string, address: string, now: number = Date.now()): void {
    const addresses = this.accounts.get(account) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, now + this.rememberForMs);
    while (addresses.size > this.perAccount) {
      const oldest = addresses.keys().next().value;
      if (oldest === undefined) break;
      addresses.delete(oldest);
    }
    this.accounts.set(account, addresses);
    if (this.accounts.size > 100_000) this.sweep(now);
  }

  isKnown(account: string, address: string, now: number = Date.now()): boolean {
    const until = this.accounts.get(account)?.get(address);
    return until !== undefined && until > now;
  }

  private sweep(now: number) {
    for (const [account, addresses] of this.accounts) {
      for (const [address, until] of addresses) if (until <= now) addresses.delete(address);
      if (addresses.size === 0) this.accounts.delete(account);
    }
  }
}

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
    limiters[rule].consume(user ? `user ${user.id}` : `address ${clientKey(request)}`);
  });
}
