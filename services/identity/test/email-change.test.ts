import { randomUUID } from 'node:crypto';
import { MESSAGES, ZErrorEnvelopeSchema, ZUpdateEmailResponseSchema } from '@sh/shared/contract';
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

const UNDO = '/api/v1/users/undo-email-change';
let counter = 0;
const freshEmail = (label: string) => `${label}${(counter += 1)}.${Date.now()}@bridgend-auto.co.uk`;

async function emailOf(userId: string): Promise<{ email: string; confirmed: boolean }> {
  const { rows } = await identity.db.pool.query<{ email: string; email_confirmed_at: Date | null }>(
    'SELECT email, email_confirmed_at FROM users WHERE id = $1',
    [userId],
  );
  return { email: rows[0]!.email, confirmed: rows[0]!.email_confirmed_at !== null };
}

async function canRefresh(refreshToken: string): Promise<boolean> {
  return (await refresh(identity.url, refreshToken)).status === 200;
}

/** Asks for a reset link for the address and answers its raw token, from the event identity wrote. */
async function resetTokenFor(userId: string, email: string): Promise<string> {
  await call(identity.url, 'POST', '/api/v1/auth/forgot-password', { body: { email } });
  return (await outboxEvents(identity.db.pool, 'user.password_reset_requested'))
    .filter((e) => e.userId === userId)
    .at(-1)!.token!;
}

/** The undo link's token of the newest change of this user's e-mail, from the event that asks for the notice mail. */
async function undoTokenFor(userId: string): Promise<string> {
  const notice = (await outboxEvents(identity.db.pool, 'user.email_change_notice_requested'))
    .filter((e) => e.userId === userId)
    .at(-1);
  if (!notice?.token) throw new Error('no e-mail change notice was asked for');
  return notice.token;
}

async function changeOwnEmail(user: { id: string; email: string; password: string }, email: string) {
  const { accessToken } = await logIn(identity.url, user.email, user.password);
  return call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
    token: accessToken,
    body: { email, currentPassword: user.password },
  });
}

async function verifyPasswordInternally(userId: string, password: string) {
  return call(identity.url, 'POST', '/internal/users/verify-password', {
    body: { userId, password },
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
  });
}

describe('PATCH /api/v1/users/email/{id} by the user', () => {
  it('answers 400 without the current password and 401 with a wrong one, and changes nothing', async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const target = `/api/v1/users/email/${user.id}`;

    const missing = await call(identity.url, 'PATCH', target, {
      token: accessToken,
      body: { email: freshEmail('missing') },
    });
    expect(missing.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(missing.body)).toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.identity.currentPasswordRequired,
      errors: [{ path: 'currentPassword', message: MESSAGES.identity.currentPasswordRequired }],
    });

    const wrong = await call(identity.url, 'PATCH', target, {
      token: accessToken,
      body: { email: freshEmail('wrong'), currentPassword: 'Guessing1' },
    });
    expect(wrong.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(wrong.body)).toMatchObject({
      code: 'password_mismatch',
      message: MESSAGES.identity.currentPasswordIncorrect,
    });

    expect(await emailOf(user.id)).toEqual({ email: user.email, confirmed: true });
    expect((await outboxEvents(identity.db.pool, 'user.email_changed')).filter((e) => e.userId === user.id)).toEqual(
      [],
    );
  });

  it("counts wrong current passwords against the account's password re-check budget, whichever call spends it", async () => {
    const user = await buildUser(identity.db.pool);
    const { accessToken } = await logIn(identity.url, user.email, user.password);
    const target = `/api/v1/users/email/${user.id}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (
          await call(identity.url, 'PATCH', target, {
            token: accessToken,
            body: { email: freshEmail('guess'), currentPassword: `Guess${attempt}` },
          })
        ).status,
      ).toBe(401);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(((await verifyPasswordInternally(user.id, `Other${attempt}`)).body.data as { valid: boolean }).valid).toBe(
        false,
      );
    }

    const blocked = await call(identity.url, 'PATCH', target, {
      token: accessToken,
      body: { email: freshEmail('right'), currentPassword: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.records.passwordAttemptsExceeded);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await verifyPasswordInternally(user.id, user.password)).status).toBe(429);
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('changes the e-mail, ends the other sessions and open reset links, and answers a fresh session', async () => {
    const user = await buildUser(identity.db.pool);
    const otherDevice = await logIn(identity.url, user.email, user.password);
    const openReset = await resetTokenFor(user.id, user.email);
    const newEmail = freshEmail('moved');

    const { status, headers, body } = await changeOwnEmail(user, ` ${newEmail.toUpperCase()} `);
    expect(status).toBe(200);
    const data = ZUpdateEmailResponseSchema.parse(body).data;
    expect(data).toMatchObject({ id: user.id, email: newEmail });
    expect(data.session?.user).toEqual({ id: user.id, email: newEmail });
    expect(await emailOf(user.id)).toEqual({ email: newEmail, confirmed: false });

    expect(await canRefresh(otherDevice.refreshToken)).toBe(false);
    expect(JSON.stringify(body)).not.toContain(refreshTokenOf(headers));
    expect(await canRefresh(refreshTokenOf(headers))).toBe(true);
    const reset = await call(identity.url, 'POST', '/api/v1/auth/reset-password', {
      body: { token: openReset, password: 'taken-over' },
    });
    expect(reset.status).toBe(400);
    expect(
      (await call(identity.url, 'POST', '/api/v1/auth/login', { body: { email: newEmail, password: user.password } }))
        .status,
    ).toBe(200);
  });

  it('mails the old address a single-use undo link valid for 7 days, and announces user.email_changed', async () => {
    const user = await buildUser(identity.db.pool);
    const newEmail = freshEmail('announced');
    const before = Date.now();
    expect((await changeOwnEmail(user, newEmail)).status).toBe(200);

    const notices = (await outboxEvents(identity.db.pool, 'user.email_change_notice_requested')).filter(
      (e) => e.userId === user.id,
    );
    expect(notices).toEqual([{ userId: user.id, oldEmail: user.email, newEmail, token: expect.any(String) }]);
    const changes = (await outboxEvents(identity.db.pool, 'user.email_changed')).filter((e) => e.userId === user.id);
    expect(changes).toEqual([{ userId: user.id, oldEmail: user.email, newEmail, changedAt: expect.any(Number) }]);
    expect(Number(changes[0]!.changedAt)).toBeGreaterThanOrEqual(before);
    const confirmations = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested')).filter(
      (e) => e.userId === user.id,
    );
    expect(confirmations.at(-1)).toMatchObject({ email: newEmail });

    const { rows } = await identity.db.pool.query<{ days: number; token_hash: string }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int / 86400 AS days, token_hash FROM email_change_undo_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.days).toBe(7);
    expect(rows[0]!.token_hash).not.toBe(notices[0]!.token);
  });

  it('changes nothing and sends nothing when the address is the same', async () => {
    const user = await buildUser(identity.db.pool);
    const session = await logIn(identity.url, user.email, user.password);
    const { status } = await changeOwnEmail(user, user.email);
    expect(status).toBe(200);
    expect(await canRefresh(session.refreshToken)).toBe(true);
    expect(
      (await outboxEvents(identity.db.pool, 'user.email_change_notice_requested')).filter((e) => e.userId === user.id),
    ).toEqual([]);
  });
});

describe('PATCH /api/v1/users/email/{id} by an admin', () => {
  it("needs no password, and still tells the old address, ends the user's sessions and announces the change", async () => {
    const admin = await buildUser(identity.db.pool, { role: 'none', isAdmin: true });
    const user = await buildUser(identity.db.pool);
    const userSession = await logIn(identity.url, user.email, user.password);
    const { accessToken } = await logIn(identity.url, admin.email, admin.password);
    const newEmail = freshEmail('by-admin');

    const { status, body } = await call(identity.url, 'PATCH', `/api/v1/users/email/${user.id}`, {
      token: accessToken,
      body: { email: newEmail, reason: 'Owner asked by phone' },
    });
    expect(status).toBe(200);
    expect(ZUpdateEmailResponseSchema.parse(body).data).toEqual({ id: user.id, email: newEmail });
    expect(await canRefresh(userSession.refreshToken)).toBe(false);
    expect(
      (await outboxEvents(identity.db.pool, 'user.email_change_notice_requested')).filter((e) => e.userId === user.id),
    ).toHaveLength(1);
    expect(
      (await outboxEvents(identity.db.pool, 'user.email_changed')).filter((e) => e.userId === user.id),
    ).toMatchObject([{ oldEmail: user.email, newEmail }]);
  });

  it('answers 404 for an unknown user id', async () => {
    const admin = await buildUser(identity.db.pool, { role: 'none', isAdmin: true });
    const { accessToken } = await logIn(identity.url, admin.email, admin.password);
    const { status } = await call(identity.url, 'PATCH', `/api/v1/users/email/${randomUUID()}`, {
      token: accessToken,
      body: { email: freshEmail('nobody'), reason: 'Owner asked by phone' },
    });
    expect(status).toBe(404);
  });
});

describe('POST /api/v1/users/undo-email-change', () => {
  it('restores the old address as confirmed, ends every session and open link, and announces the change back, once', async () => {
    const user = await buildUser(identity.db.pool);
    const newEmail = freshEmail('hijacked');
    const changed = await changeOwnEmail(user, newEmail);
    const refreshToken = refreshTokenOf(changed.headers);
    const openReset = await resetTokenFor(user.id, newEmail);
    const confirmation = (await outboxEvents(identity.db.pool, 'user.email_confirmation_requested'))
      .filter((e) => e.userId === user.id)
      .at(-1)!.token!;
    const undo = await undoTokenFor(user.id);

    const { status, body } = await call(identity.url, 'POST', UNDO, { body: { token: undo } });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 200,
      message: MESSAGES.identity.emailChangeUndone,
      data: { email: user.email },
    });
    expect(await emailOf(user.id)).toEqual({ email: user.email, confirmed: true });
    expect(await canRefresh(refreshToken)).toBe(false);
    expect(
      (
        await call(identity.url, 'POST', '/api/v1/auth/reset-password', {
          body: { token: openReset, password: 'taken-over' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(identity.url, 'POST', '/api/v1/users/confirm-email', { body: { token: confirmation } })).status,
    ).toBe(400);
    expect(
      (await outboxEvents(identity.db.pool, 'user.email_changed')).filter((e) => e.userId === user.id).at(-1),
    ).toMatchObject({
      oldEmail: newEmail,
      newEmail: user.email,
    });

    const again = await call(identity.url, 'POST', UNDO, { body: { token: undo } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MESSAGES.identity.emailChangeUndoInvalid);
  });

  it('answers 400 for a missing, unknown or expired link', async () => {
    const missing = await call(identity.url, 'POST', UNDO, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.identity.emailChangeUndoInvalid);
    const unknown = await call(identity.url, 'POST', UNDO, { body: { token: 'made-up-token' } });
    expect(ZErrorEnvelopeSchema.parse(unknown.body)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.identity.emailChangeUndoInvalid,
    });

    const user = await buildUser(identity.db.pool);
    const newEmail = freshEmail('late');
    await changeOwnEmail(user, newEmail);
    const undo = await undoTokenFor(user.id);
    await identity.db.pool.query(
      "UPDATE email_change_undo_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.id],
    );
    expect((await call(identity.url, 'POST', UNDO, { body: { token: undo } })).status).toBe(400);
    expect((await emailOf(user.id)).email).toBe(newEmail);
  });

  it('keeps the undo link of an earlier change working after a later one, and using it retires the later link', async () => {
    const user = await buildUser(identity.db.pool);
    const second = freshEmail('second');
    const third = freshEmail('third');
    await changeOwnEmail(user, second);
    const firstUndo = await undoTokenFor(user.id);
    await changeOwnEmail({ ...user, email: second }, third);
    const secondUndo = await undoTokenFor(user.id);
    expect(secondUndo).not.toBe(firstUndo);

    expect((await call(identity.url, 'POST', UNDO, { body: { token: firstUndo } })).status).toBe(200);
    expect((await emailOf(user.id)).email).toBe(user.email);
    expect((await call(identity.url, 'POST', UNDO, { body: { token: secondUndo } })).status).toBe(400);
    expect((await emailOf(user.id)).email).toBe(user.email);
  });

  it('answers 409 when the old address now belongs to another account, and changes nothing', async () => {
    const user = await buildUser(identity.db.pool);
    const newEmail = freshEmail('left');
    await changeOwnEmail(user, newEmail);
    const undo = await undoTokenFor(user.id);
    await buildUser(identity.db.pool, { email: user.email });

    const { status, body } = await call(identity.url, 'POST', UNDO, { body: { token: undo } });
    expect(status).toBe(409);
    expect(body.message).toBe(MESSAGES.identity.emailChangeUndoConflict);
    expect((await emailOf(user.id)).email).toBe(newEmail);
  });
});
