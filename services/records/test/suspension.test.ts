import { randomUUID } from 'node:crypto';
import {
  eventsFor,
  ZErrorEnvelopeSchema,
  ZLookupResponseSchema,
  type TEventEnvelope,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import {
  buildCreateBody,
  buildGarageAccount,
  logServiceRecord,
  startRecordsStack,
  type RecordsStack,
} from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

type Garage = Awaited<ReturnType<typeof buildGarageAccount>>;

function suspended(garage: Garage, suspendedAt: number): TEventEnvelope<'garage.suspended'> {
  return {
    id: randomUUID(),
    name: 'garage.suspended',
    version: 1,
    occurredAt: new Date(suspendedAt).toISOString(),
    payload: {
      garageId: garage.id,
      name: garage.name,
      email: garage.email,
      reason: 'False records reported by customers',
      suspendedAt,
    },
  };
}

function reinstated(garage: Garage, reinstatedAt: number): TEventEnvelope<'garage.reinstated'> {
  return {
    id: randomUUID(),
    name: 'garage.reinstated',
    version: 1,
    occurredAt: new Date(reinstatedAt).toISOString(),
    payload: {
      garageId: garage.id,
      name: garage.name,
      email: garage.email,
      reason: 'Records checked and found correct',
      reinstatedAt,
    },
  };
}

const create = (garage: Garage, registration: string) =>
  callJson(stack.url, 'POST', '/api/v1/service-records', {
    token: garage.token,
    body: buildCreateBody(garage.password, { vehicle_registration: registration }),
  });

async function recordsOf(garageId: string): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM service_records WHERE garage_id = $1',
    [garageId],
  );
  return rows[0]!.n;
}

describe('garage.suspended and garage.reinstated', () => {
  it('are both handled, so the records consumer starts', () => {
    expect(eventsFor('records')).toEqual(expect.arrayContaining(['garage.suspended', 'garage.reinstated']));
    expect(eventsFor('records').filter((name) => !(name in createRecordsEventHandlers()))).toEqual([]);
  });

  it("stop a suspended garage adding records with 403 and SPEC's wording, keep its records public, and let it add again once reinstated", async () => {
    const garage = await buildGarageAccount(stack);
    const earlier = await logServiceRecord(stack, garage, { vehicle_registration: 'SU25AAA' });
    expect(await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), suspended(garage, 1_000))).toBe('applied');

    const refused = await create(garage, 'SU25AAB');
    expect(refused.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(refused.body)).toEqual({
      status: 403,
      code: 'forbidden',
      message: ADMIN_ACTION_MESSAGES.accountSuspended,
    });
    expect(await recordsOf(garage.id)).toBe(1);
    const publicRecords = ZLookupResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/lookup/SU25AAA')).body,
    ).data.serviceRecords;
    expect(publicRecords.map((record) => record.id)).toEqual([earlier.id]);
    // Its dashboard's list is closed too, even to the access token it held before the suspension.
    const mine = await callJson(stack.url, 'GET', '/api/v1/service-records/mine', { token: garage.token });
    expect(ZErrorEnvelopeSchema.parse(mine.body)).toEqual({
      status: 403,
      code: 'forbidden',
      message: ADMIN_ACTION_MESSAGES.accountSuspended,
    });

    await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), reinstated(garage, 2_000));
    expect((await create(garage, 'SU25AAB')).status).toBe(201);
    expect((await callJson(stack.url, 'GET', '/api/v1/service-records/mine', { token: garage.token })).status).toBe(
      200,
    );
    expect(await recordsOf(garage.id)).toBe(2);
  });

  it('keep the newest state when they arrive out of order, and change nothing twice for a duplicate', async () => {
    const garage = await buildGarageAccount(stack);
    const lateSuspension = suspended(garage, 3_000);
    await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), reinstated(garage, 5_000));
    await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), lateSuspension);
    expect((await create(garage, 'SU25AAC')).status).toBe(201);

    const newSuspension = suspended(garage, 6_000);
    expect(await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), newSuspension)).toBe('applied');
    expect(await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), newSuspension)).toBe('duplicate');
    expect((await create(garage, 'SU25AAD')).status).toBe(403);
    const { rows } = await stack.db.pool.query(
      'SELECT is_suspended, changed_at FROM garage_suspensions WHERE garage_id = $1',
      [garage.id],
    );
    expect(rows).toEqual([{ is_suspended: true, changed_at: 6_000 }]);
  });

  it('leave other garages adding records as before', async () => {
    const suspendedGarage = await buildGarageAccount(stack);
    const other = await buildGarageAccount(stack);
    await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), suspended(suspendedGarage, 1_000));
    expect((await create(other, 'SU25AAE')).status).toBe(201);
  });
});
