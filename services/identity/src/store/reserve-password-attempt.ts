import {
  passwordAttemptsInFlightKey,
  passwordFailureKey,
  type PasswordFailureCounter,
} from './password-failure-counter.js';

/**
 * One atomic step on Redis, before a password is compared. KEYS[1]: the account's wrong answers in this window;
 * KEYS[2]: its attempts being compared. ARGV: the limit, the window (seconds), this attempt's id, how long (ms) an
 * attempt may stay unsettled before it lapses. Answers {0, ttl} when the wrong answers have spent the budget (ttl:
 * seconds left of the window); {-1} when wrong answers and attempts in flight together fill it (the attempt may
 * try again as they settle); {1} when the attempt is reserved. So however many guesses arrive at once, no more are
 * compared than the budget has wrong answers left. Redis' own clock (TIME) dates the lapses.
 */
const RESERVE_SCRIPT = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if failures >= limit then
  local ttl = redis.call('TTL', KEYS[1])
  if ttl < 0 then
    redis.call('EXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {0, ttl}
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if failures + redis.call('ZCARD', KEYS[2]) >= limit then return {-1} end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return {1}
`;

export type PasswordAttemptReservation =
  { outcome: 'reserved' } | { outcome: 'busy' } | { outcome: 'spent'; retryAfterSeconds: number };

/**
 * Reserves one attempt of the account's budget before its password is compared: 'spent' (with the seconds until the
 * window ends) once `limit` wrong answers are counted, 'busy' while attempts in flight fill what is left, else
 * 'reserved'. Every reserved attempt is settled with settlePasswordAttempt; one never settled lapses after
 * `lapseMs`.
 */
export async function reservePasswordAttempt(
  counter: PasswordFailureCounter,
  userId: string,
  attemptId: string,
  budget: { limit: number; windowSeconds: number; lapseMs: number },
): Promise<PasswordAttemptReservation> {
  const [answer, ttlSeconds] = (await counter.redis.eval(
    RESERVE_SCRIPT,
    2,
    passwordFailureKey(counter, userId),
    passwordAttemptsInFlightKey(counter, userId),
    budget.limit,
    budget.windowSeconds,
    attemptId,
    budget.lapseMs,
  )) as [number, number?];
  if (answer === 1) return { outcome: 'reserved' };
  if (answer === -1) return { outcome: 'busy' };
  return { outcome: 'spent', retryAfterSeconds: Math.max(ttlSeconds ?? 1, 1) };
}
