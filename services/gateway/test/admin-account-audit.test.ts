import { randomUUID } from 'node:crypto';
import {
  ZAdminDataResponseSchema,
  ZErrorEnvelopeSchema,
  type TAdminAction,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { createIdentityUser } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGarage as buildGarageRow } from '../../garages/test/builders.js';
import { STACK_INTERNAL_TOKEN, startAdminStack, type AdminStack } from './admin-stack.js';

// An admin's change to someone else's account (their password, e-mail or phone) is kept in the audit of admin actions
// by the service that makes it, and listed with the others in admin/data: who, what, when and why, never the secret.

let stack: AdminStack;
let gateway: { url: string; close(): Promise<void> };
let adminToken = '';
const admin = { sub: randomUUID(), role: 'admin' as const, email: 'ops@wrenchmark.test' };
const REASON = 'Owner phoned in, identity checked against the Companies House record';

beforeAll(async () => {
  stack = await startAdminStack();
  gateway = await stack.startGateway();
  adminToken = stack.tokenFor(admin);
});
afterAll(async () => {
  await stack?.close();
});

/** A garage user with a confirmed e-mail, made through identity's API. */
async function buildUser() {
  const user = await createIdentityUser(stack.urls.identity, STACK_INTERNAL_TOKEN);
  await stack.dbs.identity.pool.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id]);
  return user;
}

async function patch(pathname: string, body: unknown, token = adminToken) {
  const response = await fetch(`${gateway.url}/api/v1${pathname}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function recentAdminActions(): Promise<TAdminAction[]> {
  const response = await fetch(`${gateway.url}/api/v1/admin/data`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(response.status).toBe(200);
  return ZAdminDataResponseSchema.parse(await response.json()).data.adminActions;
}

async function auditRows(service: 'identity' | 'garages'): Promise<string> {
  const { rows } = await stack.dbs[service].pool.query('SELECT * FROM admin_actions');
  return JSON.stringify(rows);
}

describe("the audit of an admin's changes to another account", () => {
  it("keeps an admin setting another user's password, with the reason, and never the password or its hash", async () => {
    const user = await buildUser();
    const newPassword = 'Set-by-the-admin-7319';
    const answer = await patch(`/users/password/${user.id}`, { password: newPassword, reason: REASON });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const entry = (await recentAdminActions()).find((action) => action.subject.id === user.id);
    expect(entry).toMatchObject({
      action: 'user.password_set',
      actor: { id: admin.sub, email: admin.email },
      subject: { type: 'user', id: user.id, label: user.email },
      reason: REASON,
      service: 'identity',
    });
    expect(Date.now() - Date.parse(entry!.at)).toBeLessThan(60_000);
    const { rows } = await stack.dbs.identity.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [user.id],
    );
    const kept = await auditRows('identity');
    expect(kept).not.toContain(newPassword);
    expect(kept).not.toContain(rows[0]!.password_hash);
    expect(JSON.stringify(entry)).not.toContain(newPassword);
  });

  it("keeps an admin changing another user's e-mail, labelled with the address it had, and no token", async () => {
    const user = await buildUser();
    const newEmail = `moved.${Date.now()}@exeter-motors.co.uk`;
    const answer = await patch(`/users/email/${user.id}`, { email: newEmail, reason: REASON });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const entry = (await recentAdminActions()).find((action) => action.subject.id === user.id);
    expect(entry).toMatchObject({
      action: 'user.email_changed',
      actor: { id: admin.sub, email: admin.email },
      subject: { type: 'user', id: user.id, label: user.email },
      reason: REASON,
      service: 'identity',
    });
    const kept = await auditRows('identity');
    const { rows } = await stack.dbs.identity.pool.query<{ token_hash: string }>(
      'SELECT token_hash FROM email_change_undo_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(kept).not.toContain(rows[0]!.token_hash);
    expect(kept).not.toContain(newEmail);
  });

  it("keeps an admin changing another garage's phone, with the reason", async () => {
    const garage = { id: randomUUID(), name: 'Dartmoor Motor Works Ltd' };
    await buildGarageRow({ garagesDb: stack.dbs.garages }, { ...garage, subscriptionStatus: 'active' });
    const answer = await patch(`/users/phone/${garage.id}`, { phone: '01392 654321', reason: REASON });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    expect((await recentAdminActions()).find((action) => action.subject.id === garage.id)).toMatchObject({
      action: 'garage.phone_changed',
      actor: { id: admin.sub, email: admin.email },
      subject: { type: 'garage', id: garage.id, label: garage.name },
      reason: REASON,
      service: 'garages',
    });
  });

  it('refuses each change without a reason (400 on the reason), and changes and keeps nothing', async () => {
    const user = await buildUser();
    const garage = { id: randomUUID(), name: 'Exe Valley Garage Ltd' };
    await buildGarageRow({ garagesDb: stack.dbs.garages }, { ...garage, subscriptionStatus: 'active' });
    const calls = [
      [`/users/password/${user.id}`, { password: 'No-reason-given-1' }],
      [`/users/email/${user.id}`, { email: `noreason.${Date.now()}@exeter-motors.co.uk` }],
      [`/users/phone/${garage.id}`, { phone: '01392 111222' }],
      [`/users/phone/${garage.id}`, { phone: '01392 111222', reason: '  ' }],
    ] as const;
    for (const [pathname, body] of calls) {
      const answer = await patch(pathname, body);
      expect(answer.status, pathname).toBe(400);
      expect(ZErrorEnvelopeSchema.parse(answer.body)).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'reason', message: ADMIN_ACTION_MESSAGES.reasonRequired }],
      });
    }
    const subjects = (await recentAdminActions()).map((action) => action.subject.id);
    expect(subjects).not.toContain(user.id);
    expect(subjects).not.toContain(garage.id);
    const { rows } = await stack.dbs.garages.pool.query<{ phone: string }>('SELECT phone FROM garages WHERE id = $1', [
      garage.id,
    ]);
    expect(rows[0]!.phone).not.toBe('01392111222');
  });

  it('keeps nothing when users change their own account (no admin action), and asks them for no reason', async () => {
    const user = await buildUser();
    const own = stack.tokenFor({ sub: user.id, role: 'garage', email: user.email });
    const answer = await patch(
      `/users/password/${user.id}`,
      { currentPassword: user.password, password: 'My-own-new-one-5' },
      own,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await recentAdminActions()).map((action) => action.subject.id)).not.toContain(user.id);
  });
});
