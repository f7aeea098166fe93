import type { Redis } from '@sh/shared/server';

/** Wrong answers to a password re-check, counted per account in Redis so every identity instance shares them. */
export interface PasswordAttemptStore {
  /** How many wrong answers the account gave in the current window, and the seconds until the window ends. */
  read(userId: string): Promise<{ failures: number; retryAfterSeconds: number }>;
  /** Counts one wrong answer; the window starts with the first one. */
  recordFailure(userId: string, windowSeconds: number): Promise<void>;
}

/** The Redis store: one counter per account that expires with its window. */
export function createPasswordAttemptStore(redis: Redis, prefix: string): PasswordAttemptStore {
  const keyFor = (userId: string) => `${prefix}:password-recheck-failures:${userId}`;
  return {
    async read(userId) {
      const replies = await redis.multi().get(keyFor(userId)).ttl(keyFor(userId)).exec();
      const failures = Number(replies?.[0]?.[1] ?? 0);
      const ttlSeconds = Number(replies?.[1]?.[1] ?? 0);
      return { failures, retryAfterSeconds: Math.max(ttlSeconds, 1) };
    },
    async recordFailure(userId, windowSeconds) {
      await redis.multi().incr(keyFor(userId)).expire(keyFor(userId), windowSeconds, 'NX').exec();
    },
  };
}
