import type { Redis } from '@sh/shared/server';

/**
 * Where checks of a secret the user already has are counted, so every identity instance shares them: per account,
 * a counter of wrong answers that expires with its window, and the attempts being compared right now (a sorted set
 * of reservations, each scored by the moment it lapses should its instance never settle it). Passwords and
 * second-factor codes each have one, under a name of their own.
 */
export interface PasswordFailureCounter {
  redis: Redis;
  /** Prefix of identity's Redis keys (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** Which budget: 'password-recheck' (the default) or 'second-factor'. */
  budget?: 'password-recheck' | 'second-factor';
}

/** The Redis key of one account's counter of wrong answers. */
export function passwordFailureKey(counter: PasswordFailureCounter, userId: string): string {
  return `${counter.keyPrefix}:${counter.budget ?? 'password-recheck'}-failures:${userId}`;
}

/** The Redis key of one account's attempts being compared. */
export function passwordAttemptsInFlightKey(counter: PasswordFailureCounter, userId: string): string {
  return `${counter.keyPrefix}:${counter.budget ?? 'password-recheck'}-in-flight:${userId}`;
}
