/**
 * Budgets of calls to outside APIs shared by every instance of a service through Redis: Companies House's sliding
 * window (garages) and DVSA's token bucket with a daily allowance (records). Both run as atomic scripts on Redis'
 * own clock, so the clocks of different hosts do not matter.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A shared budget of calls: each acquire takes one, or says how long until one is free. */
export interface RateLimiter {
  acquire(): Promise<{ isAllowed: true } | { isAllowed: false; retryAfterMs: number }>;
}

/** The scripts' "now" in milliseconds: Redis' clock (TIME), unless the caller passes one in ARGV[4] (a test's clock). */
const LUA_NOW = `local now
if ARGV[4] ~= '' then
  now = tonumber(ARGV[4])
else
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
`;

/**
 * A sliding-window log in one Redis sorted set (one member per call, scored by the time of the call), so every
 * instance of the service shares one count. Atomic as a script. The time is Redis' own clock (TIME), so clocks
 * of different hosts do not matter, unless the caller passes one in ARGV[4] (milliseconds).
 */
const SLIDING_WINDOW_SCRIPT = `
${LUA_NOW}local window = tonumber(ARGV[1])
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
      const waitMs = Number(
        await redis.eval(SLIDING_WINDOW_SCRIPT, 1, options.key, options.windowMs, options.limit, randomUUID(), at),
      );
      return waitMs === 0 ? { isAllowed: true } : { isAllowed: false, retryAfterMs: waitMs };
    },
  };
}

/**
 * A token bucket and a daily counter in Redis, so every instance of the service shares one allowance. Atomic as a
 * script. The bucket holds up to ARGV[2] tokens (the burst) and refills at ARGV[1] a second; the day's count (under
 * KEYS[2], named for the UTC day) stops at ARGV[3]. Answers 0 when a call may go, the milliseconds until the next
 * token otherwise, or -1 when the day's allowance is spent. The time is Redis' own clock (TIME), so clocks of
 * different hosts do not matter, unless the caller passes one in ARGV[4] (milliseconds).
 */
const TOKEN_BUCKET_SCRIPT = `
${LUA_NOW}local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local daily = tonumber(ARGV[3])
if tonumber(redis.call('GET', KEYS[2]) or '0') >= daily then
  return -1
end
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
if now > at then
  tokens = math.min(burst, tokens + (now - at) * rate / 1000)
  at = now
end
if tokens < 1 then
  return math.max(1, math.ceil((1 - tokens) * 1000 / rate))
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
if redis.call('INCR', KEYS[2]) == 1 then
  redis.call('EXPIRE', KEYS[2], 90000)
end
return 0
`;

export interface TokenBucketOptions {
  /** The keys' prefix: `${key}:bucket` and `${key}:day:YYYY-MM-DD`. */
  key: string;
  /** Tokens added per second. */
  perSecond: number;
  /** The most tokens the bucket holds: the calls that may go at once after a quiet spell. */
  burst: number;
  /** Calls allowed per UTC day. */
  perDay: number;
  /** Unix milliseconds, for a test that moves time itself instead of sleeping (default: Redis' clock). */
  now?: () => number;
}

/** The same bucket in this process alone (no daily count): what an instance keeps to while Redis is away. */
export function createLocalTokenBucket(options: Pick<TokenBucketOptions, 'perSecond' | 'burst' | 'now'>): RateLimiter {
  let tokens = options.burst;
  let at = options.now?.() ?? Date.now();
  return {
    async acquire() {
      const now = options.now?.() ?? Date.now();
      if (now > at) {
        tokens = Math.min(options.burst, tokens + ((now - at) * options.perSecond) / 1000);
        at = now;
      }
      if (tokens < 1)
        return { isAllowed: false, retryAfterMs: Math.max(1, Math.ceil(((1 - tokens) * 1000) / options.perSecond)) };
      tokens -= 1;
      return { isAllowed: true };
    },
  };
}

/**
 * `perSecond` calls a second with bursts of `burst`, and at most `perDay` a day, across every instance. While Redis is
 * away each instance keeps to the rate on its own (createLocalTokenBucket) rather than stop calling: the outside API's
 * own 429s, which the clients back off on, guard the shared allowance meanwhile.
 */
export function createTokenBucketLimiter(redis: Redis, options: TokenBucketOptions): RateLimiter {
  const local = createLocalTokenBucket(options);
  return {
    async acquire() {
      const nowMs = options.now?.() ?? Date.now();
      const day = utcDayOf(nowMs);
      const at = options.now ? String(Math.floor(nowMs)) : '';
      let answer: number;
      try {
        if (redis.status !== 'ready') throw new Error('Redis is not connected');
        answer = Number(
          await redis.eval(
            TOKEN_BUCKET_SCRIPT,
            2,
            `${options.key}:bucket`,
            dailyCountKey(options.key, day),
            options.perSecond,
            options.burst,
            options.perDay,
            at,
          ),
        );
      } catch {
        return local.acquire();
      }
      if (answer === 0) return { isAllowed: true };
      if (answer < 0) return { isAllowed: false, retryAfterMs: Date.parse(`${day}T00:00:00Z`) + 86_400_000 - nowMs };
      return { isAllowed: false, retryAfterMs: answer };
    },
  };
}

const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dailyCountKey = (key: string, day: string) => `${key}:day:${day}`;

/** The calls a token bucket's allowance (createTokenBucketLimiter, by its `key`) has taken this UTC day. */
export async function allowanceUsedToday(redis: Redis, key: string, nowMs = Date.now()): Promise<number> {
  return Number((await redis.get(dailyCountKey(key, utcDayOf(nowMs)))) ?? 0);
}
