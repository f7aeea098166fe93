import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZCreateUserResponseSchema,
  ZDeleteUserResponseSchema,
  ZFindTechniciansResponseSchema,
  ZVerifyPasswordResponseSchema,
} from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildUser,
  call,
  logIn,
  outboxEvents,
  startIdentity,
  startIdentityWithRedis,
  TEST_INTERNAL_TOKEN,
  type RunningIdentity,
} from './helpers.js';

let identity: RunningIdentity;
const internal = { 'x-internal-token': TEST_INTERNAL_TOKEN };

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

describe('POST /internal/users', () => {
  it('creates a user with the role, answers 201 {id}, and writes user.registered and the confirmation request', async () => {
    const { status, body } = await call(identity.url, 'POST', '/internal/users', {
      headers: internal,
      body: { email: ' Owner@Clent-Hills.co.uk', password: 'Spanner42', role: 'garage' },
    });
    expect(status).toBe(201);
    const { id } = ZCreateUserResponseSchema.parse(body).data;
    const { rows } = await identity.db.pool.query('SELECT email, role, email_confirmed_at FROM users WHERE id = $1', [
      id,
    ]);
    expect(rows[0]).toEqual({ email: 'owner@clent-hills.co.uk', role: 'garage', email_confirmed_at: null });
    expect((await outboxEvents(identity.db.pool, 'user.registered')).find((e) => e.userId === id)).toEqual({
      userId: id,
      email: 'owner@clent-hills.co.uk',
      role: 'garage',
    });
    const confirmation = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).find(
      (e) => e.userId === id,
    );
    expect(confirmation?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const login = await call(identity.url, 'POST', '/api/v1/auth/login', {
      body: { email: 'owner@clent-hills.co.uk', password: 'Spanner42' },
    });
    expect((login.body.data as { userType: string }).userType).toBe('garage');
  });

  it('answers 409 duplicate_email with the shared message for a taken e-mail', async () => {
    const user = await buildUser(identity.db.pool);
    const { status, body } = await call(identity.url, 'POST', '/internal/users', {
      headers: internal,
      body: { email: user.email.toUpperCase(), password: 'Spanner42', role: 'garage' },
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ status: 409, code: 'duplicate_email', message: MESSAGES.signup.duplicateEmail });
  });

  it('answers 400 with the message for a bad payload', async () => {
    const { status, body } = await call(identity.url, 'POST', '/internal/users', {
      headers: internal,
      body: { email: 'bad', password: 'Spanner42', role: 'garage' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(MESSAGES.signup.emailInvalid);
  });

  it('answers 403 without the internal token or with a wrong one, and creates nothing', async () => {
    const before = await identity.db.pool.query('SELECT count(*)::int AS n FROM users');
    const payload = { email: 'sneaky@nowhere.co.uk', password: 'Spanner42', role: 'garage' };
    const missing = await call(identity.url, 'POST', '/internal/users', { body: payload });
    const wrong = await call(identity.url, 'POST', '/internal/users', {
      body: payload,
      headers: { 'x-internal-token': 'wrong-token-wrong-token' },
    });
    expect(missing.status).toBe(403);
    expect(wrong.status).toBe(403);
    expect(missing.body.message).toBe(MESSAGES.platform.forbidden);
    const after = await identity.db.pool.query('SELECT count(*)::int AS n FROM users');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('POST /internal/users/verify-password', () => {
  it('answers valid true for the right password and false for a wrong one or an unknown user', async () => {
    const user = await buildUser(identity.db.pool);
    const verify = async (userId: string, password: string) =>
      ZVerifyPasswordResponseSchema.parse(
        (
          await call(identity.url, 'POST', '/internal/users/verify-password', {
            headers: internal,
            body: { userId, password },
          })
        ).body,
      ).data.valid;
    expect(await verify(user.id, user.password)).toBe(true);
    expect(await verify(user.id, 'Wrong1')).toBe(false);
    expect(await verify(randomUUID(), user.password)).toBe(false);
  });

  it('stops checking after 5 wrong passwords for one account with 429 and Retry-After, even for the right one', async () => {
    const user = await buildUser(identity.db.pool);
    const other = await buildUser(identity.db.pool);
    const verify = (userId: string, password: string) =>
      call(identity.url, 'POST', '/internal/users/verify-password', { headers: internal, body: { userId, password } });
    for (let i = 0; i < 5; i += 1) expect((await verify(user.id, `Wrong${i}`)).body.data).toEqual({ valid: false });
    const blocked = await verify(user.id, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'rate_limited', message: MESSAGES.records.passwordAttemptsExceeded });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await verify(other.id, other.password)).body.data).toEqual({ valid: true });
  });

  it('does not count right passwords against the budget', async () => {
    const user = await buildUser(identity.db.pool);
    for (let i = 0; i < 8; i += 1) {
      const answer = await call(identity.url, 'POST', '/internal/users/verify-password', {
        headers: internal,
        body: { userId: user.id, password: user.password },
      });
      expect(answer.body.data).toEqual({ valid: true });
    }
  });

  it('answers 403 without the internal token and 400 for a non-UUID user id', async () => {
    const user = await buildUser(identity.db.pool);
    expect(
      (
        await call(identity.url, 'POST', '/internal/users/verify-password', {
          body: { userId: user.id, password: user.password },
        })
      ).status,
    ).toBe(403);
    const bad = await call(identity.url, 'POST', '/internal/users/verify-password', {
      headers: internal,
      body: { userId: 'nope', password: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.platform.invalidRequest);
  });
});

describe('DELETE /internal/users/{id}', () => {
  it('removes the user, its tokens and its unpublished events', async () => {
    const created = await call(identity.url, 'POST', '/internal/users', {
      headers: internal,
      body: { email: 'short-lived@eden-valley.co.uk', password: 'Spanner42', role: 'garage' },
    });
    const { id } = ZCreateUserResponseSchema.parse(created.body).data;
    await logIn(identity.url, 'short-lived@eden-valley.co.uk', 'Spanner42');
    const { status, body } = await call(identity.url, 'DELETE', `/internal/users/${id}`, { headers: internal });
    expect(status).toBe(200);
    expect(ZDeleteUserResponseSchema.parse(body).data.deleted).toBe(true);
    const counts = await identity.db.pool.query(
      `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
              (SELECT count(*)::int FROM refresh_tokens WHERE user_id = $1) AS refresh,
              (SELECT count(*)::int FROM email_confirmation_tokens WHERE user_id = $1) AS confirmations,
              (SELECT count(*)::int FROM event_outbox WHERE payload->>'userId' = $1::text) AS events`,
      [id],
    );
    expect(counts.rows[0]).toEqual({ users: 0, refresh: 0, confirmations: 0, events: 0 });
    const again = await call(identity.url, 'DELETE', `/internal/users/${id}`, { headers: internal });
    expect(ZDeleteUserResponseSchema.parse(again.body).data.deleted).toBe(false);
  });

  it('answers 403 without the internal token and deletes nothing', async () => {
    const user = await buildUser(identity.db.pool);
    expect((await call(identity.url, 'DELETE', `/internal/users/${user.id}`)).status).toBe(403);
    expect(
      (
        await call(identity.url, 'DELETE', `/internal/users/${user.id}`, {
          headers: { 'x-internal-token': 'x'.repeat(30) },
        })
      ).status,
    ).toBe(403);
    const { rows } = await identity.db.pool.query('SELECT count(*)::int AS n FROM users WHERE id = $1', [user.id]);
    expect(rows[0].n).toBe(1);
  });
});

describe('POST /internal/users/verify-password with Redis away', () => {
  it('still checks the password, within a second, when the attempt counter cannot be reached', async () => {
    const away = await startIdentityWithRedis('redis://127.0.0.1:1');
    try {
      const user = await buildUser(away.db.pool);
      const right = await call(away.url, 'POST', '/internal/users/verify-password', {
        headers: internal,
        body: { userId: user.id, password: user.password },
      });
      expect(right.status).toBe(200);
      expect(right.body.data).toEqual({ valid: true });
      const wrong = await call(away.url, 'POST', '/internal/users/verify-password', {
        headers: internal,
        body: { userId: user.id, password: 'Wrong1' },
      });
      expect(wrong.body.data).toEqual({ valid: false });
    } finally {
      await away.close();
    }
  });
});

describe('GET /internal/events/{id}/secret', () => {
  it('answers the token of a confirmation event not yet delivered, only with the internal token; 404 once delivered, 400 for a bad id', async () => {
    const created = await call(identity.url, 'POST', '/internal/users', {
      headers: internal,
      body: { email: `secret.${Date.now()}@clent-hills.co.uk`, password: 'Spanner42', role: 'garage' },
    });
    const userId = ZCreateUserResponseSchema.parse(created.body).data.id;
    const { rows } = await identity.db.pool.query<{ id: string; token: string }>(
      `SELECT id, payload->>'token' AS token FROM event_outbox WHERE name = 'user.email_confirmation_requested' AND payload->>'userId' = $1`,
      [userId],
    );
    const { id: eventId, token } = rows[0]!;
    const path = `/internal/events/${eventId}/secret`;

    const answered = await call(identity.url, 'GET', path, { headers: internal });
    expect(answered).toMatchObject({ status: 200, body: { status: 200, data: { token } } });
    expect((await call(identity.url, 'GET', path)).status).toBe(403);
    expect(
      (await call(identity.url, 'GET', path, { headers: { 'x-internal-token': 'wrong-token-wrong-token' } })).status,
    ).toBe(403);
    expect((await call(identity.url, 'GET', '/internal/events/not-a-uuid/secret', { headers: internal })).status).toBe(
      400,
    );
    expect(
      (await call(identity.url, 'GET', `/internal/events/${randomUUID()}/secret`, { headers: internal })).status,
    ).toBe(404);
    const registered = (
      await identity.db.pool.query<{ id: string }>(
        `SELECT id FROM event_outbox WHERE name = 'user.registered' AND payload->>'userId' = $1`,
        [userId],
      )
    ).rows[0]!.id;
    expect(
      (await call(identity.url, 'GET', `/internal/events/${registered}/secret`, { headers: internal })).status,
    ).toBe(404);

    // Delivered to every subscriber (the reconciler's marking, which drops the token): nothing left to answer.
    await identity.db.pool.query(
      `UPDATE event_outbox SET delivered_at = now(), payload = payload - 'token' WHERE id = $1`,
      [eventId],
    );
    expect(await call(identity.url, 'GET', path, { headers: internal })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });
});

describe('POST /internal/technicians/find-many', () => {
  it("answers, in one call and in the order asked, each name's technician of the garage as their account has it, or null", async () => {
    const owner = await buildUser(identity.db.pool);
    const other = await buildUser(identity.db.pool);
    const technician = async (garageId: string, fullName: string) =>
      identity.db.pool.query(
        `INSERT INTO users (email, password_hash, role, garage_id, full_name, email_confirmed_at)
         VALUES ($1, 'x', 'technician', $2, $3, now())`,
        [`tech.${randomUUID()}@hartley-motors.co.uk`, garageId, fullName],
      );
    await technician(owner.id, 'Rhys Price');
    await technician(owner.id, 'Amara Okafor');
    await technician(other.id, 'Someone Elsewhere');
    const find = (body: unknown, headers: Record<string, string> = internal) =>
      call(identity.url, 'POST', '/internal/technicians/find-many', { headers, body });

    const answer = await find({
      garageId: owner.id,
      names: [' rhys price ', 'Nobody', 'AMARA OKAFOR', 'Someone Elsewhere', 'Rhys Price'],
    });
    expect(answer.status).toBe(200);
    expect(ZFindTechniciansResponseSchema.parse(answer.body).data.names).toEqual([
      'Rhys Price',
      null,
      'Amara Okafor',
      null,
      'Rhys Price',
    ]);
    expect((await find({ garageId: owner.id, names: [] })).status).toBe(400);
    expect((await find({ garageId: owner.id, names: ['x'] }, {})).status).toBe(403);
  });
});
