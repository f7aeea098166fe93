import type { TVehicleSource } from '@sh/shared/contract';
import type { Redis } from '@sh/shared/server';

/** One source's answer as cached: what it said (null: it holds no such vehicle) and when it was asked. */
export interface CachedSourceAnswer<T> {
  fetchedAt: string;
  data: T | null;
}

/**
 * DVLA's and DVSA's answers in Redis, so that a repeat lookup costs no outside call and every records instance shares
 * them. A vehicle a source knows is one key per source and registration (there are only so many real vehicles, and
 * each key expires). A "no such vehicle" is not: anyone can make registrations up, so those answers share one bounded
 * set (a hash of the answers and a sorted set of when each was kept) that drops its oldest past `notFoundCap` entries
 * and its expired ones as it is written; made-up registrations never add a key. Best effort: while Redis is away a
 * read is a miss and a write is skipped, and the lookup carries on without the cache.
 */
export interface VehicleSourceCache {
  get<T>(source: TVehicleSource, registration: string): Promise<CachedSourceAnswer<T> | null>;
  set<T>(
    source: TVehicleSource,
    registration: string,
    answer: CachedSourceAnswer<T>,
    ttlSeconds: number,
  ): Promise<void>;
  /** Drops both sources' answers for a registration (a record for it was created, amended or withdrawn). */
  forget(registration: string): Promise<void>;
}

/** How long an answer is kept: MOT history a day, vehicle details a week, a "no such vehicle" an hour. */
export const SOURCE_TTL_SECONDS = { dvsa: 86_400, dvla: 604_800, notFound: 3_600 } as const;

/**
 * The most "no such vehicle" answers kept, both sources together: about 100 bytes each in Redis, so some 5 MB at most,
 * whatever is typed. An hour's answers fit unless someone makes up more than this an hour, which the lookup's budget
 * at the gateway and DVLA's and DVSA's allowances prevent long before.
 */
export const NOT_FOUND_CAP = 50_000;

/**
 * Keeps one "no such vehicle" answer (KEYS[1]: field -> answer; KEYS[2]: field scored by when it was kept), then
 * drops the expired (kept before ARGV[4]) and the oldest past the cap (ARGV[5]); both keys go when nothing was kept for a lifetime (ARGV[6] ms). Atomic, so replicas writing at once
 * cannot take the set past its cap. The expired are dropped 100 at a time, each write doing its share.
 */
const KEEP_NOT_FOUND_SCRIPT = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[4], 'LIMIT', 0, 100)
for _, field in ipairs(expired) do
  redis.call('HDEL', KEYS[1], field)
  redis.call('ZREM', KEYS[2], field)
end
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5])
while over > 0 do
  local oldest = redis.call('ZPOPMIN', KEYS[2], math.min(over, 100))
  for i = 1, #oldest, 2 do redis.call('HDEL', KEYS[1], oldest[i]) end
  over = over - #oldest / 2
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 0
`;

/** A cached answer read back, or null when it is not one. */
function answerOf<T>(raw: string): CachedSourceAnswer<T> | null {
  const parsed = JSON.parse(raw) as CachedSourceAnswer<T> | null;
  return parsed !== null && typeof parsed.fetchedAt === 'string' && 'data' in parsed ? parsed : null;
}

export function createVehicleSourceCache(
  redis: Redis | undefined,
  options: { keyPrefix?: string; notFoundCap?: number; now?: () => number } = {},
): VehicleSourceCache {
  const prefix = options.keyPrefix ?? 'sh:vehicle-source';
  const cap = options.notFoundCap ?? NOT_FOUND_CAP;
  const now = options.now ?? Date.now;
  const keyOf = (source: TVehicleSource, registration: string) => `${prefix}:${source}:${registration}`;
  const notFoundAnswers = `${prefix}:not-found`;
  const notFoundAges = `${prefix}:not-found:kept-at`;
  const fieldOf = (source: TVehicleSource, registration: string) => `${source}:${registration}`;
  const isUsable = () => redis !== undefined && redis.status === 'ready';
  const isFresh = (answer: CachedSourceAnswer<unknown>) =>
    now() - Date.parse(answer.fetchedAt) < SOURCE_TTL_SECONDS.notFound * 1000;
  return {
    async get<T>(source: TVehicleSource, registration: string) {
      if (!isUsable()) return null;
      try {
        const [found, notFound] = await Promise.all([
          redis!.get(keyOf(source, registration)),
          redis!.hget(notFoundAnswers, fieldOf(source, registration)),
        ]);
        const known = found === null ? null : answerOf<T>(found);
        if (known) return known;
        const unknown = notFound === null ? null : answerOf<T>(notFound);
        return unknown && isFresh(unknown) ? unknown : null;
      } catch {
        return null;
      }
    },
    async set(source, registration, answer, ttlSeconds) {
      if (!isUsable()) return;
      if (answer.data !== null) {
        await redis!.set(keyOf(source, registration), JSON.stringify(answer), 'EX', ttlSeconds).catch(() => undefined);
        return;
      }
      const at = now();
      await redis!
        .eval(
          KEEP_NOT_FOUND_SCRIPT,
          2,
          notFoundAnswers,
          notFoundAges,
          fieldOf(source, registration),
          JSON.stringify(answer),
          at,
          at - ttlSeconds * 1000,
          cap,
          ttlSeconds * 1000,
        )
        .catch(() => undefined);
    },
    async forget(registration) {
      if (!isUsable()) return;
      const fields = [fieldOf('dvla', registration), fieldOf('dvsa', registration)];
      await Promise.all([
        redis!.del(keyOf('dvla', registration), keyOf('dvsa', registration)),
        redis!.hdel(notFoundAnswers, ...fields),
        redis!.zrem(notFoundAges, ...fields),
      ]).catch(() => undefined);
    },
  };
}
