import { randomUUID } from 'node:crypto';
import type { Redis } from '@sh/shared/server';

/** A shared budget of calls: each acquire takes one, or says how long until one is free. */
export interface RateLimiter {
  acquire(): Promise<{ isAllowed: true } | { isAllowed: false; retryAfterMs: number }>;
}

/**
 * A sliding-window log in one Redis sorted set (one member per call, scored by the time of the call), so every
 * instance of the service shares one count. Atomic as a script. The time is Redis' own clock (TIME), so clocks
 * of different hosts do not matter, unless the caller passes one in ARGV[4] (milliseconds).
 */
const SLIDING_WINDOW_SCRIPT = `
local now
if ARGV[4] ~= '' then
  now = tonumber(ARGV[4])
else
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
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

/**
 * At most `limit` acquisitions in any `windowMs`, counted in Redis under `key`. The window runs on Redis' clock;
 * `now` (unix milliseconds) replaces it, for a test that moves time itself instead of sleeping. The key still
 * expires `windowMs` of real time after the last call, so a controlled clock should use a window longer than
 * the test.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: { key: string; limit: number; windowMs: number; now?: () => number },
): RateLimiter {
  return {
    async acquire() {
      const at = options.now ? String(Math.floor(options.now())) : '';
      const waitMs = Number(await redis.eval(SLIDING_WINDOW_SCRIPT, 1, options.key, options.windowMs, options.limit, randomUUID(), at));
      return waitMs === 0 ? { isAllowed: true } : { isAllowed: false, retryAfterMs: waitMs };
    },
  };
}
