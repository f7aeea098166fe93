import {
  companyNameMismatchMessage,
  MESSAGES,
  ZCompanyValidateResponseSchema,
  ZErrorEnvelopeSchema,
} from '@sh/shared/contract';
import { createRedis, createRedisRateLimiter } from '@sh/shared/server';
import { testQueuePrefix, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompaniesHouseClient } from '../src/clients/companies-house.js';
import { readCompanyVerification } from '../src/domain/company-verification-token.js';
import { call, COMPANIES, startStack, TEST_COMPANY_TOKEN_SECRET, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

function validate(body: unknown) {
  return call(stack.garagesUrl, 'POST', '/api/v1/companies/validate', { body });
}

describe('POST /api/v1/companies/validate', () => {
  it('answers the registered name and a signed token binding number and name', async () => {
    const { status, body } = await validate({
      companyNumber: COMPANIES.hartley.number,
      companyName: 'Hartley Motors Ltd',
    });
    expect(status).toBe(200);
    const { data } = ZCompanyValidateResponseSchema.parse(body);
    expect(data.name).toBe('HARTLEY MOTORS LTD');
    expect(data.companyNumber).toBe(COMPANIES.hartley.number);
    expect(readCompanyVerification(data.verificationToken, TEST_COMPANY_TOKEN_SECRET)).toEqual({
      companyNumber: COMPANIES.hartley.number,
      registeredName: 'HARTLEY MOTORS LTD',
    });
  });

  it.each([
    ['hartley motors ltd', COMPANIES.hartley.number],
    ['HARTLEY MOTORS LIMITED', COMPANIES.hartley.number],
    ['Hartley Motors', COMPANIES.hartley.number],
    ['Hartley Motors L.T.D.', COMPANIES.hartley.number],
    ['  Hartley   Motors, Ltd. ', COMPANIES.hartley.number],
    ['Blackwater Tyre and Service Limited', COMPANIES.blackwater.number],
    ["O'Brien & Sons (Motors) Ltd", COMPANIES.obrien.number],
    ['OBrien and Sons Motors', COMPANIES.obrien.number],
  ])(
    'accepts %j for the registered name (case, punctuation, & and LTD/LIMITED do not matter)',
    async (companyName, companyNumber) => {
      const { status } = await validate({ companyNumber, companyName });
      expect(status).toBe(200);
    },
  );

  it('pads a short numeric number and reads a lettered one in any case', async () => {
    const padded = await validate({ companyNumber: ' 4879592 ', companyName: 'Hartley Motors Ltd' });
    expect(padded.status).toBe(200);
    expect((padded.body.data as { companyNumber: string }).companyNumber).toBe('04879592');
    const lettered = await validate({ companyNumber: 'sc412345', companyName: "O'Brien & Sons (Motors) Limited" });
    expect(lettered.status).toBe(200);
  });

  it('refuses an unknown number with 400 and its message', async () => {
    const { status, body } = await validate({ companyNumber: '99999999', companyName: 'Nowhere Motors Ltd' });
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body)).toEqual({
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.garages.companyNotFound,
      errors: [{ path: 'companyNumber', message: MESSAGES.garages.companyNotFound }],
    });
  });

  it.each([
    ['dissolved', COMPANIES.lavenderDissolved],
    ['in liquidation', COMPANIES.menaiInLiquidation],
  ])('refuses a %s company with 400 and its message', async (_label, company) => {
    const { status, body } = await validate({ companyNumber: company.number, companyName: company.name });
    expect(status).toBe(400);
    expect(body.message).toBe(MESSAGES.garages.companyNotActive);
  });

  it('refuses a look-alike name, naming the registered one', async () => {
    const { status, body } = await validate({
      companyNumber: COMPANIES.hartleyLookAlike.number,
      companyName: 'Hartley Motors Ltd',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: companyNameMismatchMessage('HARTLEY MOTOR SERVICES LIMITED'),
      errors: [{ path: 'companyName', message: companyNameMismatchMessage('HARTLEY MOTOR SERVICES LIMITED') }],
    });
    const reversed = await validate({
      companyNumber: COMPANIES.hartley.number,
      companyName: 'Hartley Motor Services Limited',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(companyNameMismatchMessage('HARTLEY MOTORS LTD'));
  });

  it.each([
    [{ companyName: 'Hartley Motors Ltd' }, MESSAGES.signup.validateNeedsNumber],
    [{ companyNumber: '   ', companyName: 'Hartley Motors Ltd' }, MESSAGES.signup.validateNeedsNumber],
    [{ companyNumber: COMPANIES.hartley.number }, MESSAGES.signup.validateNeedsName],
    [{ companyNumber: COMPANIES.hartley.number, companyName: ' ' }, MESSAGES.signup.validateNeedsName],
    [{ companyNumber: '12-34', companyName: 'Hartley Motors Ltd' }, MESSAGES.garages.companyNumberFormat],
  ])('answers 400 for %j with the message, without asking Companies House', async (body, message) => {
    const before = stack.fake.requestCount();
    const response = await validate(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(stack.fake.requestCount()).toBe(before);
  });
});

describe('POST /api/v1/companies/validate when Companies House cannot be reached', () => {
  let unreachable: Stack;

  beforeAll(async () => {
    const redis = createRedis(TEST_REDIS_URL);
    unreachable = await startStack({
      companiesHouse: createCompaniesHouseClient({
        baseUrl: 'http://127.0.0.1:9', // discard port: nothing listens
        apiKey: 'test-api-key',
        limiter: createRedisRateLimiter(redis, {
          key: `${testQueuePrefix()}:unreachable`,
          limit: 10,
          windowMs: 60_000,
        }),
        timeoutMs: 1000,
      }),
    });
    const close = unreachable.close.bind(unreachable);
    unreachable.close = async () => {
      await close();
      await redis.quit();
    };
  });
  afterAll(async () => {
    await unreachable?.close();
  });

  it('answers 502 with the shared message', async () => {
    const { status, body } = await call(unreachable.garagesUrl, 'POST', '/api/v1/companies/validate', {
      body: { companyNumber: COMPANIES.hartley.number, companyName: 'Hartley Motors Ltd' },
    });
    expect(status).toBe(502);
    expect(body).toEqual({ status: 502, code: 'bad_gateway', message: MESSAGES.signup.companyValidateFailed });
  });
});

describe('Companies House rate limit', () => {
  let limited: Stack;

  beforeAll(async () => {
    limited = await startStack({ rateLimit: 3 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('stops the call after the allowance within the window with 429 and Retry-After, before it reaches Companies House', async () => {
    const before = limited.fake.requestCount();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (
          await call(limited.garagesUrl, 'POST', '/api/v1/companies/validate', {
            body: { companyNumber: COMPANIES.hartley.number, companyName: 'Hartley Motors Ltd' },
          })
        ).status,
      );
    }
    const refused = await call(limited.garagesUrl, 'POST', '/api/v1/companies/validate', {
      body: { companyNumber: COMPANIES.hartley.number, companyName: 'Hartley Motors Ltd' },
    });
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: MESSAGES.platform.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    expect(limited.fake.requestCount()).toBe(before + 3);
  });
});

describe('createRedisRateLimiter', () => {
  it('allows 600 calls in a 5-minute window and stops the 601st, shared by every limiter on the same key', async () => {
    const redis = createRedis(TEST_REDIS_URL);
    const key = `${testQueuePrefix()}:limiter`;
    try {
      const first = createRedisRateLimiter(redis, { key, limit: 600, windowMs: 300_000 });
      const second = createRedisRateLimiter(redis, { key, limit: 600, windowMs: 300_000 });
      const results = await Promise.all(
        Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? first : second).acquire()),
      );
      expect(results.every((r) => r.isAllowed)).toBe(true);
      const refused = await first.acquire();
      expect(refused.isAllowed).toBe(false);
      expect(refused.isAllowed ? 0 : refused.retryAfterMs).toBeGreaterThan(290_000);
    } finally {
      await redis.del(key);
      await redis.quit();
    }
  });

  it('frees a slot once the oldest call leaves the window', async () => {
    const redis = createRedis(TEST_REDIS_URL);
    const key = `${testQueuePrefix()}:limiter`;
    const clock = { now: 1_750_000_000_000 };
    try {
      const limiter = createRedisRateLimiter(redis, { key, limit: 2, windowMs: 300_000, now: () => clock.now });
      expect((await limiter.acquire()).isAllowed).toBe(true);
      clock.now += 100_000;
      expect((await limiter.acquire()).isAllowed).toBe(true);
      expect(await limiter.acquire()).toEqual({ isAllowed: false, retryAfterMs: 200_000 });
      clock.now += 199_999;
      expect(await limiter.acquire()).toEqual({ isAllowed: false, retryAfterMs: 1 });
      clock.now += 1;
      expect((await limiter.acquire()).isAllowed).toBe(true);
      expect(await limiter.acquire()).toEqual({ isAllowed: false, retryAfterMs: 100_000 });
    } finally {
      await redis.del(key);
      await redis.quit();
    }
  });
});
