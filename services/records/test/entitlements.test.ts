import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ZLookupResponseSchema, type TEventEnvelope, type TEventPayload } from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { createTestDatabase, listenForTest, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecordsApp } from '../src/app.js';
import { readOnlyRecordsDeps } from './harness.js';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import { findEntitlement } from '../src/store/find-entitlement.js';
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

function subscriptionChanged(
  garageId: string,
  status: TEventPayload<'subscription.changed'>['status'],
  stateAt: number,
): TEventEnvelope<'subscription.changed'> {
  return {
    id: randomUUID(),
    name: 'subscription.changed',
    version: 1,
    occurredAt: new Date(stateAt).toISOString(),
    payload: {
      garageId,
      email: 'owner@example.co.uk',
      status,
      previousStatus: null,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      currentPeriodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      reason: 'updated',
      stateAt,
    },
  };
}

describe('the entitlement read model', () => {
  it('lets an active or trialing garage add records, and takes it away when payment fails', async () => {
    const garageId = randomUUID();
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garageId, 'trialing', 1000));
    expect(await findEntitlement(db.pool, garageId)).toEqual({ subscriptionStatus: 'trialing', canAddRecords: true });
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garageId, 'active', 2000));
    expect(await findEntitlement(db.pool, garageId)).toEqual({ subscriptionStatus: 'active', canAddRecords: true });
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garageId, 'past_due', 3000));
    expect(await findEntitlement(db.pool, garageId)).toEqual({ subscriptionStatus: 'past_due', canAddRecords: false });
  });

  it('ends in the newest state when events arrive newest first', async () => {
    const garageId = randomUUID();
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garageId, 'canceled', 3000));
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garageId, 'active', 2000));
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garageId, 'trialing', 1000));
    expect(await findEntitlement(db.pool, garageId)).toEqual({ subscriptionStatus: 'canceled', canAddRecords: false });
  });

  it("keeps a cancelled garage's records in the public lookup", async () => {
    const garage = await buildGarage(db.pool, { name: 'Brackenbury Motor Engineers Ltd' });
    await buildServiceRecord(db.pool, garage.id, { registration: 'KE23PTX', serviceDate: '2024-06-01' });
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garage.id, 'active', 1000));
    await applyEventOnce(db.pool, createRecordsEventHandlers(), subscriptionChanged(garage.id, 'canceled', 2000));
    expect((await findEntitlement(db.pool, garage.id))?.canAddRecords).toBe(false);
    const response = await fetch(`${server.url}/api/v1/service-records/lookup/KE23PTX`);
    const records = ZLookupResponseSchema.parse(await response.json()).data.serviceRecords;
    expect(records).toHaveLength(1);
    expect(records[0]!.garage.name).toBe('Brackenbury Motor Engineers Ltd');
  });
});
