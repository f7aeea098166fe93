import { callJson } from '@sh/shared/testing';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkLabelled } from './harness.js';
import {
  columnsHolding,
  IDENTITY_INTERNAL_TOKEN,
  startIdentityAndNotifications,
  type IdentityAndNotifications,
} from './with-identity.js';

let stack: IdentityAndNotifications;

beforeAll(async () => {
  stack = await startIdentityAndNotifications();
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * Where a token may still be found, per database: identity's outbox row keeps it until its reconciler has seen
 * notifications' job completed (so that a job Redis loses can be published again: no job carries the token,
 * notifications fetches it from identity), then drops it.
 */
function expectedHolders(stage: 'consumed' | 'reconciled') {
  return { identity: stage === 'consumed' ? ['event_outbox.payload'] : [], notifications: [] };
}

async function holdersOf(token: string) {
  return {
    identity: await columnsHolding(stack.identityDb.pool, token),
    notifications: await columnsHolding(stack.notificationsDb.pool, token),
  };
}

function tokenIn(mail: ParsedMail, label: string): string {
  const token = linkLabelled(mail.html as string, label).searchParams.get('token');
  if (!token) throw new Error(`The "${label}" link carries no token`);
  return token;
}

async function signUp(email: string, password = 'Spanner42'): Promise<string> {
  const { status, body } = await callJson(stack.identityUrl, 'POST', '/internal/users', {
    body: { email, password, role: 'garage' },
    headers: { 'x-internal-token': IDENTITY_INTERNAL_TOKEN },
  });
  expect(status).toBe(201);
  return (body.data as { id: string }).id;
}

const mailsWithSubject = (mails: ParsedMail[], to: string, pattern: RegExp) =>
  mails.filter(
    (mail) =>
      (Array.isArray(mail.to) ? mail.to : [mail.to]).some((group) => group?.text.includes(to)) &&
      pattern.test(mail.subject ?? ''),
  );

describe('one-time tokens at rest, once their mails are out', () => {
  it('leaves no table of identity or notifications holding a confirmation or reset token, sent or failed for good, and no log line printing one', async () => {
    const delivered = `owner.${Date.now()}@pennine-auto.co.uk`;
    const bouncing = `gone.${Date.now()}@kelvinside-garage.co.uk`;
    stack.smtp.refuse(bouncing, { code: 550, times: 100, stage: 'data' });

    // Delivered: the signup's confirmation link, followed; then a reset link, left unused.
    await signUp(delivered);
    const confirmation = tokenIn(await stack.smtp.waitForMail(delivered), 'Confirm email address');
    expect(
      (await callJson(stack.identityUrl, 'POST', '/api/v1/users/confirm-email', { body: { token: confirmation } }))
        .status,
    ).toBe(200);
    expect(
      (await callJson(stack.identityUrl, 'POST', '/api/v1/auth/forgot-password', { body: { email: delivered } }))
        .status,
    ).toBe(200);
    await expect.poll(() => mailsWithSubject(stack.smtp.mails, delivered, /reset/i).length).toBe(1);
    const reset = tokenIn(mailsWithSubject(stack.smtp.mails, delivered, /reset/i)[0]!, 'Reset password');

    // Failed for good: the mailbox refuses both mails with a 550, so they are never delivered.
    await signUp(bouncing);
    expect(
      (await callJson(stack.identityUrl, 'POST', '/api/v1/auth/forgot-password', { body: { email: bouncing } })).status,
    ).toBe(200);
    await stack.whenMailSettled();
    const { rows } = await stack.notificationsDb.pool.query<{ template: string; status: string }>(
      'SELECT template, status FROM mail_queue WHERE to_address = $1 ORDER BY template',
      [bouncing],
    );
    expect(rows).toEqual([
      { template: 'email_confirmation', status: 'failed' },
      { template: 'password_reset', status: 'failed' },
    ]);
    const bouncedConfirmation = tokenIn(
      mailsWithSubject(stack.smtp.refusedMails, bouncing, /confirm/i)[0]!,
      'Confirm email address',
    );
    const bouncedReset = tokenIn(mailsWithSubject(stack.smtp.refusedMails, bouncing, /reset/i)[0]!, 'Reset password');

    const tokens = [confirmation, reset, bouncedConfirmation, bouncedReset];
    for (const token of tokens) expect(await holdersOf(token)).toEqual(expectedHolders('consumed'));
    await stack.reconcile();
    for (const token of tokens) expect(await holdersOf(token)).toEqual(expectedHolders('reconciled'));
    for (const token of tokens) {
      expect(stack.logLines.filter((line) => line.includes(token))).toEqual([]);
    }
  });

  it('leaves no table holding the undo token mailed to the old address of a changed e-mail', async () => {
    const oldEmail = `before.${Date.now()}@gower-motors.co.uk`;
    const newEmail = `after.${Date.now()}@gower-motors.co.uk`;
    const id = await signUp(oldEmail);
    const login = await callJson(stack.identityUrl, 'POST', '/api/v1/auth/login', {
      body: { email: oldEmail, password: 'Spanner42' },
    });
    const accessToken = (login.body.data as { session: { access_token: string } }).session.access_token;
    const changed = await callJson(stack.identityUrl, 'PATCH', `/api/v1/users/email/${id}`, {
      token: accessToken,
      body: { email: newEmail, currentPassword: 'Spanner42' },
    });
    expect(changed.status).toBe(200);

    await expect.poll(() => mailsWithSubject(stack.smtp.mails, oldEmail, /changed/i).length).toBe(1);
    const undo = tokenIn(mailsWithSubject(stack.smtp.mails, oldEmail, /changed/i)[0]!, 'Undo this change');
    const confirmation = tokenIn(await stack.smtp.waitForMail(newEmail), 'Confirm email address');
    await stack.whenMailSettled();

    for (const token of [undo, confirmation]) expect(await holdersOf(token)).toEqual(expectedHolders('consumed'));
    await stack.reconcile();
    for (const token of [undo, confirmation]) expect(await holdersOf(token)).toEqual(expectedHolders('reconciled'));
    for (const token of [undo, confirmation]) expect(stack.logLines.filter((line) => line.includes(token))).toEqual([]);
  });
});
