import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../src/config.ts';
import { createKnownAddresses, createRateLimiter, type LimitStore } from '../src/http/limiters.ts';
import { signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Limits shared by several instances through Redis (issue 25). Runs where TEST_REDIS_URL is set
 * (`.ci/run` sets it to the machine's Redis); each test has a key prefix of its own.
 */
const redisUrl = process.env.TEST_REDIS_URL;

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe.skipIf(!redisUrl)('rate limits in Redis', () => {
  let redis: Redis;
  const prefix = () => `anor-test:${randomUUID()}:`;
  const store = (keyPrefix: string): LimitStore => ({ kind: 'redis', client: redis, prefix: keyPrefix });

  beforeAll(async () => {
    redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    await redis.ping();
  });
  afterAll(async () => {
    const keys = await redis.keys('anor-test:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('count one allowance for two instances, take a refund back, and forget on reset', async () => {
    const shared = prefix();
    const rule = { max: 3, windowMs: 60_000 };
    const first = createRateLimiter('signIn', rule, store(shared));
    const second = createRateLimiter('signIn', rule, store(shared));
    await first.consume('address 198.51.100.7');
    await second.consume('address 198.51.100.7');
    await first.consume('address 198.51.100.7');
    const refused = second.consume('address 198.51.100.7');
    await expect(refused).rejects.toMatchObject({ code: 'common.error.tooManyRequests' });
    await expect(refused.catch((error) => error.details.retryAfterSeconds)).resolves.toBeGreaterThan(0);
    // Another key, another rule name and another prefix each have their own allowance.
    await second.consume('address 198.51.100.8');
    await createRateLimiter('register', rule, store(shared)).consume('address 198.51.100.7');
    await createRateLimiter('signIn', rule, store(prefix())).consume('address 198.51.100.7');
    // The refused attempt counted too (4 of 3): two refunds on one instance give the other one back.
    await first.refund('address 198.51.100.7');
    await first.refund('address 198.51.100.7');
    expect(await codeOf(second.consume('address 198.51.100.7'))).toBeNull();
    expect(await codeOf(first.consume('address 198.51.100.7'))).toBe('common.error.tooManyRequests');
    await second.reset('address 198.51.100.7');
    expect(await codeOf(first.consume('address 198.51.100.7'))).toBeNull();
    // Keys are hashed: no e-mail or client address is written to Redis.
    const keys = await redis.keys(`${shared}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('198.51.100');
  });

  it('share the addresses an account signed in from, newest ten, for their time', async () => {
    const shared = prefix();
    const first = createKnownAddresses(store(shared), 60_000);
    const second = createKnownAddresses(store(shared), 60_000);
    await first.remember('anna@example.com', '198.51.100.7');
    expect(await second.isKnown('anna@example.com', '198.51.100.7')).toBe(true);
    expect(await second.isKnown('anna@example.com', '198.51.100.8')).toBe(false);
    expect(await second.isKnown('bo@example.com', '198.51.100.7')).toBe(false);
    expect(await createKnownAddresses(store(prefix()), 60_000).isKnown('anna@example.com', '198.51.100.7')).toBe(false);
    for (let i = 0; i < 10; i++) await second.remember('anna@example.com', `203.0.113.${i}`);
    expect(await first.isKnown('anna@example.com', '203.0.113.9')).toBe(true);
    expect(await first.isKnown('anna@example.com', '198.51.100.7')).toBe(false);
    const brief = createKnownAddresses(store(shared), 1);
    await brief.remember('cecilia@example.com', '198.51.100.9');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await brief.isKnown('cecilia@example.com', '198.51.100.9')).toBe(false);
    expect((await redis.keys(`${shared}*`)).join(' ')).not.toContain('example.com');
  });

  it('count in memory while Redis does not answer, without waiting on it', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true });
    unreachable.on('error', () => {});
    try {
      const down: LimitStore = { kind: 'redis', client: unreachable, prefix: prefix() };
      const limiter = createRateLimiter('signIn', { max: 2, windowMs: 60_000 }, down);
      await limiter.consume('address 198.51.100.7');
      await limiter.consume('address 198.51.100.7');
      expect(await codeOf(limiter.consume('address 198.51.100.7'))).toBe('common.error.tooManyRequests');
      const known = createKnownAddresses(down, 60_000);
      await known.remember('anna@example.com', '198.51.100.7');
      expect(await known.isKnown('anna@example.com', '198.51.100.7')).toBe(false);
    } finally {
      unreachable.disconnect();
    }
  });

  describe('two servers on one Redis', () => {
    let apps: TestApp[] = [];
    beforeAll(async () => {
      const shared = { redisUrl: redisUrl as string, redisPrefix: prefix() };
      const rateLimits = { ...defaultRateLimits, signIn: { max: 3, windowMs: 60_000 } };
      const first = await createTestApp({ ...shared, rateLimits });
      apps = [first, await createTestApp({ ...shared, rateLimits }, { database: first.database })];
    });
    afterAll(async () => {
      // The second first: the first closes the database they share.
      for (const each of apps.reverse()) await each.close();
    });

    it('count failed sign-ins across both, and a success on either takes its count back', async () => {
      const [a, b] = apps as [TestApp, TestApp];
      const anna = await signUp(a.app);
      const attempt = (app: TestApp, password: string) =>
        new TestClient(app.app).post('/api/auth/signin/credentials', { email: anna.email, password });
      expect((await attempt(a, 'wrong one')).status).toBe(401);
      expect((await attempt(b, 'wrong two')).status).toBe(401);
      // The right password on the other server: not counted.
      expect((await attempt(b, anna.password)).status).toBe(200);
      expect((await attempt(a, 'wrong three')).status).toBe(401);
      const refused = await attempt(b, 'wrong four');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
