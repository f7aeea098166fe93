import type { Redis } from '@sh/shared/server';

/**
 * Where attempts at an account's second-factor code are counted: one Redis counter per account, its window starting
 * with the first attempt, shared by every identity instance. It has the shape of the password re-check's budget
 * (reserve before comparing, give back on success) under its own key; the seam to unify the two is this file's
 * pair of calls, reserveAttempt/giveBackAttempt, with the key as the only difference.
 */
export interface SecondFactorAttempts {
  redis: Redis;
  /** Prefix of identity's Redis keys (BULLMQ_PREFIX). */
  keyPrefix: string;
}

/** The Redis key of one account's counter. */
export function secondFactorAttemptsKey(attempts: SecondFactorAttempts, userId: string): string {
  return `${attempts.keyPrefix}:second-factor-failures:${userId}`;
}

/**
 * Counts the attempt before the code is compared and refuses it, counting nothing, once `limit` are counted in the
 * window: concurrent guesses cannot all be compared. Answers [1, count] when reserved, [0, seconds left] when refused.
 */
const RESERVE_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return {0, redis.call('TTL', KEYS[1])} end
return {1, n}`;

/** Gives a reserved attempt back (the code was right), never below zero. */
const GIVE_BACK_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export type AttemptReservation = { isReserved: true } | { isReserved: false; retryAfterSeconds: number };

/** Reserves one attempt of the account's budget (see RESERVE_SCRIPT). */
export async function reserveAttempt(
  attempts: SecondFactorAttempts,
  userId: string,
  budget: { attempts: number; windowSeconds: number },
): Promise<AttemptReservation> {
  const [isReserved, value] = (await attempts.redis.eval(
    RESERVE_SCRIPT,
    1,
    secondFactorAttemptsKey(attempts, userId),
    budget.attempts,
    budget.windowSeconds,
  )) as [number, number];
  return isReserved === 1 ? { isReserved: true } : { isReserved: false, retryAfterSeconds: Math.max(value, 1) };
}

/** Gives back the attempt reserved for a right code, so that right codes never use the budget up. */
export async function giveBackAttempt(attempts: SecondFactorAttempts, userId: string): Promise<void> {
  await attempts.redis.eval(GIVE_BACK_SCRIPT, 1, secondFactorAttemptsKey(attempts, userId));
}
