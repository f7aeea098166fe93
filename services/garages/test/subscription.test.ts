import { randomUUID } from 'node:crypto';
import { eventsFor, type TEventEnvelope, type TEventPayload } from '@sh/shared/contract';
import { applyEventOnce, createRedis, startConsumer, startRelay, writeEvent } from '@sh/shared/server';
import { createTestDatabase, testLogger, testQueuePrefix, TEST_REDIS_URL, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garagesEventHandlers } from '../src/events/handlers.js';
import { GARAGES_MIGRATIONS } from './harness.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('garages', GARAGES_MIGRATIONS);
});
afterAll(async () => {
  await db?.drop();
});

async function buildGarageRow(): Promise<string> {
  const id = randomUUID();
  await db.pool.query(
    `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code)
     VALUES ($1, 'Medway Service Centre Ltd', 'MEDWAY SERVICE CENTRE LTD', $2, $3, '01634123456', '2 Pier Road, Gillingham', 'Ana Costa', $4)`,
    [
      id,
      id.replace(/\D/g, '').padEnd(8, '7').slice(0, 8),
      `${id}@medway.co.uk`,
      `GAR-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
    ],
  );
  return id;
}

function subscriptionEvent(
  garageId: string,
  overrides: Partial<TEventPayload<'subscription.changed'>>,
): TEventEnvelope<'subscription.changed'> {
  return {
    id: randomUUID(),
    name: 'subscription.changed',
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: {
      garageId,
      email: 'office@medway.co.uk',
      status: 'trialing',
      previousStatus: 'inactive',
      customerId: 'cus_123',
      subscriptionId: 'sub_123',
      currentPeriodEnd: 1_800_000_000,
      trialEnd: 1_800_000_000,
      cancelAtPeriodEnd: false,
      reason: 'trial_started',
      stateAt: 1_700_000_000,
      ...overrides,
    },
  };
}

async function subscriptionOf(garageId: string) {
  const { rows } = await db.pool.query(
    'SELECT subscription_status, stripe_customer_id, subscription_id, subscription_state_at FROM garages WHERE id = $1',
    [garageId],
  );
  return rows[0];
}

describe('subscription.changed consumer', () => {
  it('is listed for garages, and garages handles every event it subscribes to', () => {
    expect(eventsFor('garages')).toContain('subscription.changed');
    for (const name of eventsFor('garages')) expect(garagesEventHandlers[name]).toBeTypeOf('function');
  });

  it('stores the status, customer and subscription ids and the state time', async () => {
    const garageId = await buildGarageRow();
    expect(await applyEventOnce(db.pool, garagesEventHandlers, subscriptionEvent(garageId, {}))).toBe('applied');
    expect(await subscriptionOf(garageId)).toEqual({
      subscription_status: 'trialing',
      stripe_customer_id: 'cus_123',
      subscription_id: 'sub_123',
      subscription_state_at: 1_700_000_000,
    });
  });

  it('is idempotent: the same event delivered three times changes state once', async () => {
    const garageId = await buildGarageRow();
    const event = subscriptionEvent(garageId, { status: 'active', stateAt: 1_700_000_100 });
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) outcomes.push(await applyEventOnce(db.pool, garagesEventHandlers, event));
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    // A later event was applied in between; redelivering the first one must not bring its state back.
    await applyEventOnce(
      db.pool,
      garagesEventHandlers,
      subscriptionEvent(garageId, { status: 'past_due', stateAt: 1_700_000_200 }),
    );
    expect(await applyEventOnce(db.pool, garagesEventHandlers, event)).toBe('duplicate');
    expect((await subscriptionOf(garageId)).subscription_status).toBe('past_due');
  });

  it('is order-independent: events delivered newest first end in the newest state', async () => {
    const inOrder = await buildGarageRow();
    const reversed = await buildGarageRow();
    const states = [
      { status: 'trialing' as const, stateAt: 1_700_000_000 },
      { status: 'active' as const, stateAt: 1_700_100_000 },
      { status: 'past_due' as const, stateAt: 1_700_200_000 },
      { status: 'canceled' as const, stateAt: 1_700_300_000 },
    ];
    for (const state of states) await applyEventOnce(db.pool, garagesEventHandlers, subscriptionEvent(inOrder, state));
    for (const state of [...states].reverse())
      await applyEventOnce(db.pool, garagesEventHandlers, subscriptionEvent(reversed, state));
    expect(await subscriptionOf(inOrder)).toMatchObject({
      subscription_status: 'canceled',
      subscription_state_at: 1_700_300_000,
    });
    expect(await subscriptionOf(reversed)).toMatchObject({
      subscription_status: 'canceled',
      subscription_state_at: 1_700_300_000,
    });
  });

  it("keeps known ids when an event carries none, and maps Stripe's incomplete and unpaid", async () => {
    const garageId = await buildGarageRow();
    await applyEventOnce(
      db.pool,
      garagesEventHandlers,
      subscriptionEvent(garageId, { status: 'incomplete', stateAt: 10 }),
    );
    expect((await subscriptionOf(garageId)).subscription_status).toBe('inactive');
    await applyEventOnce(
      db.pool,
      garagesEventHandlers,
      subscriptionEvent(garageId, { status: 'unpaid', customerId: null, subscriptionId: null, stateAt: 20 }),
    );
    expect(await subscriptionOf(garageId)).toEqual({
      subscription_status: 'past_due',
      stripe_customer_id: 'cus_123',
      subscription_id: 'sub_123',
      subscription_state_at: 20,
    });
  });

  it('arrives through the outbox, the relay and the garages queue', async () => {
    const garageId = await buildGarageRow();
    const prefix = testQueuePrefix();
    const relay = startRelay({ pool: db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 50 });
    const consumer = startConsumer({
      service: 'garages',
      pool: db.pool,
      redisUrl: TEST_REDIS_URL,
      prefix,
      logger: testLogger,
      handlers: garagesEventHandlers,
    });
    try {
      await writeEvent(
        db.pool,
        'subscription.changed',
        subscriptionEvent(garageId, { status: 'active', stateAt: 1_700_500_000 }).payload,
      );
      const deadline = Date.now() + 10_000;
      while ((await subscriptionOf(garageId)).subscription_status !== 'active' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await subscriptionOf(garageId)).subscription_status).toBe('active');
    } finally {
      await consumer.close();
      await relay.stop();
      const redis = createRedis(TEST_REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
