import { passwordFailureKey, type PasswordFailureCounter } from './password-failure-counter.js';

/** How many wrong answers the account gave in the current window, and the seconds until the window ends. */
export async function readPasswordFailures(
  counter: PasswordFailureCounter,
  userId: string,
): Promise<{ failures: number; retryAfterSeconds: number }> {
  const key = passwordFailureKey(counter, userId);
  const replies = await counter.redis.multi().get(key).ttl(key).exec();
  const failures = Number(replies?.[0]?.[1] ?? 0);
  const ttlSeconds = Number(replies?.[1]?.[1] ?? 0);
  return { failures, retryAfterSeconds: Math.max(ttlSeconds, 1) };
}
