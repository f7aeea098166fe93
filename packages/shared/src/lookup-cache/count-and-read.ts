import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * rate-limit-redis's increment, written out again for the lookup on the gateway's fast path, with the same
 * key, window and meaning, so that a client's lookups count against one budget however they were spelt; and, within
 * the budget (ARGV[2]), a GET of KEYS[2] (the lookup's published answer) in the same call. Answers the hits so far in
 * this window, the milliseconds until it ends and, within the budget, what KEYS[2] holds. (Two keys in one script: on
 * a Redis Cluster they would have to share a hash slot; the platform runs one Redis.)
 */
const COUNT_AND_READ_SCRIPT = `local ttl = redis.call('PTTL', KEYS[1]) local hits = 1
if ttl <= 0 then redis.call('SET', KEYS[1], 1, 'PX', ARGV[1]) ttl = tonumber(ARGV[1]) else hits = redis.call('INCR', KEYS[1]) end
if hits > tonumber(ARGV[2]) then return {hits, ttl} end
return {hits, ttl, redis.call('GET', KEYS[2])}`;
const COUNT_AND_READ_SHA = createHash('sha1').update(COUNT_AND_READ_SCRIPT).digest('hex');

/**
 * The Buffer forms of EVALSHA and EVAL, which ioredis has (as for every command) but does not declare. Its callBuffer
 * would do, but loses its command's name on an auto-pipelined connection (ioredis issue #1923).
 */
interface ScriptCallsWithBuffers {
  evalshaBuffer(sha: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  evalBuffer(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** What one count came to: the hits in this window, the milliseconds until it ends and, within the limit, what was read. */
export type CountedAndRead = [hits: number, msUntilReset: number, read?: Buffer | null];

/**
 * Counts one hit on `counterKey` (a window of `windowMs`, created by the first hit) and, while the hits are within
 * `limit`, reads `alsoRead`, in one call to Redis.
 */
export function countAndRead(
  redis: Redis,
  counterKey: string,
  alsoRead: string,
  windowMs: number,
  limit: number,
): Promise<CountedAndRead> {
  const scripts = redis as unknown as ScriptCallsWithBuffers;
  const args = [2, counterKey, alsoRead, windowMs, limit] as const;
  return scripts.evalshaBuffer(COUNT_AND_READ_SHA, ...args).catch((error: Error) => {
    // Redis keeps the scripts it was sent until it restarts: the first count after a restart sends it again.
    if (!error.message.startsWith('NOSCRIPT')) throw error;
    return scripts.evalBuffer(COUNT_AND_READ_SCRIPT, ...args);
  }) as Promise<CountedAndRead>;
}
