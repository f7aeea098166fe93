/**
 * SPEC.md section 6 enforced on the server: every protected call built so far (service records included), made through the gateway by a
 * visitor, a garage without a subscription, a garage with one, another garage, and an admin.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmEmailFromMail, logInThroughApi, registerGarage } from './support/api.js';
import { seedAccounts, seedGarages } from './support/data.js';

type Caller = 'public' | 'garageWithout' | 'garageWith' | 'anotherGarage' | 'admin';
const tokens: Partial<Record<Caller, string>> = {};
const ids: Partial<Record<Caller, string>> = {};

async function api(method: string, path: string, caller: Caller, body?: unknown): Promise<number> {
  const token = tokens[caller];
  const response = await fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number };
  expect(envelope.status).toBe(response.status);
  return response.status;
}

beforeAll(async () => {
  const stamp = Date.now();
  await registerGarage(5, `matrix.a.${stamp}@example.co.uk`, 'Matrix2026');
  await registerGarage(6, `matrix.b.${stamp}@example.co.uk`, 'Matrix2026');
  const without = await logInThroughApi(`matrix.a.${stamp}@example.co.uk`, 'Matrix2026');
  // The garage without a subscription has confirmed its e-mail; the other garage has not.
  await confirmEmailFromMail(`matrix.a.${stamp}@example.co.uk`, without.id);
  const another = await logInThroughApi(`matrix.b.${stamp}@example.co.uk`, 'Matrix2026');
  const subscribedGarage = seedGarages.find((g) => g.id !== seedAccounts.garage.garage_id && g.subscription_status === 'active')!;
  // A seeded garage with an active subscription; its password is unknown, so the admin (created at start-up
  // from ADMIN_EMAIL / ADMIN_PASSWORD) sets one, which is itself a call this matrix checks.
  const admin = await logInThroughApi(seedAccounts.admin.email, seedAccounts.admin.password);
  tokens.admin = admin.token;
  ids.admin = admin.id;
  expect(await api('PATCH', `/users/password/${subscribedGarage.id}`, 'admin', { password: 'Matrix2026' })).toBe(200);
  const withSubscription = await logInThroughApi(subscribedGarage.email, 'Matrix2026');
  Object.assign(tokens, { garageWithout: without.token, anotherGarage: another.token, garageWith: withSubscription.token });
  Object.assign(ids, { garageWithout: without.id, anotherGarage: another.id, garageWith: withSubscription.id });
});

describe('who may do what (SPEC.md section 6)', () => {
  it('lets anyone search a vehicle history', async () => {
    for (const caller of ['public', 'garageWithout', 'garageWith', 'admin'] as Caller[]) {
      expect(await api('GET', '/service-records/lookup/AD61HCX', caller)).toBe(200);
    }
  });

  it.each<[string, string, Record<Caller, number>]>([
    ['GET', '/auth/me', { public: 401, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 200 }],
    ['GET', '/garages/me', { public: 401, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 403 }],
    ['GET', '/billing/subscription', { public: 401, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 403 }],
    ['GET', '/service-records/mine', { public: 401, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 403 }],
    ['GET', '/service-records/vin/AD61HCX', { public: 401, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 403 }],
    ['GET', '/service-records/verify/AD61HCX', { public: 200, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 200 }],
    ['GET', '/service-records/signing-key', { public: 200, garageWithout: 200, garageWith: 200, anotherGarage: 200, admin: 200 }],
  ])('%s %s answers each caller as SPEC.md says', async (method, path, expected) => {
    for (const [caller, status] of Object.entries(expected) as [Caller, number][]) {
      expect({ caller, status: await api(method, path, caller) }).toEqual({ caller, status });
    }
  });

  it("keeps a garage's phone to that garage (and the admin)", async () => {
    const target = () => `/users/phone/${ids.garageWithout}`;
    const body = { phone: '01632960999' };
    expect(await api('PATCH', target(), 'public', body)).toBe(401);
    expect(await api('PATCH', target(), 'anotherGarage', body)).toBe(403);
    expect(await api('PATCH', target(), 'garageWith', body)).toBe(403);
    expect(await api('PATCH', target(), 'garageWithout', body)).toBe(200);
    expect(await api('PATCH', target(), 'admin', body)).toBe(200);
  });

  it("keeps a user's e-mail and password to that user (and the admin)", async () => {
    const target = `/users/password/${ids.garageWithout}`;
    expect(await api('PATCH', target, 'public', { password: 'Another2026' })).toBe(401);
    expect(await api('PATCH', target, 'anotherGarage', { currentPassword: 'Matrix2026', password: 'Another2026' })).toBe(403);
    expect(await api('PATCH', `/users/email/${ids.garageWithout}`, 'anotherGarage', { email: 'taken@example.co.uk' })).toBe(403);
    expect(await api('PATCH', '/users/email/not-a-uuid', 'garageWithout', { email: 'x@example.co.uk' })).toBe(400);
  });

  it('lets only a garage with an active or trialing subscription add a service record', async () => {
    const record = (registration: string) => ({
      vin: 'WBA8E9G50GNT00001',
      vehicle_registration: registration,
      mileage: 12000,
      service_type: 'Oil & Filter Change',
      notes: null,
      full_name: 'Matrix Mechanic',
      password: 'Matrix2026',
    });
    expect(await api('POST', '/service-records/validate', 'public', { vin: 'WBA8E9G50GNT00001', vehicleRegistration: 'MX26AAA' })).toBe(401);
    expect(await api('POST', '/service-records/validate', 'admin', { vin: 'WBA8E9G50GNT00001', vehicleRegistration: 'MX26AAA' })).toBe(403);
    expect(await api('POST', '/service-records/validate', 'garageWithout', { vin: 'WBA8E9G50GNT00001', vehicleRegistration: 'MX26AAA' })).toBe(200);
    expect(await api('POST', '/service-records', 'public', record('MX26AAA'))).toBe(401);
    expect(await api('POST', '/service-records', 'admin', { ...record('MX26AAA'), password: seedAccounts.admin.password })).toBe(403);
    expect(await api('POST', '/service-records', 'garageWithout', record('MX26AAA'))).toBe(403);
    expect(await api('POST', '/service-records', 'anotherGarage', record('MX26AAA'))).toBe(403);
    expect(await api('POST', '/service-records', 'garageWith', { ...record('MX26AAA'), garage_id: ids.garageWithout })).toBe(403);
    expect(await api('POST', '/service-records', 'garageWith', record('MX26AAA'))).toBe(201);
    expect(await api('GET', '/service-records/lookup/MX26AAA', 'public')).toBe(200);
  });

  it('lets only a garage start checkout or open billing, and never bills a subscribed garage twice', async () => {
    const origin = new URL(inject('gatewayUrl')).origin;
    const plans = (await (await fetch(`${inject('gatewayUrl')}/api/v1/billing/plans`)).json()) as { data: { products: { priceId: string }[] } };
    const checkout = {
      price_id: plans.data.products[0]!.priceId,
      mode: 'subscription',
      customerEmail: 'ignored@example.co.uk',
      success_url: `${origin}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/checkout?canceled=true`,
    };
    expect(await api('POST', '/stripe/create-checkout-session', 'public', checkout)).toBe(401);
    expect(await api('POST', '/stripe/create-checkout-session', 'admin', checkout)).toBe(403);
    expect(await api('POST', '/stripe/create-checkout-session', 'garageWith', checkout)).toBe(409);
    expect(await api('POST', '/stripe/create-checkout-session', 'anotherGarage', checkout)).toBe(403);
    expect(await api('POST', '/stripe/create-checkout-session', 'garageWithout', checkout)).toBe(200);
    expect(await api('POST', '/billing/subscription/sync', 'public', { session_id: 'cs_test_matrix' })).toBe(401);
    expect(await api('POST', '/billing/subscription/sync', 'admin', { session_id: 'cs_test_matrix' })).toBe(403);
    expect(await api('POST', '/billing/subscription/sync', 'garageWithout', { session_id: 'not a session' })).toBe(400);
    expect(await api('POST', '/billing/portal', 'public')).toBe(401);
    expect(await api('POST', '/billing/portal', 'admin')).toBe(403);
    expect(await api('POST', '/billing/portal', 'garageWith')).toBe(200);
  });
});
