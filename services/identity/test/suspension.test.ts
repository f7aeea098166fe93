import { Queue } from 'bullmq';
import {
  MESSAGES,
  ZErrorEnvelopeSchema,
  ZRefreshResponseSchema,
  type TEventName,
  type TEventPayload,
  type TServiceName,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import {
  createRedis,
  queueNameFor,
  startConsumer,
  startRelay,
  writeEvent,
  type Consumer,
  type Relay,
} from '@sh/shared/server';
import { refreshTokenOf, testLogger, testQueuePrefix, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityEventHandlers } from '../src/events/handlers.js';
import {
  buildTechnician,
  buildUser,
  call,
  logIn,
  refresh as refreshAt,
  startIdentity,
  type RunningIdentity,
} from './helpers.js';

let identity: RunningIdentity;
let relay: Relay;
let consumer: Consumer;
const prefix = testQueuePrefix();

// Identity's real consumer on its own queue. The events are written to identity's outbox, standing in for garages'
// (the relay publishes an event to its subscribers whichever database it comes from).
beforeAll(async () => {
  identity = await startIdentity();
  relay = startRelay({ pool: identity.db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 20 });
  consumer = startConsumer({
    service: 'identity',
    pool: identity.db.pool,
    redisUrl: TEST_REDIS_URL,
    prefix,
    logger: testLogger,
    handlers: identityEventHandlers,
  });
});
afterAll(async () => {
  await consumer?.close();
  await relay?.stop();
  const connection = createRedis(TEST_REDIS_URL);
  const services: TServiceName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];
  for (const service of services) {
    const queue = new Queue(queueNameFor(service), { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  connection.disconnect();
  await identity?.close();
});

/** Publishes an event as garages would and waits until identity's consumer has handled it. */
async function hear<N extends TEventName>(name: N, payload: TEventPayload<N>): Promise<void> {
  await writeEvent(identity.db.pool, name, payload);
  await relay.flush();
  await consumer.whenIdle();
}

const suspension = (garage: { id: string; email: string }, suspendedAt: number) => ({
  garageId: garage.id,
  name: 'Quayside Motors Ltd',
  email: garage.email,
  reason: 'Logged services it never performed',
  suspendedAt,
});
const reinstatement = (garage: { id: string; email: string }, reinstatedAt: number) => ({
  garageId: garage.id,
  name: 'Quayside Motors Ltd',
  email: garage.email,
  reason: 'Complaint resolved',
  reinstatedAt,
});

const login = (email: string, password: string) =>
  call(identity.url, 'POST', '/api/v1/auth/login', { body: { email, password } });
const refresh = (refreshToken: string) => refreshAt(identity.url, refreshToken);

async function liveRefreshTokens(userId: string): Promise<number> {
  const { rows } = await identity.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0]!.n;
}

describe('garage.suspended and garage.reinstated', () => {
  it("ends a suspended garage's sessions and refuses its sign-in with 403 and the suspension message", async () => {
    const garage = await buildUser(identity.db.pool);
    const first = await logIn(identity.url, garage.email, garage.password);
    const second = await logIn(identity.url, garage.email, garage.password);
    expect(await liveRefreshTokens(garage.id)).toBe(2);

    await hear('garage.suspended', suspension(garage, Date.now()));

    expect(await liveRefreshTokens(garage.id)).toBe(0);
    const signIn = await login(garage.email, garage.password);
    expect(signIn.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(signIn.body)).toMatchObject({
      code: 'forbidden',
      message: ADMIN_ACTION_MESSAGES.accountSuspended,
    });
    for (const session of [first, second]) {
      const refreshed = await refresh(session.refreshToken);
      expect(refreshed.status).toBe(401);
    }
    expect(await liveRefreshTokens(garage.id)).toBe(0);
  });

  it("ends a suspended garage's technicians' sessions with its owner's, and they stay ended once it is reinstated", async () => {
    const garage = await buildUser(identity.db.pool);
    const technician = await buildTechnician(identity.db.pool, garage.id);
    const session = await logIn(identity.url, technician.email, technician.password);
    expect(await liveRefreshTokens(technician.id)).toBe(1);
    const suspendedAt = Date.now();

    await hear('garage.suspended', suspension(garage, suspendedAt));

    expect(await liveRefreshTokens(technician.id)).toBe(0);
    const refused = await refresh(session.refreshToken);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.identity.sessionExpired);
    await hear('garage.reinstated', reinstatement(garage, suspendedAt + 1));
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await login(technician.email, technician.password)).status).toBe(200);
  });

  it('answers a wrong password with the usual 401, so the suspension shows only to someone who has the password', async () => {
    const garage = await buildUser(identity.db.pool);
    await hear('garage.suspended', suspension(garage, Date.now()));

    const wrong = await login(garage.email, 'NotThePassword1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MESSAGES.login.invalidCredentials);
    const unknown = await login('nobody@nowhere.co.uk', 'NotThePassword1');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('lets the garage sign in and refresh again once reinstated', async () => {
    const garage = await buildUser(identity.db.pool);
    const suspendedAt = Date.now();
    await hear('garage.suspended', suspension(garage, suspendedAt));
    expect((await login(garage.email, garage.password)).status).toBe(403);

    await hear('garage.reinstated', reinstatement(garage, suspendedAt + 1));

    const signIn = await login(garage.email, garage.password);
    expect(signIn.status).toBe(200);
    const refreshed = await refresh(refreshTokenOf(signIn.headers));
    expect(refreshed.status).toBe(200);
    expect(ZRefreshResponseSchema.parse(refreshed.body).data.session.user.id).toBe(garage.id);
  });

  it('keeps the newest state when events arrive out of order: an older suspension after a reinstatement changes nothing', async () => {
    const garage = await buildUser(identity.db.pool);
    const suspendedAt = Date.now();
    await hear('garage.suspended', suspension(garage, suspendedAt));
    await hear('garage.reinstated', reinstatement(garage, suspendedAt + 5));
    const session = await logIn(identity.url, garage.email, garage.password);

    await hear('garage.suspended', suspension(garage, suspendedAt - 1000));

    expect((await login(garage.email, garage.password)).status).toBe(200);
    expect((await refresh(session.refreshToken)).status).toBe(200);
  });

  it('refuses a refresh with 403 and ends its session when the user is suspended but the token survived (a sign-in racing the suspension)', async () => {
    const garage = await buildUser(identity.db.pool);
    const session = await logIn(identity.url, garage.email, garage.password);
    await identity.db.pool.query('UPDATE users SET suspended_at = now(), suspension_state_at = $2 WHERE id = $1', [
      garage.id,
      Date.now(),
    ]);

    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.status).toBe(403);
    expect(refreshed.body.message).toBe(ADMIN_ACTION_MESSAGES.accountSuspended);
    expect(await liveRefreshTokens(garage.id)).toBe(0);
  });

  it("answers auth/me with the suspension's 403 for an access token from before the suspension, and 200 once reinstated", async () => {
    const garage = await buildUser(identity.db.pool);
    const session = await logIn(identity.url, garage.email, garage.password);
    const me = () => call(identity.url, 'GET', '/api/v1/auth/me', { token: session.accessToken });
    expect((await me()).status).toBe(200);
    const suspendedAt = Date.now();
    await hear('garage.suspended', suspension(garage, suspendedAt));

    const refused = await me();
    expect(refused.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(refused.body)).toMatchObject({
      code: 'forbidden',
      message: ADMIN_ACTION_MESSAGES.accountSuspended,
    });
    await hear('garage.reinstated', reinstatement(garage, suspendedAt + 1));
    const again = await me();
    expect(again.status).toBe(200);
    expect((again.body.data as { id: string }).id).toBe(garage.id);
  });

  it('gives no fresh session for a password change made with an access token from before the suspension, and keeps the old password', async () => {
    const garage = await buildUser(identity.db.pool);
    const session = await logIn(identity.url, garage.email, garage.password);
    await hear('garage.suspended', suspension(garage, Date.now()));

    const change = await call(identity.url, 'PATCH', `/api/v1/users/password/${garage.id}`, {
      token: session.accessToken,
      body: { currentPassword: garage.password, password: 'Another42' },
    });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe(ADMIN_ACTION_MESSAGES.accountSuspended);
    expect(await liveRefreshTokens(garage.id)).toBe(0);
    await hear('garage.reinstated', reinstatement(garage, Date.now() + 1));
    expect((await login(garage.email, 'Another42')).status).toBe(401);
    expect((await login(garage.email, garage.password)).status).toBe(200);
  });
});
