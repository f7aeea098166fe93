import { MESSAGES, ZErrorEnvelopeSchema } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCreateBody, buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

const create = (token: string, body: unknown) =>
  callJson(stack.url, 'POST', '/api/v1/service-records', { token, body });

describe('the password budget of record signing, under guesses sent at once', () => {
  it('compares at most five of 40 concurrent wrong passwords: at most five 401s, the rest 429 with Retry-After, nothing stored', async () => {
    const garage = await buildGarageAccount(stack);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        create(garage.token, buildCreateBody(`Guess-${i}`, { vehicle_registration: 'LK19ABC' })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const mismatches = statuses.filter((status) => status === 401).length;
    expect(mismatches).toBeGreaterThan(0);
    expect(mismatches).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - mismatches);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(ZErrorEnvelopeSchema.parse(answer.body)).toMatchObject({
        code: 'rate_limited',
        message: MESSAGES.records.passwordAttemptsExceeded,
      });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const { rows } = await stack.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM service_records WHERE garage_id = $1',
      [garage.id],
    );
    expect(rows[0]!.n).toBe(0);
    // Spent, the budget refuses the right password too.
    expect(
      (await create(garage.token, buildCreateBody(garage.password, { vehicle_registration: 'LK19ABC' }))).status,
    ).toBe(429);
  });

  it("answers a spent budget's 429 with identity's Retry-After: the seconds left of the account's window", async () => {
    const garage = await buildGarageAccount(stack);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await create(garage.token, buildCreateBody(`Guess-${i}`, { vehicle_registration: 'LK19ABC' }))).status,
      ).toBe(401);
    }
    const [key] = await stack.redis.keys(`*:password-recheck-failures:${garage.id}`);
    expect(key).toBeDefined();
    // The window has about a minute left.
    await stack.redis.expire(key!, 60);
    const refused = await create(garage.token, buildCreateBody(garage.password, { vehicle_registration: 'LK19ABC' }));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("gives a right password's attempt back: eight signed records leave all five wrong answers of the budget", async () => {
    const garage = await buildGarageAccount(stack);
    for (let i = 0; i < 8; i += 1) {
      expect(
        (
          await create(
            garage.token,
            buildCreateBody(garage.password, { vehicle_registration: `LK19AB${'CDEFGHJK'[i]}` }),
          )
        ).status,
      ).toBe(201);
    }
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await create(garage.token, buildCreateBody(`Guess-${i}`, { vehicle_registration: 'LK19ABC' }))).status,
      ).toBe(401);
    }
    expect(
      (await create(garage.token, buildCreateBody(garage.password, { vehicle_registration: 'LK19ABC' }))).status,
    ).toBe(429);
  });
});
