import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRedis, createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import {
  capturingLogger,
  createTestKeyPair,
  listenForTest,
  runServiceMain,
  startServiceProcess,
  testQueuePrefix,
  type ServiceProcess,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  refusingRedisUrl,
  startRedisSwitch,
  startSilentRedis,
  type RedisStandIn,
} from '../../../packages/shared/test/redis-stand-ins.js';
import { buildGatewayApp, type GatewayDeps } from '../src/routes/app.js';

const keys = createTestKeyPair();
const TEST_INTERNAL_TOKEN = 'gateway-test-internal-token-0123';
/** Records as its own process, on the test Redis (it is the gateway's Redis that these tests take away). */
let records: ServiceProcess;
let recordsUrl = '';
let silent: RedisStandIn;
let refusing = '';
const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));

beforeAll(async () => {
  records = await startServiceProcess('records', { env: { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN } });
  recordsUrl = records.url;
  silent = await startSilentRedis();
  refusing = await refusingRedisUrl();
});
afterAll(async () => {
  await silent?.close();
  await records?.stop();
});

function gatewayDeps(redis: Redis, overrides: Partial<GatewayDeps> = {}): GatewayDeps {
  return {
    logger: capturingLogger('info').logger,
    redis,
    verifier: createTokenVerifier({ publicKey: keys.publicKey }),
    upstreams: { records: recordsUrl },
    budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: 1000 },
    rateLimitPrefix: testQueuePrefix(),
    webDist,
    trustProxy: false,
    upstreamTimeoutMs: 5000,
    internalToken: TEST_INTERNAL_TOKEN,
    ...overrides,
  };
}

/** A call that a gateway waiting on a silent Redis would never answer: its signal ends it and the test fails. */
async function answerOf(url: string) {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the gateway with Redis unreachable', () => {
  const connections: Array<[string, (url: string) => Redis]> = [
    ['the request connection', (url) => createRequestRedis(url)],
    ['a connection that waits for Redis', createRedis],
  ];
  const redisStates: Array<[string, () => string]> = [
    ['does not answer', () => silent.url],
    ['refuses connections', () => refusing],
  ];
  // The lookup plainly spelt is counted on the fast path (its own script call); any other spelling, in the chain.
  const spellings: Array<[string, boolean]> = [
    ['answered on the fast path', true],
    ["in express's chain", false],
  ];
  it.each(
    connections.flatMap(([kind, open]) =>
      redisStates.flatMap(([state, url]) =>
        spellings.map(([path, fastPath]) => [state, kind, path, open, url, fastPath] as const),
      ),
    ),
  )(
    'answers the public lookup, warning that rate limits are off, when Redis %s (%s, %s)',
    async (_state, _kind, _path, open, url, fastPath) => {
      const redis = open(url());
      redis.on('error', () => undefined);
      const logs = capturingLogger('info');
      const gateway = await listenForTest(
        buildGatewayApp(gatewayDeps(redis, { logger: logs.logger, lookupFastPath: fastPath })),
      );
      try {
        const lookup = await answerOf(`${gateway.url}/api/v1/service-records/lookup/AB12CDE`);
        expect(lookup.status).toBe(200);
        expect(logs.lines.filter((line) => line.level === 40)).toContainEqual(
          expect.objectContaining({ msg: expect.stringMatching(/rate limit/i) }),
        );

        const ready = await answerOf(`${gateway.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({
          status: 503,
          message: expect.stringContaining('redis'),
          data: { ok: false, checks: { redis: false } },
        });
      } finally {
        await gateway.close();
        redis.disconnect();
      }
    },
  );

  it('starts, and answers the lookup and /readyz, as main.ts runs it with Redis not answering', async () => {
    const answers: Array<{ status: number }> = [];
    const run = await runServiceMain({
      serviceDir: path.join(import.meta.dirname, '..'),
      service: 'gateway',
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        REDIS_URL: silent.url,
        RECORDS_URL: recordsUrl,
        WEB_DIST: webDist,
      },
      onListening: async (port) => {
        answers.push(await answerOf(`http://127.0.0.1:${port}/api/v1/service-records/lookup/AB12CDE`));
        answers.push(await answerOf(`http://127.0.0.1:${port}/readyz`));
      },
    });
    expect(answers.map(({ status }) => status)).toEqual([200, 503]);
    expect(run.stdout).toContain('rate limits are off');
    expect(run.code).toBe(0);
  });

  it.each(spellings)('counts the budgets again once Redis is back (the lookup %s)', async (_path, fastPath) => {
    const redisSwitch = await startRedisSwitch(TEST_REDIS_URL);
    const redis = createRequestRedis(redisSwitch.url);
    const gateway = await listenForTest(
      buildGatewayApp(
        gatewayDeps(redis, {
          budgets: { apiPerMinute: 1000, lookupPerMinute: 3, authPerMinute: 1000 },
          lookupFastPath: fastPath,
        }),
      ),
    );
    try {
      const whileAway: number[] = [];
      for (let i = 0; i < 5; i += 1)
        whileAway.push((await answerOf(`${gateway.url}/api/v1/service-records/lookup/AB12CDE`)).status);
      expect(whileAway).toEqual([200, 200, 200, 200, 200]);

      redisSwitch.restore();
      await expect.poll(async () => (await answerOf(`${gateway.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
      // The limiters ask Redis again a moment later; the first lookup they count carries the RateLimit header.
      await expect
        .poll(
          async () => (await fetch(`${gateway.url}/api/v1/service-records/lookup/AB12CDE`)).headers.get('ratelimit'),
          { timeout: 10_000 },
        )
        .toMatch(/remaining=2/);
      const onceBack: number[] = [];
      for (let i = 0; i < 3; i += 1)
        onceBack.push((await answerOf(`${gateway.url}/api/v1/service-records/lookup/AB12CDE`)).status);
      expect(onceBack).toEqual([200, 200, 429]);
    } finally {
      await gateway.close();
      redis.disconnect();
      await redisSwitch.close();
    }
  });
});
