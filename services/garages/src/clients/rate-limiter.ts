import { randomUUID } from 'node:crypto';
import type { Redis } from '@sh/shared/server';

/** A shared budget of calls: each acquire takes one, or says how long until one is free. */
export interface RateLimiter {
  acquire(): Promise<{ isAllowed: true } | { isAllowed: false; retryAfterMs: number }>;
}

/**
 * A sliding-window log in one Redis sorted set (one member per call, scored by Redis' own clock), so every
 * instance of the service shares one count and clocks of different hosts do not matter. Atomic as a script.
 */
const SLIDING_WINDOW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

/** At most `limit` acquisitions in any `windowMs`, counted in Redis under `key`. */
export function createRedisRateLimiter(redis: Redis, options: { key: string; limit: number; windowMs: number }): RateLimiter {
  return {
    async acquire() {
      const waitMs = Number(await redis.eval(SLIDING_WINDOW_SCRIPT, 1, options.key, options.windowMs, options.limit, randomUUID()));
      return waitMs === 0 ? { isAllowed: true } : { isAllowed: false, retryAfterMs: waitMs };
    },
  };
}
