import {
  passwordAttemptsInFlightKey,
  passwordFailureKey,
  type PasswordFailureCounter,
} from './password-failure-counter.js';

/**
 * The second step, once the password was compared. KEYS as the reservation's; ARGV: the attempt's id, 1 when the
 * password was wrong, the window (seconds). The attempt leaves the ones in flight; a wrong one is counted among the
 * window's wrong answers (the window starts with the first), a right one is given back: it spends nothing.
 */
const SETTLE_SCRIPT = `
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[2] == '1' then
  redis.call('INCR', KEYS[1])
  if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
end
return 1
`;

/** Settles a reserved attempt: a wrong password counts against the budget, a right one gives the attempt back. */
export async function settlePasswordAttempt(
  counter: PasswordFailureCounter,
  userId: string,
  attemptId: string,
  outcome: { isWrong: boolean; windowSeconds: number },
): Promise<void> {
  await counter.redis.eval(
    SETTLE_SCRIPT,
    2,
    passwordFailureKey(counter, userId),
    passwordAttemptsInFlightKey(counter, userId),
    attemptId,
    outcome.isWrong ? 1 : 0,
    outcome.windowSeconds,
  );
}
