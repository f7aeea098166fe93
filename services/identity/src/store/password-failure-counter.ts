import type { Redis } from '@sh/shared/server';

/**
 * Where wrong answers to a password re-check are counted: one Redis counter per account that expires with its
 * window, so every identity instance shares them.
 */
export interface PasswordFailureCounter {
  redis: Redis;
  /** Prefix of identity's Redis keys (BULLMQ_PREFIX). */
  keyPrefix: string;
}

/** The Redis key of one account's counter. */
export function passwordFailureKey(counter: PasswordFailureCounter, userId: string): string {
  return `${counter.keyPrefix}:password-recheck-failures:${userId}`;
}
