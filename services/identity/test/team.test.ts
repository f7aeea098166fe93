import { createRevokedUsers, createRequestRedis, createTokenVerifier, hashToken } from '@sh/shared/server';
import {
  TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY,
  TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY,
  TECHNICIANS_PER_GARAGE,
  TEAM_MESSAGES,
  ZErrorEnvelopeSchema,
  ZInviteTechnicianResponseSchema,
} from '@sh/shared/contract';
import { TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** docs/product.md#the-garages-team: the owner's invitations, the technician's acceptance, a removal. */

let identity: RunningIdentity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

let counter = 0;
const newEmail = (who: string) => `${who}${(counter += 1)}.${Date.now()}@hartley-motors.co.uk`;

async function ownerSession() {
  const owner = await buildUser(identity.db.pool);
  return { ...owner, token: (await logIn(identity.url, owner.email, owner.password)).accessToken };
}

async function invite(ownerToken: string, email: string, name = 'Rhys Price') {
  return call(identity.url, 'POST', '/api/v1/garage-team/invitations', { token: ownerToken, body: { email, name } });
}

/** The raw token of the invitation mailed to this address, from its event (the outbox row's secret field). */
async function invitationToken(email: string): Promise<string> {
  const event = (await outboxEvents(identity.db.pool, 'technician.invited')).find((e) => e.email === email)!;
  return event.token!;
}

async function joinedTechnician(ownerToken: string, password = 'Wrench2026') {
  const email = newEmail('tech');
  expect((await invite(ownerToken, email)).status).toBe(201);
  const token = await invitationToken(email);
  const accepted = await call(identity.url, 'POST', '/api/v1/garage-team/invitations/accept', {
    body: { token, password },
  });
  expect(accepted.status).toBe(200);
  return { email, password, ...(await logIn(identity.url, email, password)) };
}

describe('inviting a technician', () => {
  it('stores only the link token’s hash, mails it through the event’s secret field, and lists the invitation', async () => {
    const owner = await ownerSession();
    const email = newEmail('tech');
    const answer = await invite(owner.token, ` ${email.toUpperCase()} `, ' Rhys Price ');
    expect(answer.status).toBe(201);
    const token = await invitationToken(email);
    const { rows } = await identity.db.pool.query<{ token_hash: string; expires_at: Date; full_name: string }>(
      'SELECT token_hash, expires_at, full_name FROM technician_invitations WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.full_name).toBe('Rhys Price');
    const days = (rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const team = await call(identity.url, 'GET', '/api/v1/garage-team', { token: owner.token });
    expect(team.body.data).toMatchObject({ members: [{ email, name: 'Rhys Price', status: 'invited' }], limit: 50 });
  });

  it('refuses an address with an account or an open invitation, and a 51st place, changing nothing', async () => {
    const owner = await ownerSession();
    const other = await buildUser(identity.db.pool);
    const taken = await invite(owner.token, other.email);
    expect({ status: taken.status, message: taken.body.message }).toEqual({
      status: 409,
      message: TEAM_MESSAGES.emailTaken,
    });
    const email = newEmail('tech');
    expect((await invite(owner.token, email)).status).toBe(201);
    expect((await invite(owner.token, email)).body.message).toBe(TEAM_MESSAGES.alreadyInvited);
    for (let i = 1; i < TECHNICIANS_PER_GARAGE; i += 1) {
      await identity.db.pool.query(
        `INSERT INTO technician_invitations (garage_id, email, full_name, token_hash, expires_at)
         VALUES ($1, $2, 'Filler', $3, now() + interval '1 day')`,
        [owner.id, `filler${i}.${owner.id}@example.co.uk`, `hash-${i}-${owner.id}`],
      );
    }
    const over = await invite(owner.token, newEmail('tech'));
    expect({ status: over.status, message: over.body.message }).toEqual({
      status: 409,
      message: TEAM_MESSAGES.limitReached,
    });
    const { rows } = await identity.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM technician_invitations WHERE garage_id = $1',
      [owner.id],
    );
    expect(rows[0]!.n).toBe(TECHNICIANS_PER_GARAGE);
  });
});

describe('the day’s invitation mails', () => {
  const invitationsTo = async (email: string) =>
    (await outboxEvents(identity.db.pool, 'technician.invited')).filter((e) => e.email === email).length;
  const withdraw = (ownerToken: string, id: string) =>
    call(identity.url, 'DELETE', `/api/v1/garage-team/${id}`, { token: ownerToken });

  it('refuses an invite, withdraw, invite loop at the address’s cap with 429, mailing nothing more', async () => {
    const owner = await ownerSession();
    const email = newEmail('loop');
    for (let i = 0; i < TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY; i += 1) {
      const sent = await invite(owner.token, email);
      expect(sent.status).toBe(201);
      const { invitation } = ZInviteTechnicianResponseSchema.parse(sent.body).data;
      expect((await withdraw(owner.token, invitation.id)).status).toBe(200);
    }

    const refused = await invite(owner.token, email);
    expect(refused.status).toBe(429);
    expect(ZErrorEnvelopeSchema.parse(refused.body)).toMatchObject({
      code: 'rate_limited',
      message: TEAM_MESSAGES.addressInvitationsPerDayReached,
      errors: [{ path: 'email', message: TEAM_MESSAGES.addressInvitationsPerDayReached }],
    });
    // Another garage cannot mail the address either; the first garage can still invite someone else.
    const other = await ownerSession();
    expect((await invite(other.token, email)).status).toBe(429);
    expect(await invitationsTo(email)).toBe(TECHNICIAN_INVITATIONS_PER_ADDRESS_PER_DAY);
    const { rows } = await identity.db.pool.query('SELECT 1 FROM technician_invitations WHERE email = $1', [email]);
    expect(rows).toEqual([]);
    expect((await invite(owner.token, newEmail('tech'))).status).toBe(201);
  });

  it('refuses a garage’s invitation over its day’s cap with 429, storing nothing, and not another garage’s', async () => {
    const owner = await ownerSession();
    for (let i = 0; i < TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY; i += 1) {
      expect((await invite(owner.token, newEmail('crew'))).status).toBe(201);
    }
    const email = newEmail('crew');
    const refused = await invite(owner.token, email);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 429,
      message: TEAM_MESSAGES.garageInvitationsPerDayReached,
    });
    expect(await invitationsTo(email)).toBe(0);
    const { rows } = await identity.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM technician_invitations WHERE garage_id = $1',
      [owner.id],
    );
    expect(rows[0]!.n).toBe(TECHNICIAN_INVITATIONS_PER_GARAGE_PER_DAY);
    // A refusal spends nothing of the address's: another garage invites it at once.
    expect((await invite((await ownerSession()).token, email)).status).toBe(201);
  });
});

describe('accepting an invitation', () => {
  it('makes a technician whose token names the garage and their name; the link works once', async () => {
    const owner = await ownerSession();
    const technician = await joinedTechnician(owner.token);
    const claims = await createTokenVerifier({ publicKey: identity.keys.publicKey }).verify(technician.accessToken);
    expect(claims).toMatchObject({ role: 'technician', garageId: owner.id, name: 'Rhys Price' });
    const me = await call(identity.url, 'GET', '/api/v1/auth/me', { token: technician.accessToken });
    expect(me.body.data).toMatchObject({ userType: 'technician', emailConfirmed: true });
    const again = await call(identity.url, 'POST', '/api/v1/garage-team/invitations/accept', {
      body: { token: await invitationToken(technician.email), password: 'Another2026' },
    });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 400,
      message: TEAM_MESSAGES.invitationInvalid,
    });
  });

  it('refuses a link past its 7 days', async () => {
    const owner = await ownerSession();
    const email = newEmail('tech');
    await invite(owner.token, email);
    await identity.db.pool.query(
      "UPDATE technician_invitations SET expires_at = now() - interval '1 second' WHERE email = $1",
      [email],
    );
    const late = await call(identity.url, 'POST', '/api/v1/garage-team/invitations/accept', {
      body: { token: await invitationToken(email), password: 'Wrench2026' },
    });
    expect(late.status).toBe(400);
    const { rowCount } = await identity.db.pool.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rowCount).toBe(0);
  });
});

describe("the team's calls are the owner's", () => {
  it('answers a technician, an admin and a user of no type 403, and no token 401', async () => {
    const owner = await ownerSession();
    const technician = await joinedTechnician(owner.token);
    const admin = await buildUser(identity.db.pool, { isAdmin: true });
    const adminToken = (await logIn(identity.url, admin.email, admin.password)).accessToken;
    for (const token of [technician.accessToken, adminToken]) {
      expect((await call(identity.url, 'GET', '/api/v1/garage-team', { token })).status).toBe(403);
      expect((await invite(token, newEmail('tech'))).status).toBe(403);
    }
    expect((await call(identity.url, 'GET', '/api/v1/garage-team')).status).toBe(401);
  });
});

describe('removing a technician', () => {
  it('ends their sessions at once: the revoked mark, their user and refresh tokens go; another garage cannot', async () => {
    const owner = await ownerSession();
    const otherOwner = await ownerSession();
    const technician = await joinedTechnician(owner.token);
    const team = await call(identity.url, 'GET', '/api/v1/garage-team', { token: owner.token });
    const id = (team.body.data as { members: { id: string; email: string }[] }).members.find(
      (m) => m.email === technician.email,
    )!.id;
    expect((await call(identity.url, 'DELETE', `/api/v1/garage-team/${id}`, { token: otherOwner.token })).status).toBe(
      404,
    );
    expect((await call(identity.url, 'DELETE', `/api/v1/garage-team/${id}`, { token: owner.token })).status).toBe(200);

    const redis = createRequestRedis(TEST_REDIS_URL);
    try {
      const verifier = createTokenVerifier({
        publicKey: identity.keys.publicKey,
        revokedUsers: createRevokedUsers(redis, identity.keyPrefix),
      });
      await expect(verifier.verify(technician.accessToken)).rejects.toMatchObject({ code: 'unauthorized' });
    } finally {
      redis.disconnect();
    }
    expect((await call(identity.url, 'GET', '/api/v1/auth/me', { token: technician.accessToken })).status).toBe(401);
    expect((await refresh(identity.url, technician.refreshToken)).status).toBe(401);
    const recheck = await call(identity.url, 'POST', '/internal/users/verify-password', {
      body: { userId: id, password: technician.password },
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(recheck.body.data).toEqual({ valid: false });
  });

  it("keeps a suspended garage's technicians from signing in", async () => {
    const owner = await ownerSession();
    const technician = await joinedTechnician(owner.token);
    await identity.db.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [owner.id]);
    const login = await call(identity.url, 'POST', '/api/v1/auth/login', {
      body: { email: technician.email, password: technician.password },
    });
    expect(login.status).toBe(403);
  });
});
