import { Secret, TOTP } from 'otpauth';
import {
  MESSAGES,
  RECOVERY_CODE_COUNT,
  ZConfirmSecondFactorEnrolmentResponseSchema,
  ZErrorEnvelopeSchema,
  ZLoginResponseSchema,
  ZSecondFactorStatusResponseSchema,
  ZSignedInResponseSchema,
  ZStartSecondFactorEnrolmentResponseSchema,
} from '@sh/shared/contract';
import { createTokenVerifier } from '@sh/shared/server';
import { refreshTokenOf } from '@sh/shared/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildUser,
  call,
  logIn,
  refresh,
  startIdentity,
  startIdentityWithRedis,
  type RunningIdentity,
} from './helpers.js';

let identity: RunningIdentity;
let production: RunningIdentity;

beforeAll(async () => {
  [identity, production] = await Promise.all([
    startIdentity(),
    startIdentity({ isSecondFactorRequiredForAdmins: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([identity?.close(), production?.close()]);
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The tests' clock: Date (only) is held in the middle of a 30-second step, for the tests and the service in this
 * process alike, so a code's step is known exactly; moveToStep(n) goes n steps on from the first.
 */
function holdClock() {
  const first = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(first);
  return {
    moveToStep: (step: number) => vi.setSystemTime(first + step * 30_000),
    /** The code an app shows for the secret at `step` steps from the first. */
    codeAt: (secret: string, step: number) =>
      TOTP.generate({
        secret: Secret.fromBase32(secret),
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        timestamp: first + step * 30_000,
      }),
  };
}

/** A wrong code for the secret at the clock's time: the right one with its first digit changed. */
function wrongCode(rightCode: string): string {
  return `${(Number(rightCode[0]) + 1) % 10}${rightCode.slice(1)}`;
}

/** Signs a user in (password only) and enrols TOTP with a code of step `step`; answers the secret, recovery codes and token. */
async function enrol(
  service: RunningIdentity,
  user: { email: string; password: string },
  codeAt: (secret: string, step: number) => string,
  step = 0,
) {
  const { accessToken } = await logIn(service.url, user.email, user.password);
  const started = await call(service.url, 'POST', '/api/v1/users/second-factor/enrolment', { token: accessToken });
  expect(started.status).toBe(200);
  const { secret } = ZStartSecondFactorEnrolmentResponseSchema.parse(started.body).data;
  const confirmed = await call(service.url, 'POST', '/api/v1/users/second-factor/enrolment/confirm', {
    token: accessToken,
    body: { code: codeAt(secret, step) },
  });
  expect(confirmed.status).toBe(200);
  return {
    secret,
    accessToken,
    recoveryCodes: ZConfirmSecondFactorEnrolmentResponseSchema.parse(confirmed.body).data.recoveryCodes,
  };
}

/** Logs in with the password; answers the challenge login asks the second factor for. */
async function challengeFor(service: RunningIdentity, user: { email: string; password: string }): Promise<string> {
  const { status, body } = await call(service.url, 'POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(status).toBe(200);
  const data = ZLoginResponseSchema.parse(body).data;
  if (!('challenge' in data)) throw new Error(`login answered no challenge: ${JSON.stringify(Object.keys(data))}`);
  return data.challenge;
}

function secondStep(service: RunningIdentity, challenge: string, code: string) {
  return call(service.url, 'POST', '/api/v1/auth/login/second-factor', { body: { challenge, code } });
}

describe('enrolling TOTP (POST users/second-factor/enrolment, .../confirm)', () => {
  it('generates the secret on the server, stores it encrypted, and is active only once a code proves it', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const started = await call(identity.url, 'POST', '/api/v1/users/second-factor/enrolment', { token: accessToken });
    expect(started.status).toBe(200);
    const { secret, otpauthUri, qrCode } = ZStartSecondFactorEnrolmentResponseSchema.parse(started.body).data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(otpauthUri).searchParams.get('secret')).toBe(secret);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const { rows } = await identity.db.pool.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM user_second_factors WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.secret_ciphertext).not.toContain(secret);

    // Pending: signing in still takes the password alone.
    const pendingLogin = await call(identity.url, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(ZSignedInResponseSchema.safeParse(pendingLogin.body).success).toBe(true);

    const wrong = await call(identity.url, 'POST', '/api/v1/users/second-factor/enrolment/confirm', {
      token: accessToken,
      body: { code: wrongCode(clock.codeAt(secret, 0)) },
    });
    expect(wrong.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(wrong.body)).toMatchObject({
      code: 'second_factor_mismatch',
      message: MESSAGES.secondFactor.codeIncorrect,
    });

    const confirmed = await call(identity.url, 'POST', '/api/v1/users/second-factor/enrolment/confirm', {
      token: accessToken,
      body: { code: clock.codeAt(secret, 0) },
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes, signedIn } = ZConfirmSecondFactorEnrolmentResponseSchema.parse(confirmed.body).data;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(signedIn).toBeUndefined();

    // The secret is never answered again: starting over is refused until it is turned off.
    const again = await call(identity.url, 'POST', '/api/v1/users/second-factor/enrolment', { token: accessToken });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(secret);
    const status = await call(identity.url, 'GET', '/api/v1/users/second-factor', { token: accessToken });
    expect(ZSecondFactorStatusResponseSchema.parse(status.body).data).toEqual({
      isEnabled: true,
      isRequired: false,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });
  });

  it('refuses the calls without a token (401) and a confirmation without a code (400, with the message)', async () => {
    expect((await call(identity.url, 'POST', '/api/v1/users/second-factor/enrolment')).status).toBe(401);
    expect((await call(identity.url, 'GET', '/api/v1/users/second-factor')).status).toBe(401);
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const missing = await call(identity.url, 'POST', '/api/v1/users/second-factor/enrolment/confirm', {
      token: accessToken,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(missing.body).message).toBe(MESSAGES.secondFactor.codeRequired);
  });
});

describe('signing in with a second factor (POST auth/login, then auth/login/second-factor)', () => {
  it('asks for the code after the password, with no session yet; the right code starts one that refreshes', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { secret } = await enrol(identity, user, clock.codeAt);
    const { body } = await call(identity.url, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(body.message).toBe(MESSAGES.secondFactor.enterCode);
    expect(Object.keys(body.data as object).sort()).toEqual(['challenge', 'secondFactorRequired']);
    const challenge = await challengeFor(identity, user);
    // The challenge is no access token anywhere.
    expect((await call(identity.url, 'GET', '/api/v1/auth/me', { token: challenge })).status).toBe(401);

    clock.moveToStep(1);
    const wrong = await secondStep(identity, challenge, wrongCode(clock.codeAt(secret, 1)));
    expect(wrong.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(wrong.body)).toMatchObject({
      code: 'second_factor_mismatch',
      message: MESSAGES.secondFactor.codeIncorrect,
    });

    const right = await secondStep(identity, challenge, clock.codeAt(secret, 1));
    expect(right.status).toBe(200);
    const { session, userType } = ZSignedInResponseSchema.parse(right.body).data;
    expect(userType).toBe('garage');
    const refreshToken = refreshTokenOf(right.headers);
    expect(JSON.stringify(right.body)).not.toContain(refreshToken);
    expect(session.user.id).toBe(user.id);
    const refreshed = await refresh(identity.url, refreshToken);
    expect(refreshed.status).toBe(200);
  });

  it('does not take the same code twice, nor an earlier one, within its window', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { secret } = await enrol(identity, user, clock.codeAt);
    clock.moveToStep(1);
    expect((await secondStep(identity, await challengeFor(identity, user), clock.codeAt(secret, 1))).status).toBe(200);
    const replayed = await secondStep(identity, await challengeFor(identity, user), clock.codeAt(secret, 1));
    expect(replayed.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(replayed.body).code).toBe('second_factor_mismatch');
    // The previous step's code is inside the window, but older than the code already used.
    expect((await secondStep(identity, await challengeFor(identity, user), clock.codeAt(secret, 0))).status).toBe(401);
    expect((await secondStep(identity, await challengeFor(identity, user), clock.codeAt(secret, 2))).status).toBe(200);
  });

  it('counts wrong codes against a per-account budget: the sixth is 429 with Retry-After, even with the right code', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { secret } = await enrol(identity, user, clock.codeAt);
    clock.moveToStep(1);
    const challenge = await challengeFor(identity, user);
    const bad = wrongCode(clock.codeAt(secret, 1));
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await secondStep(identity, challenge, bad)).status).toBe(401);
    const spent = await secondStep(identity, challenge, clock.codeAt(secret, 1));
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ZErrorEnvelopeSchema.parse(spent.body).message).toBe(MESSAGES.secondFactor.attemptsExceeded);
  });

  it('reserves each attempt before comparing: 20 wrong codes at once give at most 5 answers of 401, the rest 429', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { secret } = await enrol(identity, user, clock.codeAt);
    const challenge = await challengeFor(identity, user);
    const bad = wrongCode(clock.codeAt(secret, 1));
    const answers = await Promise.all(Array.from({ length: 20 }, () => secondStep(identity, challenge, bad)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('takes each recovery code once, and keeps only their hashes', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { recoveryCodes } = await enrol(identity, user, clock.codeAt);
    const { rows } = await identity.db.pool.query<{ code_hash: string }>(
      'SELECT code_hash FROM second_factor_recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = rows.map((row) => row.code_hash).join(' ');
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ''));
    }
    const first = recoveryCodes[0]!;
    expect((await secondStep(identity, await challengeFor(identity, user), first.toLowerCase())).status).toBe(200);
    expect((await secondStep(identity, await challengeFor(identity, user), first)).status).toBe(401);
    expect(
      (await secondStep(identity, await challengeFor(identity, user), recoveryCodes[1]!.replace(/-/g, ' '))).status,
    ).toBe(200);
  });

  it('refuses a challenge that is not one (401) and a step without a code (400, with the message)', async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const notAChallenge = await secondStep(identity, accessToken, '123456');
    expect(notAChallenge.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(notAChallenge.body).message).toBe(MESSAGES.secondFactor.challengeExpired);
    const noCode = await call(identity.url, 'POST', '/api/v1/auth/login/second-factor', { body: { challenge: 'x' } });
    expect(noCode.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(noCode.body).message).toBe(MESSAGES.secondFactor.codeRequired);
  });
});

describe('turning TOTP off (DELETE users/second-factor)', () => {
  it('needs the current password and a code; then sign-in takes the password alone again', async () => {
    const clock = holdClock();
    const user = await buildUser(identity.db.pool);
    const { secret, accessToken } = await enrol(identity, user, clock.codeAt);
    clock.moveToStep(1);
    const code = clock.codeAt(secret, 1);
    const off = (body: object) =>
      call(identity.url, 'DELETE', '/api/v1/users/second-factor', { token: accessToken, body });
    const noPassword = await off({ code });
    expect(noPassword.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(noPassword.body).message).toBe(MESSAGES.identity.currentPasswordRequired);
    expect((await off({ currentPassword: 'Wrong-one-1', code })).status).toBe(401);
    expect((await off({ currentPassword: user.password, code: wrongCode(code) })).status).toBe(401);
    expect(
      (
        await call(identity.url, 'DELETE', '/api/v1/users/second-factor', {
          body: { currentPassword: user.password, code },
        })
      ).status,
    ).toBe(401);
    expect((await off({ currentPassword: user.password, code })).status).toBe(200);
    const login = await call(identity.url, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(ZSignedInResponseSchema.safeParse(login.body).success).toBe(true);
  });
});

describe('an admin where a second factor is required (production)', () => {
  it('gets from the password an enrolment-only token, refused everywhere else, and the session only once enrolled', async () => {
    const clock = holdClock();
    const admin = await buildUser(production.db.pool, { isAdmin: true });
    const login = await call(production.url, 'POST', '/api/v1/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(MESSAGES.secondFactor.enrolmentRequired);
    const data = ZLoginResponseSchema.parse(login.body).data;
    if (!('enrolmentToken' in data)) throw new Error('expected an enrolment token');
    expect(JSON.stringify(data)).not.toContain('refresh_token');
    const token = data.enrolmentToken;

    // Every access-token check (the gateway's, every service's) names it, so the SPA can send the admin to enrol.
    const verifier = createTokenVerifier({ publicKey: production.keys.publicKey });
    await expect(verifier.verify(token)).rejects.toMatchObject({
      code: 'second_factor_enrolment_required',
      status: 403,
    });
    const me = await call(production.url, 'GET', '/api/v1/auth/me', { token });
    expect(me.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(me.body)).toMatchObject({
      code: 'second_factor_enrolment_required',
      message: MESSAGES.secondFactor.enrolmentRequired,
    });
    expect(
      (
        await call(production.url, 'PATCH', `/api/v1/users/password/${admin.id}`, {
          token,
          body: { currentPassword: admin.password, newPassword: 'Spanner43' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(production.url, 'DELETE', '/api/v1/users/second-factor', {
          token,
          body: { currentPassword: admin.password, code: '123456' },
        })
      ).status,
    ).toBe(403);

    const status = await call(production.url, 'GET', '/api/v1/users/second-factor', { token });
    expect(ZSecondFactorStatusResponseSchema.parse(status.body).data).toEqual({
      isEnabled: false,
      isRequired: true,
      recoveryCodesLeft: 0,
    });
    const started = await call(production.url, 'POST', '/api/v1/users/second-factor/enrolment', { token });
    const { secret } = ZStartSecondFactorEnrolmentResponseSchema.parse(started.body).data;
    const confirmed = await call(production.url, 'POST', '/api/v1/users/second-factor/enrolment/confirm', {
      token,
      body: { code: clock.codeAt(secret, 0) },
    });
    expect(confirmed.status).toBe(200);
    const { signedIn } = ZConfirmSecondFactorEnrolmentResponseSchema.parse(confirmed.body).data;
    expect(signedIn?.userType).toBe('admin');
    // The session starts here, its refresh token in the session cookie only.
    expect(JSON.stringify(confirmed.body)).not.toContain(refreshTokenOf(confirmed.headers));
    expect(await verifier.verify(signedIn!.session.access_token)).toMatchObject({ sub: admin.id, role: 'admin' });

    // From now on: password, then code; and the admin may not turn it off.
    clock.moveToStep(1);
    const next = await secondStep(production, await challengeFor(production, admin), clock.codeAt(secret, 1));
    expect(next.status).toBe(200);
    const { session } = ZSignedInResponseSchema.parse(next.body).data;
    const off = await call(production.url, 'DELETE', '/api/v1/users/second-factor', {
      token: session.access_token,
      body: { currentPassword: admin.password, code: clock.codeAt(secret, 2) },
    });
    expect(off.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(off.body).message).toBe(MESSAGES.secondFactor.requiredForAdmins);
  });

  it('ends, at its next refresh, the session of an admin without it (one from before the rule, or a user made admin since)', async () => {
    const user = await buildUser(production.db.pool);
    const { refreshToken } = await logIn(production.url, user.email, user.password);
    await production.db.pool.query('INSERT INTO admin_users (user_id) VALUES ($1)', [user.id]);
    const refreshed = await refresh(production.url, refreshToken);
    expect(refreshed.status).toBe(401);
    const { rows } = await production.db.pool.query(
      'SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
      [user.id],
    );
    expect(rows).toHaveLength(0);
  });

  it('lets a garage there sign in with the password alone until it turns a second factor on', async () => {
    const garage = await buildUser(production.db.pool);
    const login = await call(production.url, 'POST', '/api/v1/auth/login', {
      body: { email: garage.email, password: garage.password },
    });
    expect(ZSignedInResponseSchema.safeParse(login.body).success).toBe(true);
  });
});

describe('with Redis away (the budget of codes cannot be kept)', () => {
  it('checks no code at all (503), so six digits are never guessed unbudgeted, and changes nothing', async () => {
    const clock = holdClock();
    const away = await startIdentityWithRedis('redis://127.0.0.1:1');
    try {
      const user = await buildUser(away.db.pool);
      const { accessToken } = await logIn(away.url, user.email, user.password);
      const started = await call(away.url, 'POST', '/api/v1/users/second-factor/enrolment', { token: accessToken });
      const { secret } = ZStartSecondFactorEnrolmentResponseSchema.parse(started.body).data;
      const confirm = await call(away.url, 'POST', '/api/v1/users/second-factor/enrolment/confirm', {
        token: accessToken,
        body: { code: clock.codeAt(secret, 0) },
      });
      expect(confirm.status).toBe(503);
      expect(ZErrorEnvelopeSchema.parse(confirm.body).code).toBe('service_unavailable');
      const { rows } = await away.db.pool.query('SELECT confirmed_at FROM user_second_factors WHERE user_id = $1', [
        user.id,
      ]);
      expect(rows[0]!.confirmed_at).toBeNull();
    } finally {
      await away.close();
    }
  });
});
