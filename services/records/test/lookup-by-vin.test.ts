/**
 * GET /api/v1/service-records/lookup-by-vin/{vin}: every public record of one VIN, whatever plate it was logged under,
 * newest first, with the mileage flag over the whole history (docs/product.md#the-buyers-answer).
 */
import path from 'node:path';
import { MESSAGES, ZErrorEnvelopeSchema, ZLookupResponseSchema } from '@sh/shared/contract';
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

async function lookupByVin(vin: string) {
  const response = await fetch(`${server.url}/api/v1/service-records/lookup-by-vin/${vin}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('GET /api/v1/service-records/lookup-by-vin/{vin}', () => {
  it('answers every record of the VIN across a plate transfer, newest first, and no other vehicle', async () => {
    const vin = 'WDD2050042F123456';
    const first = await buildGarage(db.pool, { name: 'Castle Garage' });
    const second = await buildGarage(db.pool, { name: 'Quay Motors' });
    await buildServiceRecord(db.pool, first.id, {
      vin,
      registration: 'PL8TE1',
      serviceDate: '2021-03-01',
      mileage: 30000,
    });
    await buildServiceRecord(db.pool, first.id, {
      vin,
      registration: 'PL8TE1',
      serviceDate: '2022-03-01',
      mileage: 41000,
    });
    // The plate moved to a private registration; the next garage logged the car under its new plate.
    await buildServiceRecord(db.pool, second.id, {
      vin,
      registration: 'MX21ABC',
      serviceDate: '2023-03-01',
      mileage: 38000,
    });
    await buildServiceRecord(db.pool, second.id, {
      vin,
      registration: 'MX21ABC',
      serviceDate: '2024-03-01',
      mileage: 50000,
      withdrawn: true,
    });
    await buildServiceRecord(db.pool, second.id, {
      vin: 'WDD2050042F999999',
      registration: 'MX21ABC',
      serviceDate: '2024-05-01',
    });

    const { status, body } = await lookupByVin(vin.toLowerCase());
    expect(status).toBe(200);
    const records = ZLookupResponseSchema.parse(body).data.serviceRecords;
    expect(records.map((r) => [r.service_date, r.vehicle_registration, r.mileage_anomaly, r.garage.name])).toEqual([
      ['2023-03-01', 'MX21ABC', true, 'Quay Motors'],
      ['2022-03-01', 'PL8TE1', false, 'Castle Garage'],
      ['2021-03-01', 'PL8TE1', false, 'Castle Garage'],
    ]);
    expect(records.every((r) => r.vin === vin)).toBe(true);
  });

  it('answers an empty list for a VIN it has never seen', async () => {
    const { status, body } = await lookupByVin('SALLAAAE2AA000001');
    expect(status).toBe(200);
    expect(ZLookupResponseSchema.parse(body).data.serviceRecords).toEqual([]);
  });

  it("refuses what is no VIN with the SPEC's message", async () => {
    const { status, body } = await lookupByVin('WDD2050042F12345O');
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(body).message).toBe(MESSAGES.records.vinInvalid);
  });
});
