import { randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@sh/shared/server';
import { TEST_REDIS_URL, testQueuePrefix } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveBackPasswordAttempt } from '../src/store/give-back-password-attempt.js';
import { passwordFailureKey, type PasswordFailureCounter } from '../src/store/password-failure-counter.js';
import { reservePasswordAttempt } from '../src/store/reserve-password-attempt.js';

let redis: Redis;
let counter: PasswordFailureCounter;
const BUDGET = { limit: 5, windowSeconds: 900 };

beforeAll(() => {
  redis = createRedis(TEST_REDIS_URL);
  counter = { redis, keyPrefix: testQueuePrefix() };
});
const usedIds: string[] = [];
/** A fresh account id, whose counter is removed after the tests. */
function newUserId(): string {
  const id = randomUUID();
  usedIds.push(id);
  return id;
}
afterAll(async () => {
  await redis.del(...usedIds.map((id) => passwordFailureKey(counter, id)));
  redis.disconnect();
});

describe('the password attempt budget on Redis (reserve before comparing, give back on success)', () => {
  it('never reserves more than the limit however many reservations arrive at once, and counts no refusal', async () => {
    const userId = newUserId();
    const reservations = await Promise.all(Array.from({ length: 60 }, () => reservePasswordAttempt(counter, userId, BUDGET)));
    expect(reservations.filter((r) => r.isReserved)).toHaveLength(5);
    for (const refused of reservations.filter((r) => !r.isReserved)) {
      expect(refused).toEqual({ isReserved: false, retryAfterSeconds: expect.any(Number) });
      expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(BUDGET.windowSeconds - 5);
      expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(BUDGET.windowSeconds);
    }
    expect(await redis.get(passwordFailureKey(counter, userId))).toBe('5');
    expect(await redis.ttl(passwordFailureKey(counter, userId))).toBeGreaterThan(0);
  });

  it('gives one attempt back on success, so exactly one more can be reserved', async () => {
    const userId = newUserId();
    for (let i = 0; i < 5; i += 1) expect(await reservePasswordAttempt(counter, userId, BUDGET)).toEqual({ isReserved: true });
    expect((await reservePasswordAttempt(counter, userId, BUDGET)).isReserved).toBe(false);
    await giveBackPasswordAttempt(counter, userId);
    const again = await Promise.all(Array.from({ length: 10 }, () => reservePasswordAttempt(counter, userId, BUDGET)));
    expect(again.filter((r) => r.isReserved)).toHaveLength(1);
  });

  it('gives nothing back once the window has ended: no counter is created, none goes below zero', async () => {
    const userId = newUserId();
    await giveBackPasswordAttempt(counter, userId);
    expect(await redis.exists(passwordFailureKey(counter, userId))).toBe(0);
    expect(await reservePasswordAttempt(counter, userId, BUDGET)).toEqual({ isReserved: true });
    await giveBackPasswordAttempt(counter, userId);
    await giveBackPasswordAttempt(counter, userId);
    expect(await redis.get(passwordFailureKey(counter, userId))).toBe('0');
  });

  it('starts the window with the first reservation and does not stretch it with later ones', async () => {
    const userId = newUserId();
    await reservePasswordAttempt(counter, userId, { limit: 5, windowSeconds: 100 });
    await redis.expire(passwordFailureKey(counter, userId), 40);
    await reservePasswordAttempt(counter, userId, { limit: 5, windowSeconds: 100 });
    expect(await redis.ttl(passwordFailureKey(counter, userId))).toBeLessThanOrEqual(40);
  });
});
