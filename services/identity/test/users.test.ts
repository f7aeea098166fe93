import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZErrorEnvelopeSchema,
  ZResendConfirmationResponseSchema,
  ZUpdateEmailResponseSchema,
  ZUpdatePasswordResponseSchema,
} from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokenOf } from '@sh/shared/testing';
import {
  buildUser,
  call,
  logIn,
  outboxEvents,
  refresh,
  startIdentity,
  TEST_INTERNAL_TOKEN,
  type RunningIdentity,
} from './helpers.js';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

/** Creates a user the way garages' signup does, and answers the confirmation token from its event. */
async function signUpUser(email: string) {
  const created = await call(identity.url, 'POST', '/internal/users', {
    body: { email, password: 'Spanner42', role: 'garage' },
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
  });
  const id = (created.body.data as { id: string }).id;
  const event = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).find(
    (e) => e.userId === id,
  )!;
  return { id, token: event.token! };
}

async function confirmedAt(userId: string): Promise<Date | null> {
  const { rows } = await identity.db.pool.query<{ email_confirmed_at: Date | null }>(
    'SELECT email_confirmed_at FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]!.email_confirmed_at;
}

describe('POST /api/v1/users/confirm-email', () => {
  it('confirms the e-mail with the mailed token, once', async () => {
    const { id, token } = await signUpUser('new@bridgend-auto.co.uk');
    expect(await confirmedAt(id)).toBeNull();
    const { status, body } = await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 200, message: MESSAGES.identity.emailConfirmed });
    expect(await confirmedAt(id)).toBeInstanceOf(Date);
    const again = await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.confirmEmail.invalidOrExpired);
  });

  it('answers 400 "Invalid or expired link." for a bad or expired token', async () => {
    const bad = await call(identity.url, 'POST', '/api/v1/users/confirm-email', {
      body: { token: 'not-a-real-token' },
    });
    expect(bad.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(bad.body)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.confirmEmail.invalidOrExpired,
    });
    const { id, token } = await signUpUser('late@kelvinside-garage.co.uk');
    await identity.db.pool.query(
      "UPDATE email_confirmation_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [id],
    );
    const expired = await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(MESSAGES.confirmEmail.invalidOrExpired);
    expect(await confirmedAt(id)).toBeNull();
  });

  it('answers 400 "Invalid confirmation link." without a token', async () => {
    for (const body of [{}, { token: '' }]) {
      const response = await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MESSAGES.confirmEmail.invalidLink);
    }
  });

  it('makes a confirmation link valid for 7 days', async () => {
    const { id } = await signUpUser('week@welland-valley.co.uk');
    const { rows } = await identity.db.pool.query<{ days: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int / 86400 AS days FROM email_confirmation_tokens WHERE user_id = $1',
      [id],
    );
    expect(rows[0]!.days).toBe(7);
  });
});

describe('POST /api/v1/users/resend-confirmation', () => {
  it('sends a new link to an unconfirmed user and retires the old one', async () => {
    const { id, token: oldToken } = await signUpUser('again@gower-motors.co.uk');
    const { accessToken } = await logIn(identity.url, 'again@gower-motors.co.uk', 'Spanner42');
    const { status, body } = await call(identity.url, 'POST', '/api/v1/users/resend-confirmation', {
      token: accessToken,
    });
    expect(status).toBe(200);
    expect(body.message).toBe(MESSAGES.identity.confirmationSent);
    expect(ZResendConfirmationResponseSchema.parse(body).data.emailConfirmed).toBe(false);
    const newToken = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested'))
      .filter((e) => e.userId === id)
      .at(-1)!.token!;
    expect(newToken).not.toBe(oldToken);
    expect(
      (await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token: oldToken } })).status,
    ).toBe(400);
    expect(
      (await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token: newToken } })).status,
    ).toBe(200);
  });

  it('sends nothing to a confirmed user', async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const before = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).length;
    const { status, body } = await call(identity.url, 'POST', '/api/v1/users/resend-confirmation', {
      token: accessToken,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: MESSAGES.identity.alreadyConfirmed, data: { emailConfirmed: true } });
    expect((await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).length).toBe(before);
  });

  it('answers 401 without a token', async () => {
    const { status, body } = await call(identity.url, 'POST', '/api/v1/users/resend-confirmation');
    expect(status).toBe(401);
    expect(body.message).toBe(MESSAGES.platform.unauthorized);
  });
});

describe('PATCH /api/v1/users/email/{id}', () => {
  it("changes the user's own e-mail, which then needs confirming again", async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const { status, body } = await call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
      token: accessToken,
      body: { email: ' Office@Pennine-Auto.co.uk ', currentPassword: user.password },
    });
    expect(status).toBe(200);
    expect(ZUpdateEmailResponseSchema.parse(body).data).toMatchObject({
      id: user.id,
      email: 'office@pennine-auto.co.uk',
    });
    expect(await confirmedAt(user.id)).toBeNull();
    const events = await outboxEvents(identity.db.pool, 'user.email_confirmation_requested');
    expect(events.at(-1)).toMatchObject({ userId: user.id, email: 'office@pennine-auto.co.uk' });
  });

  it('answers 409 with the shared message when the e-mail belongs to another user', async () => {
    const taken = await buildUser(identity.db.pool);
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const { status, body } = await call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
      token: accessToken,
      body: { email: taken.email, currentPassword: user.password },
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'duplicate_email', message: MESSAGES.signup.duplicateEmail });
  });

  it("lets an admin change another user's e-mail", async () => {
    const admin = await buildUser(identity.db.pool, { role: 'none', isAdmin: true });
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, admin.email, admin.password);
    const { status } = await call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
      token: accessToken,
      body: { email: `moved.${user.email}`, reason: 'Owner asked by phone' },
    });
    expect(status).toBe(200);
  });

  it("answers 403 on another user's id, 400 on a non-UUID id, 401 without a token, 404 for an unknown id (admin)", async () => {
    const user = await buildUser(identity.db.pool);
    const other = await buildUser(identity.db.pool);
    const admin = await buildUser(identity.db.pool, { role: 'none', isAdmin: true });
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const adminToken = (await logIn(identity.url, admin.email, admin.password)).accessToken;

    const forbidden = await call(identity.url, 'PATCH', `/api/v1/users/email/${other.id}`, {
      token: accessToken,
      body: { email: 'mine@now.co.uk' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MESSAGES.platform.forbidden);
    const { rows } = await identity.db.pool.query('SELECT email FROM users WHERE id = $1', [other.id]);
    expect(rows[0].email).toBe(other.email);

    const notUuid = await call(identity.url, 'PATCH', '/api/v1/users/email/12345', {
      token: accessToken,
      body: { email: 'x@y.co.uk' },
    });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toBe(MESSAGES.platform.invalidRequest);

    const anonymous = await call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
      body: { email: 'x@y.co.uk' },
    });
    expect(anonymous.status).toBe(401);

    const unknown = await call(identity.url, 'PATCH', `/api/v1/users/email/${randomUUID()}`, {
      token: adminToken,
      body: { email: 'x@y.co.uk', reason: 'Owner asked by phone' },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 with the message for a malformed e-mail', async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const { status, body } = await call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
      token: accessToken,
      body: { email: 'nope' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(MESSAGES.signup.emailInvalid);
  });
});

describe('PATCH /api/v1/users/password/{id}', () => {
  it('changes the password with the current one, ends other sessions and answers a fresh session', async () => {
    const user = await buildUser(identity.db.pool);
    const session = await logIn(identity.url, user.email, user.password);
    const { status, headers, body } = await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
      token: session.accessToken,
      body: { currentPassword: user.password, password: 'brake-pads' },
    });
    expect(status).toBe(200);
    const data = ZUpdatePasswordResponseSchema.parse(body).data;
    expect(data.session?.user.id).toBe(user.id);
    expect(body.message).toBe(MESSAGES.identity.passwordUpdated);
    // The fresh session's refresh token is the new session cookie, not in the body.
    const fresh = refreshTokenOf(headers);
    expect(JSON.stringify(body)).not.toContain(fresh);
    expect((await refresh(identity.url, session.refreshToken)).status).toBe(401);
    expect((await refresh(identity.url, fresh)).status).toBe(200);
    expect(
      (await call(identity.url, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: 'brake-pads' } }))
        .status,
    ).toBe(200);
  });

  it('answers 401 password_mismatch with a clear message for a wrong current password and changes nothing', async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const { status, body } = await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
      token: accessToken,
      body: { currentPassword: 'Guessing1', password: 'brake-pads' },
    });
    expect(status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(body)).toMatchObject({
      code: 'password_mismatch',
      message: MESSAGES.identity.currentPasswordIncorrect,
      errors: [{ path: 'currentPassword', message: MESSAGES.identity.currentPasswordIncorrect }],
    });
    expect(
      (await call(identity.url, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(200);
  });

  it("is no password oracle: wrong current passwords spend the account's re-check budget, shared with the other checks", async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const change = (currentPassword: string) =>
      call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
        token: accessToken,
        body: { currentPassword, password: 'taken-over' },
      });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) statuses.push((await change(`Guess${attempt}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const blocked = await change(user.password);
    expect(blocked.status).toBe(429);
    expect(ZErrorEnvelopeSchema.parse(blocked.body)).toMatchObject({
      code: 'rate_limited',
      message: MESSAGES.records.passwordAttemptsExceeded,
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same budget as records' re-check: spent here, it is spent there.
    const recheck = await call(identity.url, 'POST', '/internal/users/verify-password', {
      body: { userId: user.id, password: user.password },
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(recheck.status).toBe(429);
    expect(
      (await call(identity.url, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: 'taken-over' } }))
        .status,
    ).toBe(401);
  });

  it('gives the attempt back when the current password is right, so right answers never spend the budget', async () => {
    const user = await buildUser(identity.db.pool);
    let password = user.password;
    let { accessToken } = await logIn(identity.url, user.email, password);
    for (let change = 0; change < 7; change += 1) {
      const next = `brake-pads-${change}`;
      const answer = await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
        token: accessToken,
        body: { currentPassword: password, password: next },
      });
      expect(answer.status).toBe(200);
      accessToken = ZUpdatePasswordResponseSchema.parse(answer.body).data.session!.access_token;
      password = next;
    }
  });

  it('answers 400 with the shared messages for a short new password or a missing current password', async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const short = await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
      token: accessToken,
      body: { currentPassword: user.password, password: 'abc' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES.settings.newPasswordTooShort);
    const noCurrent = await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
      token: accessToken,
      body: { password: 'long-enough' },
    });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body.message).toBe(MESSAGES.settings.fillPasswordFields);
  });

  it("lets an admin set another user's password without knowing the current one", async () => {
    const admin = await buildUser(identity.db.pool, { role: 'none', isAdmin: true });
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, admin.email, admin.password);
    const { status, body } = await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, {
      token: accessToken,
      body: { password: 'set-by-admin', reason: 'Owner asked by phone' },
    });
    expect(status).toBe(200);
    expect(ZUpdatePasswordResponseSchema.parse(body).data.session).toBeUndefined();
    expect(
      (
        await call(identity.url, 'POST', '/api/v1/auth/login', {
          body: { email: user.email, password: 'set-by-admin' },
        })
      ).status,
    ).toBe(200);
  });

  it("answers 403 on another user's id, 400 on a non-UUID id and 401 without a token", async () => {
    const user = await buildUser(identity.db.pool);
    const other = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const forbidden = await call(identity.url, 'PATCH', `/api/v1/users/password/${other.id}`, {
      token: accessToken,
      body: { currentPassword: user.password, password: 'taking-over' },
    });
    expect(forbidden.status).toBe(403);
    expect(
      (
        await call(identity.url, 'POST', '/api/v1/auth/login', {
          body: { email: other.email, password: other.password },
        })
      ).status,
    ).toBe(200);
    const notUuid = await call(identity.url, 'PATCH', '/api/v1/users/password/not-a-uuid', {
      token: accessToken,
      body: { password: 'whatever' },
    });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toBe(MESSAGES.platform.invalidRequest);
    expect(
      (await call(identity.url, 'PATCH', `/api/v1/users/password/${user.id}`, { body: { password: 'whatever' } }))
        .status,
    ).toBe(401);
  });
});
