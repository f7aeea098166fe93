import { createPublicKey, verify } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZCreateServiceRecordResponseSchema,
  ZLookupResponseSchema,
  ZSigningKeyResponseSchema,
  ZVerifyChainResponseSchema,
} from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDateFor } from '../src/domain/service-date.js';
import { buildCreateBody, buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

const create = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  callJson(stack.url, 'POST', '/api/v1/service-records', { token, body, headers });

async function countRows(registration: string): Promise<{ records: number; events: number; entries: number }> {
  const { rows } = await stack.db.pool.query<{ records: number; events: number; entries: number }>(
    `SELECT (SELECT count(*)::int FROM service_records WHERE vehicle_registration = $1) AS records,
            (SELECT count(*)::int FROM event_outbox WHERE name = 'service_record.created' AND payload->>'registration' = $1) AS events,
            (SELECT count(*)::int FROM chain_entries WHERE registration = $1) AS entries`,
    [registration],
  );
  return rows[0]!;
}

let plateCounter = 0;
/** A fresh current-format registration per test, so tests never share a chain. */
function newRegistration(): string {
  plateCounter += 1;
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const n = plateCounter + Math.floor(Math.random() * 5000) * 50;
  return `LK${String((n % 90) + 10)}${letters[n % 23]}${letters[Math.floor(n / 23) % 23]}${letters[Math.floor(n / 529) % 23]}`;
}

const verifyChain = async (registration: string) =>
  ZVerifyChainResponseSchema.parse(
    (await callJson(stack.url, 'GET', `/api/v1/service-records/verify/${registration}`)).body,
  ).data;

describe('POST /api/v1/service-records', () => {
  it('stores the record with today as its London service date, answers 201 with a receipt signed by the published key, and writes its event', async () => {
    const garage = await buildGarageAccount(stack, { status: 'trialing' });
    const registration = newRegistration();
    const { status, body } = await create(
      garage.token,
      buildCreateBody(garage.password, {
        vehicle_registration: registration.toLowerCase().replace(/^(....)/, '$1 '),
        service_date: '1999-01-01',
        customer_email: ' Owner@Example.co.uk ',
        customer_phone: '07700 900123',
        technician_name: '',
      }),
    );
    expect(status).toBe(201);
    const { serviceRecord, receipt } = ZCreateServiceRecordResponseSchema.parse(body).data;
    expect(serviceRecord).toMatchObject({
      vehicle_registration: registration,
      vin: 'WVWZZZ1JZXW000001',
      service_date: serviceDateFor(new Date()),
      mileage: 45210,
      service_type: 'Full Service, Oil & Filter Change',
      technician_name: 'Sam Patel',
      signed_by: 'Sam Patel',
      customer_email: 'owner@example.co.uk',
      customer_phone: '07700900123',
      garage_id: garage.id,
      garage: { name: garage.name },
      mileage_anomaly: false,
    });
    expect(receipt).toMatchObject({ position: 1, prev_hash: null, registration });
    expect(serviceRecord.receipt).toEqual(receipt);

    // The receipt checks with nothing but node:crypto and the published key.
    const key = ZSigningKeyResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/signing-key')).body,
    ).data;
    const message = JSON.stringify({
      hash: receipt.hash,
      position: receipt.position,
      prev_hash: receipt.prev_hash,
      registration: receipt.registration,
      signed_at: receipt.signed_at,
    });
    const publicKey = createPublicKey(key.publicKey);
    expect(verify(null, Buffer.from(message), publicKey, Buffer.from(receipt.signature, 'base64'))).toBe(true);
    expect(
      verify(
        null,
        Buffer.from(message.replace(registration, 'ZZ99ZZZ')),
        publicKey,
        Buffer.from(receipt.signature, 'base64'),
      ),
    ).toBe(false);

    const { rows } = await stack.db.pool.query(
      "SELECT payload FROM event_outbox WHERE name = $1 AND payload->>'recordId' = $2",
      ['service_record.created', serviceRecord.id],
    );
    expect(rows[0]?.payload).toMatchObject({
      garageId: garage.id,
      garageName: garage.name,
      garageEmail: garage.email,
      registration,
      hash: receipt.hash,
      position: 1,
      customerEmail: 'owner@example.co.uk',
    });
    expect(JSON.stringify(rows[0]?.payload)).not.toContain(garage.password);

    const lookup = ZLookupResponseSchema.parse(
      (await callJson(stack.url, 'GET', `/api/v1/service-records/lookup/${registration}`)).body,
    );
    expect(lookup.data.serviceRecords.map((r) => r.id)).toEqual([serviceRecord.id]);
    expect(await verifyChain(registration)).toMatchObject({
      valid: true,
      length: 1,
      head: receipt.hash,
      brokenAt: null,
    });
  });

  it('answers 401 with the shared message for a wrong password and stores nothing, no event either', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const { status, body } = await create(
      garage.token,
      buildCreateBody('NotMyPassword1', { vehicle_registration: registration }),
    );
    expect(status).toBe(401);
    expect(body).toMatchObject({ status: 401, code: 'password_mismatch', message: MESSAGES.submit.passwordMismatch });
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
  });

  it('refuses a sixth wrong password within 15 minutes with 429, even when the password is then right', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await create(garage.token, buildCreateBody(`Guess${i}`, { vehicle_registration: registration }))).status,
      ).toBe(401);
    }
    const blocked = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MESSAGES.records.passwordAttemptsExceeded);
    // What is left of identity's 15-minute window, which began with the first wrong password a few seconds ago.
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(840);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
  });

  it.each([
    ['canceled', 'a cancelled subscription'],
    ['past_due', 'a payment that failed'],
    [null, 'no subscription heard of'],
  ] as const)('refuses a garage with %s (%s) with 403 subscription_required', async (subscription, _why) => {
    const garage = await buildGarageAccount(stack, { status: subscription });
    const registration = newRegistration();
    const { status, body } = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration }),
    );
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'subscription_required', message: MESSAGES.records.subscriptionRequired });
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
  });

  it('refuses a visitor with 401, and an admin or a user of no type with 403', async () => {
    const registration = newRegistration();
    expect((await create(undefined, buildCreateBody('x', { vehicle_registration: registration }))).status).toBe(401);
    for (const role of ['admin', 'none'] as const) {
      const token = stack.tokenFor({ sub: randomUUID(), role, email: `${role}@servicehistory.local` });
      const { status, body } = await create(
        token,
        buildCreateBody('AdminDemo2026', { vehicle_registration: registration }),
      );
      expect(status).toBe(403);
      expect(body.code).toBe('forbidden');
    }
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
  });

  it("refuses a garage_id that is not the caller's with 403, and takes its own", async () => {
    const garage = await buildGarageAccount(stack);
    const other = await buildGarageAccount(stack);
    const registration = newRegistration();
    const forged = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration, garage_id: other.id }),
    );
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(MESSAGES.records.garageMismatch);
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
    const own = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration, garage_id: garage.id }),
    );
    expect(own.status).toBe(201);
  });

  it.each([
    ['vehicle_registration', { vehicle_registration: 'AB-12CD' }, MESSAGES.records.registrationInvalid],
    ['vehicle_registration', { vehicle_registration: 'ABCDEFG' }, MESSAGES.records.registrationInvalid],
    ['vin', { vin: 'WVWZZZ1JZXW00000I' }, MESSAGES.records.vinInvalid],
    ['vin', { vin: 'WVWZZZ1JZXW0001' }, MESSAGES.records.vinInvalid],
    ['vin', { vin: '' }, MESSAGES.records.vinRequired],
    ['mileage', { mileage: -1 }, MESSAGES.records.mileageInvalid],
    ['mileage', { mileage: 1_000_000 }, MESSAGES.records.mileageInvalid],
    ['mileage', { mileage: 1200.5 }, MESSAGES.records.mileageInvalid],
    ['mileage', { mileage: '45210' }, MESSAGES.records.mileageInvalid],
    ['mileage', { mileage: undefined }, MESSAGES.records.mileageRequired],
    ['service_type', { service_type: 'Full Service, Rocket Fuel' }, MESSAGES.records.serviceTypeUnknown],
    ['service_type', { service_type: 'Full Service,Oil & Filter Change' }, MESSAGES.records.serviceTypeUnknown],
    ['service_type', { service_type: 'Full Service, Full Service' }, MESSAGES.records.serviceTypeUnknown],
    ['service_type', { service_type: ' ' }, MESSAGES.records.serviceTypeRequired],
    ['notes', { notes: 'n'.repeat(2001) }, MESSAGES.records.notesTooLong],
    ['customer_email', { customer_email: 'owner@example' }, MESSAGES.records.customerEmailInvalid],
    ['customer_phone', { customer_phone: '7700900123' }, MESSAGES.records.customerPhoneInvalid],
    ['full_name', { full_name: '  ' }, MESSAGES.submit.fillAllFields],
    ['password', { password: '' }, MESSAGES.submit.fillAllFields],
  ])('answers 400 with a field error on %s for %j and stores nothing', async (field, override, message) => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const body = buildCreateBody(garage.password, { vehicle_registration: registration, ...override });
    const answer = await create(garage.token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.errors).toContainEqual({ path: field, message });
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
  });

  it('stores a mileage lower than an earlier record of the vehicle, flagged', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    expect(
      (
        await create(
          garage.token,
          buildCreateBody(garage.password, { vehicle_registration: registration, mileage: 60000 }),
        )
      ).status,
    ).toBe(201);
    const lower = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration, mileage: 30000 }),
    );
    expect(lower.status).toBe(201);
    expect(ZCreateServiceRecordResponseSchema.parse(lower.body).data.serviceRecord.mileage_anomaly).toBe(true);
    const lookup = ZLookupResponseSchema.parse(
      (await callJson(stack.url, 'GET', `/api/v1/service-records/lookup/${registration}`)).body,
    );
    expect(lookup.data.serviceRecords.map((r) => [r.mileage, r.mileage_anomaly])).toEqual([
      [30000, true],
      [60000, false],
    ]);
  });
});

describe('Idempotency-Key on POST /api/v1/service-records', () => {
  it('answers the first record again for the same key and stores one', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const key = randomUUID();
    const body = buildCreateBody(garage.password, { vehicle_registration: registration });
    const first = await create(garage.token, body, { 'idempotency-key': key });
    const second = await create(garage.token, body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const firstRecord = ZCreateServiceRecordResponseSchema.parse(first.body).data;
    expect(ZCreateServiceRecordResponseSchema.parse(second.body).data).toEqual(firstRecord);
    expect(await countRows(registration)).toEqual({ records: 1, events: 1, entries: 1 });
  });

  it('stores one record when ten submits with one key arrive at once', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const key = randomUUID();
    const body = buildCreateBody(garage.password, { vehicle_registration: registration });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => create(garage.token, body, { 'idempotency-key': key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(
      new Set(answers.map((a) => ZCreateServiceRecordResponseSchema.parse(a.body).data.serviceRecord.id)).size,
    ).toBe(1);
    expect(await countRows(registration)).toEqual({ records: 1, events: 1, entries: 1 });
  });

  it('refuses a key reused for a different record with 409 and stores nothing more', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const key = randomUUID();
    await create(garage.token, buildCreateBody(garage.password, { vehicle_registration: registration }), {
      'idempotency-key': key,
    });
    const reused = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration, mileage: 50000 }),
      {
        'idempotency-key': key,
      },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(MESSAGES.records.idempotencyKeyReused);
    expect(await countRows(registration)).toEqual({ records: 1, events: 1, entries: 1 });
  });

  it('answers 400 for a malformed key', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const answer = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: registration }),
      { 'idempotency-key': 'short' },
    );
    expect(answer.status).toBe(400);
    expect(await countRows(registration)).toEqual({ records: 0, events: 0, entries: 0 });
  });
});

describe('the vehicle chain', () => {
  it('keeps one linear chain of 30 that verifies when 30 submits for one registration arrive at once', async () => {
    const garages = await Promise.all(Array.from({ length: 3 }, () => buildGarageAccount(stack)));
    const registration = newRegistration();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const garage = garages[i % 3]!;
        return create(
          garage.token,
          buildCreateBody(garage.password, { vehicle_registration: registration, mileage: 1000 + i }),
        );
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const receipts = answers.map((a) => ZCreateServiceRecordResponseSchema.parse(a.body).data.receipt);
    expect(receipts.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const chain = await verifyChain(registration);
    expect(chain).toMatchObject({ valid: true, length: 30, brokenAt: null });
    const byPosition = new Map(receipts.map((r) => [r.position, r]));
    for (let position = 2; position <= 30; position += 1) {
      expect(byPosition.get(position)!.prev_hash).toBe(byPosition.get(position - 1)!.hash);
    }
    expect(chain.head).toBe(byPosition.get(30)!.hash);
  });

  it('reports the entry whose record was changed with SQL, and a record stored outside the chain', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const ids: string[] = [];
    for (const mileage of [10000, 20000, 30000]) {
      const answer = await create(
        garage.token,
        buildCreateBody(garage.password, { vehicle_registration: registration, mileage }),
      );
      ids.push(ZCreateServiceRecordResponseSchema.parse(answer.body).data.serviceRecord.id);
    }
    expect((await verifyChain(registration)).valid).toBe(true);

    await stack.db.pool.query('UPDATE service_records SET mileage = 9000 WHERE id = $1', [ids[1]]);
    expect((await verifyChain(registration)).brokenAt).toEqual({
      position: 2,
      record_id: ids[1],
      reason: 'the record no longer matches its hash',
    });
    await stack.db.pool.query('UPDATE service_records SET mileage = 20000 WHERE id = $1', [ids[1]]);
    expect((await verifyChain(registration)).valid).toBe(true);

    const { rows } = await stack.db.pool.query<{ id: string }>(
      `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type)
       VALUES ($1, 'WVWZZZ1JZXW000001', $2, '2020-01-01', 5000, 'Full Service') RETURNING id`,
      [garage.id, registration],
    );
    expect((await verifyChain(registration)).brokenAt).toEqual({
      position: 4,
      record_id: rows[0]!.id,
      reason: 'a record was stored outside the chain',
    });
  });

  it("gives anyone the content of each entry, whose SHA-256 over its canonical JSON is the entry's hash", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    await create(garage.token, buildCreateBody(garage.password, { vehicle_registration: registration }));
    const chain = await verifyChain(registration);
    const entry = chain.entries[0]!;
    expect(entry.content).toMatchObject({
      kind: 'record',
      position: 1,
      prev_hash: null,
      record: { vehicle_registration: registration, mileage: 45210 },
    });
    expect(JSON.stringify(entry.content)).not.toContain('customer');
  });
});
