import { itAnswersInternalAdminCalls } from '@sh/shared/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { startIdentity, TEST_INTERNAL_TOKEN, type RunningIdentity } from './helpers.js';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

describe("identity's answers to the gateway's admin calls", () => {
  itAnswersInternalAdminCalls('identity', () => ({ url: identity.url, internalToken: TEST_INTERNAL_TOKEN }), {
    idleQueue: true,
  });
});
