import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZCreateServiceRecordResponseSchema,
  ZMyServiceRecordsResponseSchema,
  ZValidateVehicleResponseSchema,
  ZVerifyChainResponseSchema,
  ZVinLookupResponseSchema,
} from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCreateBody, buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

async function logService(garage: { token: string; password: string }, overrides: Record<string, unknown>) {
  const answer = await callJson(stack.url, 'POST', '/api/v1/service-records', {
    token: garage.token,
    body: buildCreateBody(garage.password, overrides),
  });
  expect(answer.status).toBe(201);
  return ZCreateServiceRecordResponseSchema.parse(answer.body).data.serviceRecord;
}

describe('GET /api/v1/service-records/vin/{registration}', () => {
  it('answers the VIN and mileage last recorded for the registration', async () => {
    const garage = await buildGarageAccount(stack);
    await logService(garage, { vehicle_registration: 'VN19AAA', vin: 'SAJAA01A12B000001', mileage: 10000 });
    await logService(garage, { vehicle_registration: 'VN19AAA', vin: 'SAJAA01A12B000002', mileage: 12000 });
    const { status, body } = await callJson(stack.url, 'GET', '/api/v1/service-records/vin/vn19%20aaa', {
      token: garage.token,
    });
    expect(status).toBe(200);
    expect(ZVinLookupResponseSchema.parse(body).data).toMatchObject({
      vin: 'SAJAA01A12B000002',
      registration: 'VN19AAA',
      lastMileage: 12000,
    });
  });

  it('answers 404 with a clear message for a registration never recorded, and 400 for one that is not a UK registration', async () => {
    const garage = await buildGarageAccount(stack);
    const unknown = await callJson(stack.url, 'GET', '/api/v1/service-records/vin/ZZ99ZZZ', { token: garage.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', message: MESSAGES.records.vinNotFound });
    const bad = await callJson(stack.url, 'GET', '/api/v1/service-records/vin/ABCDEFG', { token: garage.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.records.registrationInvalid);
  });

  it('answers 401 without a token and 403 for an admin', async () => {
    expect((await callJson(stack.url, 'GET', '/api/v1/service-records/vin/VN19AAA')).status).toBe(401);
    const admin = stack.tokenFor({ sub: randomUUID(), role: 'admin', email: 'admin@servicehistory.local' });
    expect((await callJson(stack.url, 'GET', '/api/v1/service-records/vin/VN19AAA', { token: admin })).status).toBe(
      403,
    );
  });
});

describe('POST /api/v1/service-records/validate', () => {
  it('answers 200 without warnings for a new vehicle or the recorded VIN, and a vin_mismatch warning for another VIN', async () => {
    const garage = await buildGarageAccount(stack);
    await logService(garage, { vehicle_registration: 'VL20BBB', vin: 'SAJAA01A12B000003', mileage: 5000 });
    const check = async (vin: string, vehicleRegistration: string) => {
      const answer = await callJson(stack.url, 'POST', '/api/v1/service-records/validate', {
        token: garage.token,
        body: { vin, vehicleRegistration },
      });
      expect(answer.status).toBe(200);
      return ZValidateVehicleResponseSchema.parse(answer.body).data;
    };
    expect(await check('sajaa01a12b000003', 'vl20 bbb')).toEqual({
      valid: true,
      vin: 'SAJAA01A12B000003',
      vehicleRegistration: 'VL20BBB',
      lastMileage: 5000,
      warnings: [],
    });
    expect((await check('SAJAA01A12B000009', 'NE21CCC')).warnings).toEqual([]);
    expect((await check('SAJAA01A12B000009', 'VL20BBB')).warnings).toEqual([
      { code: 'vin_mismatch', message: MESSAGES.records.vinMismatch, recordedVin: 'SAJAA01A12B000003' },
    ]);
  });

  it('answers 400 with field errors for a bad registration and VIN', async () => {
    const garage = await buildGarageAccount(stack);
    const answer = await callJson(stack.url, 'POST', '/api/v1/service-records/validate', {
      token: garage.token,
      body: { vin: 'OOOO', vehicleRegistration: 'NOT A PLATE' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'vin', message: MESSAGES.records.vinInvalid },
        { path: 'vehicleRegistration', message: MESSAGES.records.registrationInvalid },
      ]),
    );
  });
});

describe('GET /api/v1/service-records/mine', () => {
  it("pages through the garage's own records newest first without repeating or skipping one", async () => {
    const garage = await buildGarageAccount(stack);
    const other = await buildGarageAccount(stack);
    const created: string[] = [];
    for (let i = 0; i < 7; i += 1)
      created.push((await logService(garage, { vehicle_registration: `PG${10 + i}DDD`, mileage: 1000 + i })).id);
    await logService(other, { vehicle_registration: 'PG30DDD' });
    // Older records, stored with earlier service dates straight into the table: listed, but outside any chain.
    const { rows } = await stack.db.pool.query<{ id: string }>(
      `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, created_at)
       SELECT $1, 'SAJAA01A12B000004', 'PG40EEE', d::date, 1000, 'MOT Test', d + interval '17 hours'
         FROM generate_series('2021-01-01'::timestamp, '2021-01-03'::timestamp, interval '1 day') AS d
       RETURNING id`,
      [garage.id],
    );

    const seen: string[] = [];
    const unsealed: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const answer = await callJson(stack.url, 'GET', `/api/v1/service-records/mine${query}`, { token: garage.token });
      expect(answer.status).toBe(200);
      const page = ZMyServiceRecordsResponseSchema.parse(answer.body).data;
      seen.push(...page.serviceRecords.map((r) => r.id));
      unsealed.push(...page.serviceRecords.filter((r) => r.receipt === null).map((r) => r.id));
      expect(page.serviceRecords.every((r) => r.garage_id === garage.id)).toBe(true);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect(seen.slice(0, 7).sort()).toEqual([...created].sort());
    expect(seen.slice(7)).toEqual([...rows.map((r) => r.id)].reverse());
    expect(unsealed).toEqual(seen.slice(7));
  });

  it('filters by registration, as typed', async () => {
    const garage = await buildGarageAccount(stack);
    const wanted = await logService(garage, { vehicle_registration: 'FL21FFF' });
    await logService(garage, { vehicle_registration: 'FL21GGG' });
    const answer = await callJson(stack.url, 'GET', '/api/v1/service-records/mine?registration=fl21%20fff', {
      token: garage.token,
    });
    expect(ZMyServiceRecordsResponseSchema.parse(answer.body).data.serviceRecords.map((r) => r.id)).toEqual([
      wanted.id,
    ]);
  });

  it('answers 400 for a limit over 100 or a cursor that is not ours, 401 without a token and 403 for an admin', async () => {
    const garage = await buildGarageAccount(stack);
    expect(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/mine?limit=101', { token: garage.token })).status,
    ).toBe(400);
    const forged = await callJson(
      stack.url,
      'GET',
      `/api/v1/service-records/mine?cursor=${Buffer.from('["x"]').toString('base64url')}`,
      { token: garage.token },
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(MESSAGES.records.cursorInvalid);
    expect((await callJson(stack.url, 'GET', '/api/v1/service-records/mine')).status).toBe(401);
    const admin = stack.tokenFor({ sub: randomUUID(), role: 'admin', email: 'admin@servicehistory.local' });
    expect((await callJson(stack.url, 'GET', '/api/v1/service-records/mine', { token: admin })).status).toBe(403);
  });
});

describe("a page cursor of a garage's own list naming what Postgres would refuse", () => {
  const cursorOf = (tuple: unknown[]) => Buffer.from(JSON.stringify(tuple)).toString('base64url');
  const id = '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b';
  it.each([
    ['an impossible date', cursorOf(['2024-02-31', '2024-01-01T00:00:00.000Z', id])],
    ['year zero', cursorOf(['0000-01-01', '2024-01-01T00:00:00.000Z', id])],
    ['a bad timestamp', cursorOf(['2024-02-28', '2024-02-31T25:00:00.000Z', id])],
    ['a bad uuid', cursorOf(['2024-02-28', '2024-01-01T00:00:00.000Z', 'zzzzzzzz-9d4a-4b6e-8f1a-2c3d4e5f6a7b'])],
    ['garbage base64', 'bm90LWEtY3Vyc29y'],
  ])('is a 400 envelope, never a 500: %s', async (_case, cursor) => {
    const garage = await buildGarageAccount(stack);
    const answer = await callJson(stack.url, 'GET', `/api/v1/service-records/mine?cursor=${cursor}`, {
      token: garage.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.records.cursorInvalid,
    });
  });
});

describe('a record stored straight into the database', () => {
  it('stays outside its chain, and verify says so, before and after the garage logs the vehicle again', async () => {
    const garage = await buildGarageAccount(stack);
    const { rows } = await stack.db.pool.query<{ id: string }>(
      `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, created_at)
       VALUES ($1, 'SAJAA01A12B000005', 'SD18HHH', '2020-05-01', 10000, 'Full Service', '2020-05-01T17:00:00Z')
       RETURNING id`,
      [garage.id],
    );
    const straight = rows[0]!.id;
    const verify = async () =>
      ZVerifyChainResponseSchema.parse(
        (await callJson(stack.url, 'GET', '/api/v1/service-records/verify/SD18HHH')).body,
      ).data;
    expect(await verify()).toMatchObject({
      valid: false,
      length: 0,
      brokenAt: { position: 1, record_id: straight, reason: 'a record was stored outside the chain' },
    });

    // The garage's own record is sealed as ever; the one stored around the service is still not in the chain.
    const logged = await logService(garage, {
      vehicle_registration: 'SD18HHH',
      vin: 'SAJAA01A12B000005',
      mileage: 40000,
    });
    const chain = await verify();
    expect(chain).toMatchObject({
      valid: false,
      length: 1,
      brokenAt: { position: 2, record_id: straight, reason: 'a record was stored outside the chain' },
    });
    expect(chain.entries.map((entry) => entry.record_id)).toEqual([logged.id]);
    const { rows: entries } = await stack.db.pool.query('SELECT 1 FROM chain_entries WHERE record_id = $1', [straight]);
    expect(entries).toEqual([]);
  });
});
