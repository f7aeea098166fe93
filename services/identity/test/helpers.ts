import path from 'node:path';
import {
  callJson,
  callWithSessionCookie,
  createTestDatabase,
  createTestKeyPair,
  listenForTest,
  refreshTokenOf,
  testLogger,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { hashPassword, createRequestRedis, type Queryable } from '@sh/shared/server';
import { buildIdentityApp } from '../src/app.js';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../migrations');
export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789';
/** The key the tests' identity stores TOTP secrets under. */
export const TEST_SECOND_FACTOR_KEY = Buffer.alloc(32, 7);

export interface RunningIdentity {
  db: TestDatabase;
  url: string;
  keys: { publicKey: string; privateKey: string };
  /** Its REDIS_KEY_PREFIX (where it keeps, say, removed technicians' marks). */
  keyPrefix: string;
  close(): Promise<void>;
}

/** Identity on a real port with its own fresh database and a test key pair. */
export async function startIdentity(
  options: { isSecondFactorRequiredForAdmins?: boolean } = {},
): Promise<RunningIdentity> {
  return startIdentityWithRedis(TEST_REDIS_URL, options);
}

/** Identity as startService gives it Redis: a request connection that gives up after 300 ms (any URL, even a dead one). */
export async function startIdentityWithRedis(
  redisUrl: string,
  options: { isSecondFactorRequiredForAdmins?: boolean } = {},
): Promise<RunningIdentity> {
  const db = await createTestDatabase('identity', MIGRATIONS_DIR);
  const keys = createTestKeyPair();
  const redis = createRequestRedis(redisUrl);
  const prefix = testQueuePrefix();
  const server = await listenForTest(
    buildIdentityApp({
      pool: db.pool,
      redis,
      logger: testLogger,
      keys,
      internalToken: TEST_INTERNAL_TOKEN,
      keyPrefix: prefix,
      queue: { redisUrl, prefix },
      secondFactor: {
        encryptionKey: TEST_SECOND_FACTOR_KEY,
        isRequiredForAdmins: options.isSecondFactorRequiredForAdmins ?? false,
      },
    }),
  );
  return {
    db,
    url: server.url,
    keys,
    keyPrefix: prefix,
    async close() {
      await server.close();
      redis.disconnect();
      await db.drop();
    },
  };
}

let userCounter = 0;

/** Inserts a user straight into the table (with an admin membership when asked). */
export async function buildUser(
  db: Queryable,
  overrides: Partial<{
    email: string;
    password: string;
    role: 'garage' | 'none';
    isAdmin: boolean;
    confirmed: boolean;
  }> = {},
) {
  userCounter += 1;
  const user = {
    email: overrides.email ?? `owner${userCounter}.${Date.now()}@hartley-motors.co.uk`,
    password: overrides.password ?? 'Spanner42',
    role: overrides.role ?? 'garage',
  };
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_confirmed_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [user.email, await hashPassword(user.password), user.role, overrides.confirmed === false ? null : new Date()],
  );
  const id = rows[0]!.id;
  if (overrides.isAdmin) await db.query('INSERT INTO admin_users (user_id) VALUES ($1)', [id]);
  return { id, ...user };
}

/** Inserts a technician of the garage straight into the table, as accepting an invitation makes one. */
export async function buildTechnician(db: Queryable, garageId: string) {
  const technician = await buildUser(db, { email: `tech${(userCounter += 1)}.${Date.now()}@hartley-motors.co.uk` });
  await db.query("UPDATE users SET role = 'technician', garage_id = $2, full_name = 'Rhys Price' WHERE id = $1", [
    technician.id,
    garageId,
  ]);
  return { ...technician, role: 'technician' as const };
}

/** A JSON call against the running service. */
export const call = callJson;

/** Logs in and answers the session's tokens: the access token of the body, the refresh token of the session cookie. */
export async function logIn(baseUrl: string, email: string, password: string) {
  const { status, headers, body } = await call(baseUrl, 'POST', '/api/v1/auth/login', { body: { email, password } });
  if (status !== 200) throw new Error(`login answered ${status}`);
  const session = (body.data as { session: { access_token: string } }).session;
  return { accessToken: session.access_token, refreshToken: refreshTokenOf(headers) };
}

/** POST auth/refresh as the SPA sends it: the refresh token as the session cookie, with the SPA's header. */
export function refresh(baseUrl: string, refreshToken: string) {
  return callWithSessionCookie(baseUrl, '/api/v1/auth/refresh', refreshToken);
}

/** The outbox events of one name, oldest first. */
export async function outboxEvents(db: Queryable, name: string) {
  const { rows } = await db.query<{ payload: Record<string, string> }>(
    'SELECT payload FROM event_outbox WHERE name = $1 ORDER BY occurred_at, id',
    [name],
  );
  return rows.map((row) => row.payload);
}
