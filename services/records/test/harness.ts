import { generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { ZCreateServiceRecordResponseSchema, type TGarageServiceRecord } from '@sh/shared/contract';
import {
  createRedis,
  createTokenVerifier,
  signAccessToken,
  type Pool,
  type Redis,
  type TAuthClaims,
} from '@sh/shared/server';
import {
  callJson,
  createIdentityUser,
  createTestDatabase,
  createTestKeyPair,
  listenForTest,
  testLogger,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { inject } from 'vitest';
import { buildRecordsApp, type RecordsAppDeps } from '../src/app.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { signerFromPrivateKey, type ReceiptSigner } from '../src/domain/signing-key.js';
import { TEST_INTERNAL_TOKEN } from './global-setup.js';

export { TEST_INTERNAL_TOKEN };
export const RECORDS_MIGRATIONS = path.join(import.meta.dirname, '../migrations');

/** A receipt signer with a fresh Ed25519 key. */
export function createTestSigner(): ReceiptSigner {
  return signerFromPrivateKey(
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
}

/**
 * The records app's dependencies for tests that only read (lookup, entitlements, the gateway's): tokens are
 * verified with a test key and identity is an address nobody listens on, so a call that needs it fails loudly.
 */
export function readOnlyRecordsDeps(pool: Pool): RecordsAppDeps {
  return {
    pool,
    logger: testLogger,
    verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
    signer: createTestSigner(),
    identity: createIdentityClient({ baseUrl: 'http://127.0.0.1:9', internalToken: TEST_INTERNAL_TOKEN }),
    internalToken: TEST_INTERNAL_TOKEN,
  };
}

export interface RecordsStack {
  url: string;
  db: TestDatabase;
  /** Identity as its own process, shared by every test file (test/global-setup.ts). */
  identityUrl: string;
  signer: ReceiptSigner;
  redis: Redis;
  /** Signs an access token with identity's key, as identity would. */
  tokenFor(claims: TAuthClaims): string;
  /** Identity's public key, which records checks tokens with (for another records app on this stack). */
  tokenPublicKey?: string;
  close(): Promise<void>;
}

/**
 * Records with what it talks to, for real: identity as its own process with its own database (the password re-check
 * over HTTP with the internal token, its attempt budget in Redis), Postgres and Redis. Tokens are signed with the
 * shared test key pair, as that identity signs them.
 */
export async function startRecordsStack(
  options: { now?: () => Date; app?: Partial<RecordsAppDeps> } = {},
): Promise<RecordsStack> {
  const keys = TEST_KEY_PAIR;
  const redis = createRedis(TEST_REDIS_URL);
  const identityUrl = inject('identityUrl');
  const db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  const signer = createTestSigner();
  const records = await listenForTest(
    buildRecordsApp({
      pool: db.pool,
      logger: testLogger,
      verifier: createTokenVerifier({ publicKey: keys.publicKey }),
      signer,
      identity: createIdentityClient({ baseUrl: identityUrl, internalToken: TEST_INTERNAL_TOKEN }),
      internalToken: TEST_INTERNAL_TOKEN,
      now: options.now,
      ...options.app,
    }),
  );
  return {
    url: records.url,
    db,
    identityUrl,
    signer,
    redis,
    tokenFor: (claims) => signAccessToken(keys.privateKey, claims),
    tokenPublicKey: keys.publicKey,
    async close() {
      await records.close();
      redis.disconnect();
      await db.drop();
    },
  };
}

let garageCounter = 0;

/**
 * A garage as records and identity know it: a user with a password in identity (created through identity's
 * /internal/users, as garages' signup creates it), a directory entry, an entitlement (`status` null: none heard yet)
 * and, unless `emailConfirmed` is false, the confirmation of its e-mail in records, and a token for it.
 */
export async function buildGarageAccount(
  stack: RecordsStack,
  options: { status?: string | null; password?: string; name?: string; emailConfirmed?: boolean } = {},
): Promise<{ id: string; email: string; password: string; name: string; token: string }> {
  garageCounter += 1;
  // Unique across the test files, which share one identity.
  const email = `workshop${garageCounter}.${Date.now()}.${randomBytes(3).toString('hex')}@hartley-motors.co.uk`;
  const password = options.password ?? 'Spanner42';
  const name = options.name ?? `Hartley Motors ${garageCounter}`;
  const { id } = await createIdentityUser(stack.identityUrl, TEST_INTERNAL_TOKEN, { email, password });
  await stack.db.pool.query('INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)', [
    id,
    name,
    '12 Station Road, Leeds, LS1 4AB',
    email,
  ]);
  if (options.emailConfirmed !== false) {
    await stack.db.pool.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [id]);
  }
  const status = options.status === undefined ? 'active' : options.status;
  if (status !== null) {
    await stack.db.pool.query(
      `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, $2, $3, 1)`,
      [id, status, status === 'active' || status === 'trialing'],
    );
  }
  return { id, email, password, name, token: stack.tokenFor({ sub: id, role: 'garage', email }) };
}

/** A complete, valid create body for a garage account; override any field. */
export function buildCreateBody(password: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vin: 'WVWZZZ1JZXW000001',
    vehicle_registration: 'AB12 CDE',
    mileage: 45210,
    service_type: 'Full Service, Oil & Filter Change',
    notes: 'All fluids topped up',
    technician_name: 'Sam Patel',
    customer_email: null,
    customer_phone: null,
    vehicleCheck: true,
    full_name: 'Sam Patel',
    password,
    ...overrides,
  };
}

/** Logs a service through the API as a garage would, and answers the stored record. */
export async function logServiceRecord(
  stack: RecordsStack,
  garage: { token: string; password: string },
  overrides: Record<string, unknown> = {},
): Promise<TGarageServiceRecord> {
  const answer = await callJson(stack.url, 'POST', '/api/v1/service-records', {
    token: garage.token,
    body: buildCreateBody(garage.password, overrides),
  });
  if (answer.status !== 201)
    throw new Error(`logging a service answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return ZCreateServiceRecordResponseSchema.parse(answer.body).data.serviceRecord;
}

/** An admin's access token, as identity would sign it. */
export function adminTokenFor(stack: RecordsStack, admin: { id: string; email: string }): string {
  return stack.tokenFor({ sub: admin.id, role: 'admin', email: admin.email });
}
