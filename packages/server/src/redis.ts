import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * REDIS_URL's client: the state several instances share (rate limits, http/limiters.ts). A
 * command waits for a lost connection only briefly (one retry): the limiters count in memory
 * meanwhile, and nothing else waits on Redis. Errors are logged once per outage, not per retry.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ message: error.message }, 'Redis does not answer; limits are counted per instance until it does');
  });
  client.on('ready', () => {
    if (down) log.info('Redis answers again');
    down = false;
  });
  return client;
}
