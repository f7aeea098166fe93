import { passwordFailureKey, type PasswordFailureCounter } from './password-failure-counter.js';

/** Counts one wrong answer; the window starts with the first one. */
export async function recordPasswordFailure(counter: PasswordFailureCounter, userId: string, windowSeconds: number): Promise<void> {
  const key = passwordFailureKey(counter, userId);
  await counter.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
}
