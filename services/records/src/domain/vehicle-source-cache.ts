import type { TVehicleSource } from '@sh/shared/contract';
import type { Redis } from '@sh/shared/server';

/** One source's answer as cached: what it said (null: it holds no such vehicle) and when it was asked. */
export interface CachedSourceAnswer<T> {
  fetchedAt: string;
  data: T | null;
}

/**
 * DVLA's and DVSA's answers in Redis, one key per source and registration, so that a repeat lookup costs no outside
 * call and every records instance shares them. Best effort: while Redis is away a read is a miss and a write is
 * skipped, and the lookup carries on without the cache.
 */
export interface VehicleSourceCache {
  get<T>(source: TVehicleSource, registration: string): Promise<CachedSourceAnswer<T> | null>;
  set<T>(source: TVehicleSource, registration: string, answer: CachedSourceAnswer<T>, ttlSeconds: number): Promise<void>;
  /** Drops both sources' answers for a registration (a record for it was created, amended or withdrawn). */
  forget(registration: string): Promise<void>;
}

/** How long an answer is kept: MOT history a day, vehicle details a week, a "no such vehicle" an hour. */
export const SOURCE_TTL_SECONDS = { dvsa: 86_400, dvla: 604_800, notFound: 3_600 } as const;

export function createVehicleSourceCache(redis: Redis | undefined, options: { keyPrefix?: string } = {}): VehicleSourceCache {
  const prefix = options.keyPrefix ?? 'sh:vehicle-source';
  const keyOf = (source: TVehicleSource, registration: string) => `${prefix}:${source}:${registration}`;
  const isUsable = () => redis !== undefined && redis.status === 'ready';
  return {
    async get<T>(source: TVehicleSource, registration: string) {
      if (!isUsable()) return null;
      try {
        const raw = await redis!.get(keyOf(source, registration));
        if (raw === null) return null;
        const parsed = JSON.parse(raw) as CachedSourceAnswer<T>;
        return typeof parsed.fetchedAt === 'string' && 'data' in parsed ? parsed : null;
      } catch {
        return null;
      }
    },
    async set(source, registration, answer, ttlSeconds) {
      if (!isUsable()) return;
      await redis!.set(keyOf(source, registration), JSON.stringify(answer), 'EX', ttlSeconds).catch(() => undefined);
    },
    async forget(registration) {
      if (!isUsable()) return;
      await redis!.del(keyOf('dvla', registration), keyOf('dvsa', registration)).catch(() => undefined);
    },
  };
}
