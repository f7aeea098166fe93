import { randomUUID } from 'node:crypto';
import { ZGarageProfileResponseSchema, type TEventEnvelope } from '@sh/shared/contract';
import { applyEventOnce } from '@sh/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garagesEventHandlers } from '../src/events/handlers.js';
import { buildGarage, call, startStack, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

function emailChanged(
  userId: string,
  oldEmail: string,
  newEmail: string,
  changedAt: number,
): TEventEnvelope<'user.email_changed'> {
  return {
    id: randomUUID(),
    name: 'user.email_changed',
    version: 1,
    occurredAt: new Date(changedAt).toISOString(),
    payload: { userId, oldEmail, newEmail, changedAt },
  };
}

async function profileEmail(garage: { id: string; email: string }): Promise<string> {
  const token = stack.tokenFor({ sub: garage.id, role: 'garage', email: garage.email });
  const { body } = await call(stack.garagesUrl, 'GET', '/api/v1/garages/me', { token });
  return ZGarageProfileResponseSchema.parse(body).data.garage.email;
}

describe('user.email_changed', () => {
  it('moves the garage profile to the new e-mail', async () => {
    const garage = await buildGarage(stack);
    await applyEventOnce(
      stack.garagesDb.pool,
      garagesEventHandlers,
      emailChanged(garage.id, garage.email, `new.${garage.email}`, 1_000),
    );
    expect(await profileEmail(garage)).toBe(`new.${garage.email}`);
  });

  it('ends on the newest change when changes arrive out of order (a change and its undo)', async () => {
    const garage = await buildGarage(stack);
    const hijacked = `elsewhere.${garage.email}`;
    await applyEventOnce(
      stack.garagesDb.pool,
      garagesEventHandlers,
      emailChanged(garage.id, hijacked, garage.email, 2_000),
    );
    await applyEventOnce(
      stack.garagesDb.pool,
      garagesEventHandlers,
      emailChanged(garage.id, garage.email, hijacked, 1_000),
    );
    expect(await profileEmail(garage)).toBe(garage.email);
  });

  it('changes nothing for a user who has no garage', async () => {
    const before = await stack.garagesDb.pool.query('SELECT id, email FROM garages ORDER BY id');
    await applyEventOnce(
      stack.garagesDb.pool,
      garagesEventHandlers,
      emailChanged(randomUUID(), 'admin@servicehistory.test', 'boss@servicehistory.test', 3_000),
    );
    expect((await stack.garagesDb.pool.query('SELECT id, email FROM garages ORDER BY id')).rows).toEqual(before.rows);
  });
});
