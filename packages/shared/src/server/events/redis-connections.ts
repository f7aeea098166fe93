/**
 * The two kinds of Redis connection the events kit opens: one that waits for as long as Redis is away (BullMQ
 * workers), one that fails fast (request paths, readiness checks, the relay, the reconciler, dead letters).
 */
import { Redis } from 'ioredis';
import { withTimeout } from '../timeout.js';
export type { Redis };

/**
 * Opens a Redis connection fit for BullMQ workers: a command waits for as long as Redis is away. Never use it on
 * a request path (see createRequestRedis).
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/**
 * Opens a Redis connection for request paths, readiness checks and the relay: while Redis is away a command fails
 * after `commandTimeoutMs` (default 300 ms) instead of waiting for it to come back, so the caller can carry on
 * without it. The connection keeps reconnecting in the background. With `autoPipelining`, the commands of one tick
 * of the event loop go out in one write (under load, one syscall for many requests' commands, not one each); not
 * for a connection handed to BullMQ.
 */
export function createRequestRedis(
  url: string,
  options: { commandTimeoutMs?: number; autoPipelining?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    enableAutoPipelining: options.autoPipelining ?? false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 300,
    connectTimeout: 2000,
    enableReadyCheck: true,
    lazyConnect: false,
  });
  // Each failed command reports itself to its caller; without a listener ioredis prints every reconnect attempt.
  redis.on('error', () => undefined);
  return redis;
}

/** Resolves once `redis` is connected and ready, or rejects after `ms`. */
export async function untilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  let onReady: (() => void) | undefined;
  try {
    await withTimeout(new Promise<void>((resolve) => redis.once('ready', (onReady = resolve))), ms, 'Redis');
  } finally {
    if (onReady) redis.off('ready', onReady);
  }
}
