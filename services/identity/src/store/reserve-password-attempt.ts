import { passwordFailureKey, type PasswordFailureCounter } from './password-failure-counter.js';

/**
 * One atomic step on Redis: when the account's count (attempts in flight plus wrong answers in this window) is below
 * the limit (ARGV[1]), counts one more and starts the window (ARGV[2] seconds) with the first; otherwise counts
 * nothing. Answers {1, ttl} for a reserved attempt and {0, ttl} for a refused one, ttl being the seconds left of the
 * window. Read and count in one script, so that guesses sent at once cannot all pass one read before any counts.
 */
const RESERVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if count >= limit then
  local ttl = redis.call('TTL', KEYS[1])
  if ttl < 0 then
    redis.call('EXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {0, ttl}
end
redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {1, ttl}
`;

export type PasswordAttemptReservation = { isReserved: true } | { isReserved: false; retryAfterSeconds: number };

/**
 * Reserves one password attempt of the account's budget before the password is compared: refused (with the seconds
 * until the window ends) once `limit` attempts are counted. A wrong answer keeps its reservation; a right one gives
 * it back (giveBackPasswordAttempt).
 */
export async function reservePasswordAttempt(
  counter: PasswordFailureCounter,
  userId: string,
  budget: { limit: number; windowSeconds: number },
): Promise<PasswordAttemptReservation> {
  const [isReserved, ttlSeconds] = (await counter.redis.eval(
    RESERVE_SCRIPT,
    1,
    passwordFailureKey(counter, userId),
    budget.limit,
    budget.windowSeconds,
  )) as [number, number];
  return isReserved === 1 ? { isReserved: true } : { isReserved: false, retryAfterSeconds: Math.max(ttlSeconds, 1) };
}
