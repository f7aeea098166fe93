import { randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@sh/shared/server';
import { TEST_REDIS_URL, testQueuePrefix } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passwordAttemptsInFlightKey,
  passwordFailureKey,
  type PasswordFailureCounter,
} from '../src/store/password-failure-counter.js';
import { reservePasswordAttempt } from '../src/store/reserve-password-attempt.js';
import { settlePasswordAttempt } from '../src/store/settle-password-attempt.js';

// The password budget's two scripts against the real (test) Redis: reserve an attempt before comparing, settle it after.

let redis: Redis;
let counter: PasswordFailureCounter;
const BUDGET = { limit: 5, windowSeconds: 900, lapseMs: 10_000 };
const WRONG = { isWrong: true, windowSeconds: BUDGET.windowSeconds };
const RIGHT = { isWrong: false, windowSeconds: BUDGET.windowSeconds };

beforeAll(() => {
  redis = createRedis(TEST_REDIS_URL);
  counter = { redis, keyPrefix: testQueuePrefix() };
});
const usedIds: string[] = [];
/** A fresh account id, whose keys are removed after the tests. */
function newUserId(): string {
  const id = randomUUID();
  usedIds.push(id);
  return id;
}
afterAll(async () => {
  await redis.del(
    ...usedIds.flatMap((id) => [passwordFailureKey(counter, id), passwordAttemptsInFlightKey(counter, id)]),
  );
  redis.disconnect();
});

/** Sends `count` reservations for one account at once; answers the ids reserved and the other outcomes. */
async function reserveAtOnce(userId: string, count: number, budget = BUDGET) {
  const ids = Array.from({ length: count }, () => randomUUID());
  const answers = await Promise.all(ids.map((id) => reservePasswordAttempt(counter, userId, id, budget)));
  return {
    reserved: ids.filter((_, i) => answers[i]!.outcome === 'reserved'),
    others: answers.filter((a) => a.outcome !== 'reserved'),
  };
}

describe('the password attempt budget on Redis (reserve before comparing, settle after)', () => {
  it('never holds more attempts than the limit however many reservations arrive at once; the rest are told to wait', async () => {
    const userId = newUserId();
    const { reserved, others } = await reserveAtOnce(userId, 60);
    expect(reserved).toHaveLength(5);
    expect(others).toEqual(Array.from({ length: 55 }, () => ({ outcome: 'busy' })));
    expect(await redis.zcard(passwordAttemptsInFlightKey(counter, userId))).toBe(5);
    expect(await redis.exists(passwordFailureKey(counter, userId))).toBe(0);
  });

  it('counts a wrong attempt and gives a right one back: after five wrong ones the budget is spent, with the window for Retry-After', async () => {
    const userId = newUserId();
    const first = await reserveAtOnce(userId, 5);
    await settlePasswordAttempt(counter, userId, first.reserved[0]!, RIGHT);
    // A right answer gave its place back and counted nothing: exactly one more fits.
    const again = await reserveAtOnce(userId, 10);
    expect(again.reserved).toHaveLength(1);
    for (const id of [...first.reserved.slice(1), ...again.reserved])
      await settlePasswordAttempt(counter, userId, id, WRONG);
    expect(await redis.get(passwordFailureKey(counter, userId))).toBe('5');

    const spent = await reservePasswordAttempt(counter, userId, randomUUID(), BUDGET);
    expect(spent.outcome).toBe('spent');
    const retryAfter = (spent as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(BUDGET.windowSeconds - 5);
    expect(retryAfter).toBeLessThanOrEqual(BUDGET.windowSeconds);
    expect(await redis.zcard(passwordAttemptsInFlightKey(counter, userId))).toBe(0);
  });

  it('lets 40 wrong attempts sent at once, each settled as it finishes, count no more than the limit', async () => {
    const userId = newUserId();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const id = randomUUID();
        const reservation = await reservePasswordAttempt(counter, userId, id, BUDGET);
        if (reservation.outcome === 'reserved') await settlePasswordAttempt(counter, userId, id, WRONG);
        return reservation.outcome;
      }),
    );
    expect(outcomes.filter((o) => o === 'reserved').length).toBeLessThanOrEqual(5);
    expect(Number(await redis.get(passwordFailureKey(counter, userId)))).toBeLessThanOrEqual(5);
  });

  it('frees the place of an attempt never settled once it lapses', async () => {
    const userId = newUserId();
    const quick = { ...BUDGET, lapseMs: 300 };
    expect((await reserveAtOnce(userId, 5, quick)).reserved).toHaveLength(5);
    expect((await reservePasswordAttempt(counter, userId, randomUUID(), quick)).outcome).toBe('busy');
    await expect
      .poll(async () => (await reservePasswordAttempt(counter, userId, randomUUID(), quick)).outcome, { timeout: 3000 })
      .toBe('reserved');
  });

  it('starts the window of wrong answers with the first one and does not stretch it with later ones', async () => {
    const userId = newUserId();
    await settlePasswordAttempt(counter, userId, randomUUID(), WRONG);
    await redis.expire(passwordFailureKey(counter, userId), 40);
    await settlePasswordAttempt(counter, userId, randomUUID(), WRONG);
    expect(await redis.get(passwordFailureKey(counter, userId))).toBe('2');
    expect(await redis.ttl(passwordFailureKey(counter, userId))).toBeLessThanOrEqual(40);
  });
});
