import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import {
  MESSAGES,
  ZAdminDataResponseSchema,
  ZAdminStatusResponseSchema,
  ZErrorEnvelopeSchema,
  ZRetryEventResponseSchema,
  type TAdminDataResponse,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { queueNameFor } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusingRedisUrl } from '../../../packages/shared/test/redis-stand-ins.js';
import { buildGarage as buildGarageRow } from '../../garages/test/builders.js';
import { buildGarage as buildDirectoryEntry, buildServiceRecord } from '../../records/test/builders.js';
import { silentService, startAdminStack, stoppedServiceUrl, type AdminStack } from './admin-stack.js';

let stack: AdminStack;
let gateway: { url: string; close(): Promise<void> };
let adminToken = '';
let garageToken = '';
const admin = { sub: randomUUID(), role: 'admin' as const, email: 'admin@wrenchmark.test' };
const garages = {
  ashcombe: { id: randomUUID(), name: 'Ashcombe Autos Ltd' },
  brunel: { id: randomUUID(), name: 'Brunel Motor Engineers Ltd' },
  clent: { id: randomUUID(), name: 'Clent Hills Garage Ltd' },
};

beforeAll(async () => {
  stack = await startAdminStack();
  gateway = await stack.startGateway();
  adminToken = stack.tokenFor(admin);
  garageToken = stack.tokenFor({ sub: garages.ashcombe.id, role: 'garage', email: 'office@ashcombe-autos.co.uk' });

  // The garages builder needs only the garages database of its stack.
  const garagesDb = { garagesDb: stack.dbs.garages };
  await buildGarageRow(garagesDb, {
    ...garages.ashcombe,
    subscriptionStatus: 'active',
    createdAt: '2026-01-01 09:00:00+00',
  });
  await buildGarageRow(garagesDb, {
    ...garages.brunel,
    subscriptionStatus: 'trialing',
    referredBy: garages.ashcombe.id,
    createdAt: '2026-01-02 09:00:00+00',
  });
  await buildGarageRow(garagesDb, {
    ...garages.clent,
    subscriptionStatus: 'canceled',
    createdAt: '2026-01-03 09:00:00+00',
  });

  const recordsDb = stack.dbs.records.pool;
  for (const garage of Object.values(garages)) await buildDirectoryEntry(recordsDb, garage);
  await buildServiceRecord(recordsDb, garages.ashcombe.id, { registration: 'AB12CDE', serviceDate: '2025-03-14' });
  await buildServiceRecord(recordsDb, garages.brunel.id, { registration: 'AB12CDE', serviceDate: '2024-03-10' });
  await buildServiceRecord(recordsDb, garages.brunel.id, { registration: 'XY34ZZZ', serviceDate: '2025-05-01' });
  await buildServiceRecord(recordsDb, garages.clent.id, {
    registration: 'GH56JKL',
    serviceDate: '2025-06-01',
    withdrawn: true,
  });
});

afterAll(async () => {
  await stack?.close();
});

async function get(base: string, pathname: string, token = adminToken) {
  const started = Date.now();
  const response = await fetch(`${base}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as unknown, ms: Date.now() - started };
}

async function post(base: string, pathname: string, token = adminToken, body?: unknown) {
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function adminData(query = '', base = gateway.url): Promise<TAdminDataResponse['data']> {
  const answer = await get(base, `/api/v1/admin/data${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ZAdminDataResponseSchema.parse(answer.body).data;
}

describe('GET /api/v1/admin/data', () => {
  it("composes the cards' totals, both lists and the audit from the services that own them", async () => {
    const data = await adminData();
    expect(data.totals).toEqual({
      garages: 3,
      activeSubscriptions: 2,
      serviceRecords: 3,
      latestServiceDate: '2025-05-01',
    });
    expect(data.garages.map((g) => g.name)).toEqual([garages.clent.name, garages.brunel.name, garages.ashcombe.name]);
    expect(data.garages.find((g) => g.id === garages.brunel.id)!.referred_by).toEqual({
      id: garages.ashcombe.id,
      name: garages.ashcombe.name,
    });
    expect(data.serviceRecords.map((r) => [r.vehicle_registration, r.service_date])).toEqual([
      ['GH56JKL', '2025-06-01'],
      ['XY34ZZZ', '2025-05-01'],
      ['AB12CDE', '2025-03-14'],
      ['AB12CDE', '2024-03-10'],
    ]);
    expect(data.serviceRecords[0]!.withdrawal).not.toBeNull();
    expect(data.serviceRecords[1]!.garage.name).toBe(garages.brunel.name);
    expect(data.unavailable).toEqual([]);
  });

  it('pages each list with its cursor, and `only` leaves the other list empty while the totals stay', async () => {
    const first = await adminData('?limit=2');
    expect(first.garages.map((g) => g.name)).toEqual([garages.clent.name, garages.brunel.name]);
    expect(first.nextCursors.garages).not.toBeNull();
    const second = await adminData(`?limit=2&only=garages&garages_cursor=${first.nextCursors.garages}`);
    expect(second.garages.map((g) => g.name)).toEqual([garages.ashcombe.name]);
    expect(second.nextCursors).toEqual({ garages: null, serviceRecords: null });
    expect(second.serviceRecords).toEqual([]);
    expect(second.totals).toEqual(first.totals);

    const records = await adminData(`?limit=2&only=serviceRecords&records_cursor=${first.nextCursors.serviceRecords}`);
    expect(records.serviceRecords.map((r) => r.service_date)).toEqual(['2025-03-14', '2024-03-10']);
    expect(records.garages).toEqual([]);
    expect(records.totals.garages).toBe(3);
  });

  it('searches garages by name, e-mail or company number and records by registration however it is typed', async () => {
    expect((await adminData('?garages_q=BRUNEL')).garages.map((g) => g.id)).toEqual([garages.brunel.id]);
    const byRegistration = await adminData(`?records_q=${encodeURIComponent('ab12 cde')}`);
    expect(byRegistration.serviceRecords.map((r) => r.vehicle_registration)).toEqual(['AB12CDE', 'AB12CDE']);
    expect(byRegistration.totals.serviceRecords).toBe(3);
  });

  it('answers every spelling of its path that express would route, and no other', async () => {
    for (const spelling of ['/API/V1/Admin/Data/', '/api/v1//admin//data']) {
      const answer = await get(gateway.url, spelling);
      expect({ spelling, status: answer.status }).toEqual({ spelling, status: 200 });
    }
    // An encoded letter is no match for a literal segment in express's routes, nor in the gateway's.
    expect((await get(gateway.url, '/api/v1/admin/%64ata')).status).toBe(404);
  });

  it('answers 401 without a token and 403 to a garage', async () => {
    const anonymous = await get(gateway.url, '/api/v1/admin/data', '');
    expect(anonymous.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(anonymous.body)).toMatchObject({
      code: 'unauthorized',
      message: MESSAGES.platform.unauthorized,
    });
    const garage = await get(gateway.url, '/api/v1/admin/data', garageToken);
    expect(garage.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(garage.body)).toMatchObject({
      code: 'forbidden',
      message: MESSAGES.platform.forbidden,
    });
  });

  it.each([
    ['limit=101', 'limit', null],
    ['limit=0', 'limit', null],
    ['only=everything', 'only', null],
    ['records_q=AB-12', 'records_q', MESSAGES.platform.registrationInvalidCharacters],
    ['garages_cursor=not%20a%20cursor', 'garages_cursor', MESSAGES.records.cursorInvalid],
    [`garages_q=${'a'.repeat(201)}`, 'garages_q', ADMIN_ACTION_MESSAGES.searchTooLong],
  ])('answers 400 for %s, naming the field', async (query, field, message) => {
    const answer = await get(gateway.url, `/api/v1/admin/data?${query}`);
    expect(answer.status).toBe(400);
    const envelope = ZErrorEnvelopeSchema.parse(answer.body);
    expect(envelope.code).toBe('validation_failed');
    expect(envelope.errors?.map((e) => e.path)).toContain(field);
    if (message) expect(envelope.message).toBe(message);
  });

  it("answers 400 for a cursor the service cannot read, naming admin/data's field", async () => {
    const answer = await get(gateway.url, '/api/v1/admin/data?records_cursor=bm90LWEtY3Vyc29y');
    expect(answer.status).toBe(400);
    const envelope = ZErrorEnvelopeSchema.parse(answer.body);
    expect(envelope).toMatchObject({ code: 'validation_failed', message: MESSAGES.records.cursorInvalid });
  });

  it.each([
    ['records_cursor', ['2024-02-31', '2024-01-01T00:00:00.000Z', '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b']],
    ['records_cursor', ['2024-02-28', '2024-01-01T00:00:00.000Z', 'not-a-uuid']],
    ['garages_cursor', ['1 OR 1=1', '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b']],
  ])('answers 400, never 500, for a %s naming what Postgres would refuse (%j)', async (field, tuple) => {
    const cursor = Buffer.from(JSON.stringify(tuple)).toString('base64url');
    const answer = await get(gateway.url, `/api/v1/admin/data?${field}=${cursor}`);
    expect(answer.status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(answer.body)).toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.records.cursorInvalid,
    });
  });

  it('shows the garages, named unavailable, when records is stopped, and a 503 when both lists are', async () => {
    const stopped = await stoppedServiceUrl();
    const withoutRecords = await stack.startGateway({ upstreams: { ...stack.urls, records: stopped } });
    const data = await adminData('', withoutRecords.url);
    expect(data.unavailable).toEqual(['records']);
    expect(data.garages).toHaveLength(3);
    expect(data.serviceRecords).toEqual([]);
    expect(data.totals).toMatchObject({ garages: 3, serviceRecords: 0, latestServiceDate: null });

    const withoutLists = await stack.startGateway({ upstreams: { ...stack.urls, records: stopped, garages: stopped } });
    const answer = await get(withoutLists.url, '/api/v1/admin/data');
    expect(answer.status).toBe(503);
    expect(ZErrorEnvelopeSchema.parse(answer.body)).toMatchObject({
      code: 'service_unavailable',
      message: MESSAGES.platform.serviceUnavailable,
    });
  });

  it('shows the page without a service that hangs, once its 2 s are up (it never answers)', async () => {
    const hanging = await silentService();
    try {
      const withHangingRecords = await stack.startGateway({ upstreams: { ...stack.urls, records: hanging.url } });
      const answer = await get(withHangingRecords.url, '/api/v1/admin/data');
      expect(answer.status).toBe(200);
      expect(ZAdminDataResponseSchema.parse(answer.body).data.unavailable).toEqual(['records']);
      expect(answer.ms).toBeGreaterThanOrEqual(1900);
    } finally {
      await hanging.close();
    }
  });

  it("lists an admin's action, kept by the service that did it, newest first", async () => {
    const reason = 'Company dissolved at Companies House';
    const suspended = await post(gateway.url, `/api/v1/garages/${garages.clent.id}/suspension`, adminToken, { reason });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    const data = await adminData();
    expect(data.adminActions[0]).toMatchObject({
      action: 'garage.suspended',
      actor: { id: admin.sub, email: admin.email },
      subject: { type: 'garage', id: garages.clent.id, label: garages.clent.name },
      reason,
      service: 'garages',
    });
    expect(data.garages.find((g) => g.id === garages.clent.id)!.suspension).toMatchObject({ reason });
  });
});

describe('GET /api/v1/admin/status', () => {
  async function status(base = gateway.url) {
    const answer = await get(base, '/api/v1/admin/status');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ZAdminStatusResponseSchema.parse(answer.body).data;
  }

  it('says all systems are operational when every service, its database, its queue and Redis answer', async () => {
    const data = await status();
    expect(data.summary).toBe(ADMIN_ACTION_MESSAGES.allOperational);
    expect(data.ok).toBe(true);
    expect(data.checks.map((c) => [c.name, c.ok])).toEqual([
      ['identity', true],
      ['garages', true],
      ['records', true],
      ['billing', true],
      ['notifications', true],
      ['redis', true],
    ]);
    expect(data.queues.map((q) => q.service).sort()).toEqual([
      'billing',
      'garages',
      'identity',
      'notifications',
      'records',
    ]);
  });

  it('names a stopped service in plain words', async () => {
    const withoutRecords = await stack.startGateway({
      upstreams: { ...stack.urls, records: await stoppedServiceUrl() },
    });
    const data = await status(withoutRecords.url);
    expect(data.ok).toBe(false);
    expect(data.summary).toBe('The records service is not answering');
    expect(data.checks.find((c) => c.name === 'records')).toEqual({
      name: 'records',
      ok: false,
      detail: 'The records service is not answering',
    });
    expect(data.checks.filter((c) => !c.ok)).toHaveLength(1);
  });

  it('says so when Redis does not answer the gateway', async () => {
    const withoutRedis = await stack.startGateway({ redisUrl: await refusingRedisUrl() });
    const data = await status(withoutRedis.url);
    expect(data.ok).toBe(false);
    expect(data.checks.find((c) => c.name === 'redis')).toEqual({
      name: 'redis',
      ok: false,
      detail: ADMIN_ACTION_MESSAGES.statusRedisNotAnswering,
    });
    expect(data.summary).toBe(ADMIN_ACTION_MESSAGES.statusRedisNotAnswering);
  });

  it('answers 401 without a token and 403 to a garage', async () => {
    expect((await get(gateway.url, '/api/v1/admin/status', '')).status).toBe(401);
    expect((await get(gateway.url, '/api/v1/admin/status', garageToken)).status).toBe(403);
  });
});

describe('POST /api/v1/admin/events/{service}/{id}/retry', () => {
  /**
   * An event billing's consumer gave up on, left in its queue's failed set by the consumer itself: a garage's e-mail
   * change while Stripe refuses the update of its customer. Stripe answers again afterwards, so a retry goes through.
   */
  async function buildDeadEvent(): Promise<string> {
    const eventId = randomUUID();
    const garageId = randomUUID();
    await stack.dbs.billing.pool.query(
      'INSERT INTO billing_customers (garage_id, stripe_customer_id, email) VALUES ($1, $2, $3)',
      [garageId, `cus_${garageId.slice(0, 8)}`, 'office@ashcombe-autos.co.uk'],
    );
    const queue = new Queue(queueNameFor('billing'), { connection: stack.redis, prefix: stack.prefix });
    stack.stripe.refuseCustomerUpdates(true);
    try {
      await queue.add(
        'user.email_changed',
        {
          id: eventId,
          name: 'user.email_changed',
          version: 1,
          occurredAt: new Date().toISOString(),
          payload: {
            userId: garageId,
            oldEmail: 'office@ashcombe-autos.co.uk',
            newEmail: 'accounts@ashcombe-autos.co.uk',
            changedAt: Date.now(),
          },
        },
        { jobId: eventId, attempts: 1, removeOnFail: false },
      );
      await expect.poll(() => queue.getJobState(eventId), { timeout: 10_000 }).toBe('failed');
    } finally {
      stack.stripe.refuseCustomerUpdates(false);
      await queue.close();
    }
    return eventId;
  }

  it('shows a dead event in the status, delivers it again for the admin, and keeps that in the audit', async () => {
    const eventId = await buildDeadEvent();
    const before = ZAdminStatusResponseSchema.parse((await get(gateway.url, '/api/v1/admin/status')).body).data;
    expect(before.ok).toBe(false);
    expect(before.summary).toBe(ADMIN_ACTION_MESSAGES.statusEventFailed);
    expect(before.deadEvents).toEqual([
      expect.objectContaining({
        service: 'billing',
        id: eventId,
        name: 'user.email_changed',
        failedReason: expect.stringContaining('Stripe refused the new e-mail of customer'),
      }),
    ]);
    expect(before.queues.find((q) => q.service === 'billing')).toMatchObject({ failed: 1 });

    const retried = await post(gateway.url, `/api/v1/admin/events/billing/${eventId}/retry`);
    expect(retried.status).toBe(200);
    expect(ZRetryEventResponseSchema.parse(retried.body)).toMatchObject({
      message: ADMIN_ACTION_MESSAGES.eventRetried,
      data: { service: 'billing', id: eventId, outcome: 'requeued' },
    });
    const after = ZAdminStatusResponseSchema.parse((await get(gateway.url, '/api/v1/admin/status')).body).data;
    expect(after.deadEvents).toEqual([]);
    expect(after.summary).toBe(ADMIN_ACTION_MESSAGES.allOperational);
    const data = await adminData();
    expect(data.adminActions[0]).toMatchObject({
      action: 'event.retried',
      subject: { type: 'event', id: eventId },
      actor: { id: admin.sub },
      service: 'billing',
    });

    const again = await post(gateway.url, `/api/v1/admin/events/billing/${eventId}/retry`);
    expect(again.status).toBe(404);
    expect(ZErrorEnvelopeSchema.parse(again.body).message).toBe(ADMIN_ACTION_MESSAGES.deadEventNotFound);
  });

  it('answers 400 for a service that does not exist, 401 without a token and 403 to a garage', async () => {
    const id = randomUUID();
    expect((await post(gateway.url, `/api/v1/admin/events/payroll/${id}/retry`)).status).toBe(400);
    expect((await post(gateway.url, `/api/v1/admin/events/billing/${id}/retry`, '')).status).toBe(401);
    expect((await post(gateway.url, `/api/v1/admin/events/billing/${id}/retry`, garageToken)).status).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it("lists the admin's calls", async () => {
    const answer = await get(gateway.url, '/api/v1/openapi.json', '');
    const paths = (answer.body as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/admin/data']!)).toEqual(['get']);
    expect(Object.keys(paths['/admin/status']!)).toEqual(['get']);
    expect(Object.keys(paths['/admin/events/{service}/{id}/retry']!)).toEqual(['post']);
    expect(Object.keys(paths['/garages/{id}/suspension']!).sort()).toEqual(['delete', 'post']);
  });
});
