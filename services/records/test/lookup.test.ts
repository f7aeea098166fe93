import path from 'node:path';
import { ZErrorEnvelopeSchema, ZLookupResponseSchema, MESSAGES } from '@sh/shared/contract';
import { createTestDatabase, listenForTest, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecordsApp } from '../src/app.js';
import { readOnlyRecordsDeps } from './harness.js';
import { buildGarage, buildServiceRecord } from './builders.js';

let db: TestDatabase;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  db = await createTestDatabase('records', path.join(import.meta.dirname, '../migrations'));
  server = await listenForTest(buildRecordsApp(readOnlyRecordsDeps(db.pool)));
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

async function lookup(registration: string) {
  const response = await fetch(`${server.url}/api/v1/service-records/lookup/${registration}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

async function countRecords(): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM service_records');
  return rows[0]!.n;
}

describe('GET /api/v1/service-records/lookup/{registration}', () => {
  it('answers the records newest first with their garage name and address', async () => {
    const garage = await buildGarage(db.pool, { name: 'Castle Garage', address: '3 Mill Lane, York, YO1 7HH' });
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'LK19ABC',
      serviceDate: '2023-05-01',
      mileage: 20000,
    });
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'LK19ABC',
      serviceDate: '2025-05-01',
      mileage: 41000,
      serviceType: 'Oil & Filter Change',
    });
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'LK19ABC',
      serviceDate: '2024-05-01',
      mileage: 30500,
    });
    await buildServiceRecord(db.pool, garage.id, { registration: 'OTHER12', serviceDate: '2024-05-01' });

    const { status, body } = await lookup('LK19ABC');
    expect(status).toBe(200);
    const parsed = ZLookupResponseSchema.parse(body);
    expect(parsed.data.serviceRecords.map((r) => r.service_date)).toEqual(['2025-05-01', '2024-05-01', '2023-05-01']);
    expect(parsed.data.serviceRecords[0]).toMatchObject({
      vehicle_registration: 'LK19ABC',
      mileage: 41000,
      service_type: 'Oil & Filter Change',
      garage: { name: 'Castle Garage', address: '3 Mill Lane, York, YO1 7HH' },
      mileage_anomaly: false,
    });
  });

  it('normalises "ab12 cde" to AB12CDE', async () => {
    const garage = await buildGarage(db.pool);
    await buildServiceRecord(db.pool, garage.id, { registration: 'AB12CDE' });
    const { status, body } = await lookup(encodeURIComponent('ab12 cde'));
    expect(status).toBe(200);
    const records = ZLookupResponseSchema.parse(body).data.serviceRecords;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.vehicle_registration === 'AB12CDE')).toBe(true);
  });

  it('answers an empty list for a vehicle it has never seen', async () => {
    const { status, body } = await lookup('ZZ99ZZZ');
    expect(status).toBe(200);
    expect(ZLookupResponseSchema.parse(body).data.serviceRecords).toEqual([]);
  });

  it.each([
    ['', MESSAGES.lookup.noRegistration],
    ['%20%20', MESSAGES.lookup.noRegistration],
    ['AB12CDEF', MESSAGES.platform.registrationTooLong],
    ['AB-12CD', MESSAGES.platform.registrationInvalidCharacters],
    ["AB1'%3B--", MESSAGES.platform.registrationInvalidCharacters],
  ])('rejects %j with a 400 envelope and touches nothing', async (registration, message) => {
    const before = await countRecords();
    const { status, body } = await lookup(registration);
    expect(status).toBe(400);
    const envelope = ZErrorEnvelopeSchema.parse(body);
    expect(envelope).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(await countRecords()).toBe(before);
  });

  it('flags a mileage lower than an earlier record and leaves withdrawn records out', async () => {
    const garage = await buildGarage(db.pool);
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'CL03CKD',
      serviceDate: '2022-01-10',
      mileage: 60000,
    });
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'CL03CKD',
      serviceDate: '2023-01-10',
      mileage: 35000,
    });
    await buildServiceRecord(db.pool, garage.id, {
      registration: 'CL03CKD',
      serviceDate: '2024-01-10',
      mileage: 70000,
      withdrawn: true,
    });
    const records = ZLookupResponseSchema.parse((await lookup('CL03CKD')).body).data.serviceRecords;
    expect(records.map((r) => [r.service_date, r.mileage_anomaly])).toEqual([
      ['2023-01-10', true],
      ['2022-01-10', false],
    ]);
  });
});

describe('the lookup plainly spelt, as the gateway asks for it, and spelt otherwise', () => {
  const ask = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { headers });
  const varying = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'content-length']);
  const headersOf = (response: Response) => [...response.headers].filter(([name]) => !varying.has(name)).sort();

  it('answers both spellings of the same lookup alike: body, headers and 304', async () => {
    const garage = await buildGarage(db.pool);
    await buildServiceRecord(db.pool, garage.id, { registration: 'AH24EAD', mileage: 12000 });
    const plain = await ask('/api/v1/service-records/lookup/ah24ead');
    // Express routes paths without regard to case and with a trailing slash: the same handler, through the chain.
    const chained = await ask('/api/v1/Service-Records/lookup/AH24EAD/');
    expect([plain.status, chained.status]).toEqual([200, 200]);
    expect(await plain.text()).toBe(await chained.text());
    expect(headersOf(plain)).toEqual(headersOf(chained));
    expect(plain.headers.get('content-security-policy')).toBeTruthy();
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await ask('/api/v1/service-records/lookup/AH24EAD', { 'x-request-id': 'lookup-plain-0001' });
    expect(given.headers.get('x-request-id')).toBe('lookup-plain-0001');

    const etag = plain.headers.get('etag')!;
    const [plainAgain, chainedAgain] = await Promise.all([
      ask('/api/v1/service-records/lookup/AH24EAD', { 'if-none-match': etag }),
      ask('/api/v1/Service-Records/lookup/AH24EAD/', { 'if-none-match': etag }),
    ]);
    expect([plainAgain.status, chainedAgain.status]).toEqual([304, 304]);
    expect(await plainAgain.text()).toBe('');
    expect(plainAgain.headers.get('etag')).toBe(etag);
  });

  it('refuses a registration too long with the same envelope either way, and changes nothing', async () => {
    const before = await countRecords();
    const plain = await ask('/api/v1/service-records/lookup/AB12CDEFGH');
    const chained = await ask('/api/v1/Service-Records/lookup/AB12CDEFGH/');
    expect([plain.status, chained.status]).toEqual([400, 400]);
    const envelope = ZErrorEnvelopeSchema.parse(await plain.json());
    expect(envelope).toEqual(ZErrorEnvelopeSchema.parse(await chained.json()));
    expect(envelope.message).toBe(MESSAGES.platform.registrationTooLong);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await countRecords()).toBe(before);
  });
});
