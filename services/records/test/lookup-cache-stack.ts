import { ZLookupResponseSchema } from '@sh/shared/contract';
import { createLookupAnswers } from '@sh/shared/lookup-cache';
import { createRedis, createTokenVerifier, signAccessToken } from '@sh/shared/server';
import {
  createTestDatabase,
  listenForTest,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
} from '@sh/shared/testing';
import { inject } from 'vitest';
import { buildRecordsApp } from '../src/app.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { lookupHistoriesOf } from '../src/domain/lookup-histories.js';
import { writePositionReader } from '../src/domain/write-positions.js';
import { createTestSigner, RECORDS_MIGRATIONS, TEST_INTERNAL_TOKEN, type RecordsStack } from './harness.js';

/** What the lookup cache's tests run against (startLookupCacheStack). */
export interface LookupCacheStack {
  /** Records instance A (`stack.url`), its database, identity and Redis. */
  stack: RecordsStack;
  /** Records instance B: the same database and Redis, as a second replica behind the gateway would be. */
  otherUrl: string;
  /** A gateway answering lookups from what records published, in front of instance C (which a test may stop). */
  gatewayUrl: string;
  stopRecordsBehindGateway: () => Promise<void>;
  /** The prefix of these Redis keys: the answers and their versions live under it. */
  prefix: string;
  close(): Promise<void>;
}

/**
 * Three records instances sharing one database and one Redis under a fresh prefix, identity (the workspace's, its own
 * process) for their password checks, and a gateway, its own process, in front of the third.
 */
export async function startLookupCacheStack(): Promise<LookupCacheStack> {
  const keys = TEST_KEY_PAIR;
  const redis = createRedis(TEST_REDIS_URL);
  const prefix = testQueuePrefix();
  const identityUrl = inject('identityUrl');
  const db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  const signer = createTestSigner();
  const instance = () =>
    listenForTest(
      buildRecordsApp({
        pool: db.pool,
        redis,
        logger: testLogger,
        verifier: createTokenVerifier({ publicKey: keys.publicKey }),
        signer,
        identity: createIdentityClient({ baseUrl: identityUrl, internalToken: TEST_INTERNAL_TOKEN }),
        internalToken: TEST_INTERNAL_TOKEN,
        lookupAnswers: createLookupAnswers({
          histories: lookupHistoriesOf(db.pool),
          redis,
          prefix,
          logger: testLogger,
          // As main.ts: each bump carries the write's position (no read replica here: every miss reads the primary).
          writePosition: writePositionReader(db.pool),
        }),
      }),
    );
  const a = await instance();
  const b = await instance();
  const c = await instance();
  let cOpen = true;
  const stopRecordsBehindGateway = async () => {
    if (cOpen) await c.close();
    cOpen = false;
  };
  // The gateway as it runs in production (its main.ts: the lookup's fast path on), on the same Redis prefix.
  const gateway = await startServiceProcess('gateway', {
    env: {
      RECORDS_URL: c.url,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_API_PER_MINUTE: '10000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '10000',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      WEB_DIST: '/nonexistent',
      UPSTREAM_TIMEOUT_MS: '5000',
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    },
  });
  const closers = [gateway.stop, stopRecordsBehindGateway, a.close, b.close, async () => redis.disconnect(), db.drop];
  const stack: RecordsStack = {
    url: a.url,
    db,
    identityUrl,
    signer,
    redis,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    close: async () => undefined,
  };
  return {
    stack,
    otherUrl: b.url,
    gatewayUrl: gateway.url,
    stopRecordsBehindGateway,
    prefix,
    close: async () => {
      for (const close of closers) await close();
    },
  };
}

let plateCounter = 0;
/** A fresh registration per test. */
export function newRegistration(): string {
  plateCounter += 1;
  const n = plateCounter + Math.floor(Math.random() * 5000) * 50;
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `LA${String((n % 90) + 10)}${letters[n % 23]}${letters[Math.floor(n / 23) % 23]}${letters[Math.floor(n / 529) % 23]}`;
}

/** A lookup through `url` (records or the gateway): its status, ETag, cache-control, text and records. */
export async function lookupVia(url: string, registration: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/v1/service-records/lookup/${registration}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    text,
    records: response.status === 200 ? ZLookupResponseSchema.parse(JSON.parse(text)).data.serviceRecords : [],
  };
}
