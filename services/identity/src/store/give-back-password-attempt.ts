import { passwordFailureKey, type PasswordFailureCounter } from './password-failure-counter.js';

/**
 * Takes one count off the account's counter, never below zero and never creating it: a window that ended meanwhile
 * (the key expired) has nothing to give back, and a bare DECR would leave a negative counter with no expiry.
 */
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

/** Gives back the attempt reserved for a password that proved right, so that a right password never spends the budget. */
export async function giveBackPasswordAttempt(counter: PasswordFailureCounter, userId: string): Promise<void> {
  await counter.redis.eval(GIVE_BACK_SCRIPT, 1, passwordFailureKey(counter, userId));
}
