import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitRule } from '../config.ts';
import { AppError } from './errors.ts';

/**
 * The counters behind the rate limits (rate-limit.ts), from `rate-limiter-flexible`: in memory for
 * one instance, in Redis when REDIS_URL is set, so that several instances count one allowance
 * together. That library rather than `@fastify/rate-limit`: sign-in counts only the failures (it
 * counts first and takes a success back, so parallel guesses cannot all pass before one is
 * counted) and a password reset forgets an account's failures; `reward` and `delete` do that, a
 * per-route counter cannot.
 *
 * Keys are hashed before they reach Redis: they hold e-mail addresses and client addresses.
 */
export interface RateLimiter {
  /** Counts one attempt; throws `common.error.tooManyRequests` when the key has used up its window. */
  consume(key: string): Promise<void>;
  /** Takes back one attempt counted by `consume` (one that turned out not to count, such as a sign-in that succeeded). */
  refund(key: string): Promise<void>;
  /** Forgets the key's window (its owner proved who they are another way, e.g. a password reset). */
  reset(key: string): Promise<void>;
}

/** Where the limits are counted: this process's memory, or a Redis that several instances share. */
export type LimitStore = { kind: 'memory' } | { kind: 'redis'; client: Redis; prefix: string };

export function createRateLimiter(name: string, rule: RateLimitRule, store: LimitStore): RateLimiter {
  const options = { points: rule.max, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)) };
  const memory = new RateLimiterMemory(options);
  const limiter =
    store.kind === 'memory'
      ? memory
      : new RateLimiterRedis({
          ...options,
          storeClient: store.client,
          keyPrefix: `${store.prefix}limit:${name}`,
          // Redis unreachable: each instance counts on its own until it answers again, rather
          // than every request failing (or every limit being lifted).
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        });
  const keyOf = store.kind === 'memory' ? (key: string) => key : hashed;
  return {
    async consume(key) {
      try {
        await limiter.consume(keyOf(key));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new AppError('common.error.tooManyRequests', {
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        });
      }
    },
    async refund(key) {
      await limiter.reward(keyOf(key), 1);
    },
    async reset(key) {
      await limiter.delete(keyOf(key));
    },
  };
}

/**
 * The client addresses each account signed in from successfully, for `rememberForMs`. When an
 * account's failed sign-ins from everywhere reach their limit, a known address is still let in
 * (within its own per-address limit): a guess spread over many addresses cannot lock the owner
 * out at home. Bounded: the newest `perAccount` addresses of each account.
 */
export interface KnownAddresses {
  remember(account: string, address: string): Promise<void>;
  isKnown(account: string, address: string): Promise<boolean>;
}

export function createKnownAddresses(store: LimitStore, rememberForMs: number, perAccount = 10): KnownAddresses {
  return store.kind === 'memory'
    ? new MemoryKnownAddresses(rememberForMs, perAccount)
    : redisKnownAddresses(store, rememberForMs, perAccount);
}

class MemoryKnownAddresses implements KnownAddresses {
  private readonly accounts = new Map<string, Map<string, number>>();

  constructor(
    private readonly rememberForMs: number,
    private readonly perAccount: number,
  ) {}

  async remember(account: string, address: string) {
    const now = Date.now();
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

  async isKnown(account: string, address: string) {
    const until = this.accounts.get(account)?.get(address);
    return until !== undefined && until > Date.now();
  }

  private sweep(now: number) {
    for (const [account, addresses] of this.accounts) {
      for (const [address, until] of addresses) if (until <= now) addresses.delete(address);
      if (addresses.size === 0) this.accounts.delete(account);
    }
  }
}

/**
 * One sorted set per account: each address scored by the time it is remembered until. While Redis
 * does not answer, nothing is remembered and no address is known: the sign-in itself goes on, and
 * an account locked by spread guessing stays locked until the window ends.
 */
function redisKnownAddresses(
  store: Extract<LimitStore, { kind: 'redis' }>,
  rememberForMs: number,
  perAccount: number,
): KnownAddresses {
  const keyOf = (account: string) => `${store.prefix}known:${hashed(account)}`;
  return {
    async remember(account, address) {
      if (store.client.status !== 'ready') return;
      const key = keyOf(account);
      const now = Date.now();
      await store.client
        .multi()
        .zadd(key, now + rememberForMs, hashed(address))
        .zremrangebyscore(key, '-inf', now)
        .zremrangebyrank(key, 0, -(perAccount + 1))
        .pexpire(key, rememberForMs)
        .exec()
        .catch(() => undefined);
    },
    async isKnown(account, address) {
      if (store.client.status !== 'ready') return false;
      const until = await store.client.zscore(keyOf(account), hashed(address)).catch(() => null);
      return until !== null && Number(until) > Date.now();
    },
  };
}

function hashed(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
