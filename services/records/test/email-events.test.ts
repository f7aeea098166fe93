import { randomUUID } from 'node:crypto';
import { MESSAGES, ZErrorEnvelopeSchema, type TEventEnvelope } from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import { buildCreateBody, buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

const create = (token: string, body: unknown) =>
  callJson(stack.url, 'POST', '/api/v1/service-records', { token, body });

function envelope<N extends 'user.email_confirmed' | 'user.email_changed'>(
  name: N,
  payload: TEventEnvelope<N>['payload'],
): TEventEnvelope<N> {
  return { id: randomUUID(), name, version: 1, occurredAt: new Date().toISOString(), payload } as TEventEnvelope<N>;
}

async function recordsOf(garageId: string): Promise<number> {
  const { rows } = await stack.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM service_records WHERE garage_id = $1',
    [garageId],
  );
  return rows[0]!.n;
}

describe("POST /api/v1/service-records before the garage's e-mail is confirmed", () => {
  it('refuses a garage whose e-mail is not confirmed with 403 email_not_confirmed, even with an active subscription, and stores nothing', async () => {
    const garage = await buildGarageAccount(stack, { status: 'active', emailConfirmed: false });
    const { status, body } = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: 'EM26AAA' }),
    );
    expect(status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(body)).toEqual({
      status: 403,
      code: 'email_not_confirmed',
      message: MESSAGES.platform.emailNotConfirmed,
    });
    expect(MESSAGES.platform.emailNotConfirmed).toMatch(/^Please confirm your email address first/);
    expect(await recordsOf(garage.id)).toBe(0);
  });

  it('lets the garage add records once identity says its e-mail is confirmed (user.email_confirmed)', async () => {
    const garage = await buildGarageAccount(stack, { status: 'trialing', emailConfirmed: false });
    await applyEventOnce(
      stack.db.pool,
      createRecordsEventHandlers(),
      envelope('user.email_confirmed', { userId: garage.id, email: garage.email, confirmedAt: Date.now() }),
    );
    const { status } = await create(
      garage.token,
      buildCreateBody(garage.password, { vehicle_registration: 'EM26AAB' }),
    );
    expect(status).toBe(201);
    expect(await recordsOf(garage.id)).toBe(1);
  });
});

describe('user.email_changed', () => {
  it("sends the next receipt to the garage's new e-mail, and keeps the newest change when they arrive out of order", async () => {
    const garage = await buildGarageAccount(stack);
    const moved = `moved.${garage.email}`;
    const stray = `stray.${garage.email}`;
    await applyEventOnce(
      stack.db.pool,
      createRecordsEventHandlers(),
      envelope('user.email_changed', { userId: garage.id, oldEmail: garage.email, newEmail: moved, changedAt: 2_000 }),
    );
    await applyEventOnce(
      stack.db.pool,
      createRecordsEventHandlers(),
      envelope('user.email_changed', { userId: garage.id, oldEmail: stray, newEmail: stray, changedAt: 1_000 }),
    );

    expect(
      (await create(garage.token, buildCreateBody(garage.password, { vehicle_registration: 'EM26AAC' }))).status,
    ).toBe(201);
    const { rows } = await stack.db.pool.query<{ payload: { garageEmail: string } }>(
      "SELECT payload FROM event_outbox WHERE name = 'service_record.created' AND payload->>'garageId' = $1",
      [garage.id],
    );
    expect(rows.map((row) => row.payload.garageEmail)).toEqual([moved]);
  });
});
