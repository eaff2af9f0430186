import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config.ts';
import { AppError } from './errors.ts';

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

  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.rule.windowMs) this.windows.delete(key);
    }
  }
}

export function clientKey(request: FastifyRequest): string {
  return request.ip;
}
