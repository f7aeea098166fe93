import { createTokenVerifier } from '@sh/shared/server';
import {
  createTestKeyPair,
  itAnswersInternalAdminCalls,
  listenForTest,
  testLogger,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildNotificationsApp } from '../src/app.js';
import { startPlatform, TEST_INTERNAL_TOKEN, type Platform } from './harness.js';

let platform: Platform;
let server: Awaited<ReturnType<typeof listenForTest>>;

beforeAll(async () => {
  platform = await startPlatform();
  server = await listenForTest(
    buildNotificationsApp({
      pool: platform.db.pool,
      logger: testLogger,
      verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
      internalToken: TEST_INTERNAL_TOKEN,
      queue: { redisUrl: TEST_REDIS_URL, prefix: platform.prefix },
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await platform?.stop();
});

describe("notifications' answers to the gateway's admin calls", () => {
  itAnswersInternalAdminCalls('notifications', () => ({ url: server.url, internalToken: TEST_INTERNAL_TOKEN }));
});
