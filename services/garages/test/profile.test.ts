import { randomUUID } from 'node:crypto';
import { MESSAGES, ZGarageProfileResponseSchema, ZUpdatePhoneResponseSchema } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGarage, call, startStack, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('GET /api/v1/garages/me', () => {
  it("answers the signed-in garage's own profile", async () => {
    const garage = await buildGarage(stack, { name: 'Castle Garage Ltd', phone: '01904123456' });
    const token = stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });
    const { status, body } = await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token });
    expect(status).toBe(200);
    const profile = ZGarageProfileResponseSchema.parse(body).data.garage;
    expect(profile).toMatchObject({
      id: garage.id,
      name: 'Castle Garage Ltd',
      email: garage.email,
      phone: '01904123456',
      referral_code: garage.referralCode,
      subscription_status: 'inactive',
    });
    expect(Number.isNaN(Date.parse(profile.created_at))).toBe(false);
  });

  it('answers 401 without a token, 403 for an admin and 404 for a garage token without a garage', async () => {
    expect((await call(stack.garagesUrl, 'GET', '/api/v1/garages/me')).status).toBe(401);
    const admin = stack.tokenFor({ sub: randomUUID(), role: 'admin', email: 'ops@servicehistory.example' });
    const forbidden = await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token: admin });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MESSAGES.platform.forbidden);
    const orphan = stack.tokenFor({ sub: randomUUID(), role: 'garage', email: 'ghost@nowhere.co.uk' });
    expect((await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token: orphan })).status).toBe(404);
  });

  it('writes nothing: the garage row and the outbox stay as they were', async () => {
    const garage = await buildGarage(stack);
    const token = stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });
    const snapshot = async () => ({
      row: (await stack.garagesDb.pool.query('SELECT * FROM garages WHERE id = $1', [garage.id])).rows[0],
      outbox: (await stack.garagesDb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM event_outbox')).rows[0]!
        .n,
    });
    const before = await snapshot();
    expect((await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PATCH /api/v1/users/phone/{id}', () => {
  async function phoneOf(id: string): Promise<string> {
    const { rows } = await stack.garagesDb.pool.query<{ phone: string }>('SELECT phone FROM garages WHERE id = $1', [
      id,
    ]);
    return rows[0]!.phone;
  }

  it("updates the garage's own phone and writes garage.updated", async () => {
    const garage = await buildGarage(stack);
    const token = stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });
    const { status, body } = await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${garage.id}`, {
      token,
      body: { phone: '0113 496 0000' },
    });
    expect(status).toBe(200);
    expect(body.message).toBe(MESSAGES.garages.phoneUpdated);
    expect(ZUpdatePhoneResponseSchema.parse(body).data).toEqual({ id: garage.id, phone: '01134960000' });
    expect(await phoneOf(garage.id)).toBe('01134960000');
    const events = await stack.garagesDb.pool.query("SELECT payload FROM event_outbox WHERE name = 'garage.updated'");
    expect(events.rows.map((r) => r.payload)).toContainEqual({
      garageId: garage.id,
      name: garage.name,
      address: 'Unit 6 Marsh Barton, Exeter, EX2 8NX',
      phone: '01134960000',
      slug: expect.stringMatching(/^ashcombe-autos-ltd/),
    });
  });

  it("lets an admin update a garage's phone", async () => {
    const garage = await buildGarage(stack);
    const admin = stack.tokenFor({ sub: randomUUID(), role: 'admin', email: 'ops@servicehistory.example' });
    expect(
      (
        await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${garage.id}`, {
          token: admin,
          body: { phone: '07700900999', reason: 'Owner asked by phone' },
        })
      ).status,
    ).toBe(200);
    expect(await phoneOf(garage.id)).toBe('07700900999');
  });

  it("answers 403 on another garage's id and for a user who is not a garage, changing nothing", async () => {
    const garage = await buildGarage(stack);
    const other = await buildGarage(stack);
    const intruder = stack.tokenFor({ sub: other.id, role: 'garage', email: other.email });
    const forbidden = await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${garage.id}`, {
      token: intruder,
      body: { phone: '07700900666' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MESSAGES.platform.forbidden);
    const plainUser = stack.tokenFor({ sub: garage.id, role: 'none', email: garage.email });
    expect(
      (
        await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${garage.id}`, {
          token: plainUser,
          body: { phone: '07700900666' },
        })
      ).status,
    ).toBe(403);
    expect(await phoneOf(garage.id)).toBe(garage.phone);
  });

  it('answers 400 for a non-UUID id, 401 without a token and 404 for an unknown garage (admin)', async () => {
    const garage = await buildGarage(stack);
    const token = stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });
    const notUuid = await call(stack.garagesUrl, 'PATCH', '/api/v1/users/phone/garage-1', {
      token,
      body: { phone: '07700900123' },
    });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toBe(MESSAGES.platform.invalidRequest);
    expect(
      (await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${garage.id}`, { body: { phone: '07700900123' } }))
        .status,
    ).toBe(401);
    const admin = stack.tokenFor({ sub: randomUUID(), role: 'admin', email: 'ops@servicehistory.example' });
    expect(
      (
        await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${randomUUID()}`, {
          token: admin,
          body: { phone: '07700900123', reason: 'Owner asked by phone' },
        })
      ).status,
    ).toBe(404);
  });

  it.each([
    ['', MESSAGES.signup.phoneRequired],
    ['0770090012', MESSAGES.signup.phoneInvalid],
    ['17700900123', MESSAGES.signup.phoneInvalid],
    ['+447700900123', MESSAGES.signup.phoneInvalid],
  ])('answers 400 for phone %j with the message and changes nothing', async (phone, message) => {
    const garage = await buildGarage(stack);
    const token = stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });
    const { status, body } = await call(stack.garagesUrl, 'PATCH', `/api/v1/users/phone/${garage.id}`, {
      token,
      body: { phone },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await phoneOf(garage.id)).toBe(garage.phone);
  });
});
