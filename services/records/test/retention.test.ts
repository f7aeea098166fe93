import { randomUUID } from 'node:crypto';
import { RETENTION, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { callJson, testLogger, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRetentionJob } from '@sh/shared/server';
import {
  customerContactCutoff,
  eraseCustomerContactPastRetention,
} from '../src/domain/erase-expired-customer-contact.js';
import {
  adminTokenFor,
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

/** A record's customer contact, its amendments' changes and the customer address its created event carries. */
async function contactOf(recordId: string) {
  const { rows } = await stack.db.pool.query(
    `SELECT r.customer_email, r.customer_phone,
            (SELECT jsonb_agg(a.changes ORDER BY a.amended_at) FROM record_amendments a WHERE a.record_id = r.id) AS changes,
            (SELECT e.payload->'customerEmail' FROM event_outbox e
              WHERE e.name = 'service_record.created' AND e.payload->>'recordId' = r.id::text) AS event_email
       FROM service_records r WHERE r.id = $1`,
    [recordId],
  );
  return rows[0] as {
    customer_email: string | null;
    customer_phone: string | null;
    changes: unknown[] | null;
    event_email: string | null;
  };
}

/** When a record was logged, as stored. */
async function loggedAt(recordId: string): Promise<Date> {
  const { rows } = await stack.db.pool.query<{ created_at: Date }>(
    'SELECT created_at FROM service_records WHERE id = $1',
    [recordId],
  );
  return rows[0]!.created_at;
}

describe('the retention job (docs/product.md#retention)', () => {
  it('counts the period from when the record was logged', () => {
    const cutoff = customerContactCutoff(new Date('2026-11-25T10:00:00Z'));
    expect(RETENTION.customerContactMonths).toBe(24);
    expect(cutoff.toISOString()).toBe('2024-11-25T10:00:00.000Z');
  });

  it('erases the customer contact of records past the period, in their amendments and created events, and nothing else, once across two replicas', async () => {
    const garage = await buildGarageAccount(stack);
    const admin = { id: randomUUID(), email: 'admin@wrenchmark.test' };
    const old = await logServiceRecord(stack, garage, {
      vehicle_registration: 'RT15OLD',
      customer_email: 'old.owner@example.co.uk',
      customer_phone: '07700900111',
    });
    const amended = await callJson(stack.url, 'PATCH', `/api/v1/service-records/${old.id}`, {
      token: adminTokenFor(stack, admin),
      body: { notes: 'Rear pads replaced', customer_email: 'new.owner@example.co.uk', reason: 'Owner asked' },
    });
    expect(amended.status).toBe(200);
    const recent = await logServiceRecord(stack, garage, {
      vehicle_registration: 'RT25NEW',
      customer_email: 'recent.owner@example.co.uk',
      customer_phone: '07700900222',
    });
    // The jobs run as if RETENTION.customerContactMonths had passed since a moment between the two loggings (a
    // record's logging time is sealed in its chain, so the test moves the clock rather than the record).
    const between = new Date(((await loggedAt(old.id)).getTime() + (await loggedAt(recent.id)).getTime()) / 2);
    const later = new Date(between);
    later.setUTCMonth(later.getUTCMonth() + RETENTION.customerContactMonths);
    expect(customerContactCutoff(later)).toEqual(between);
    expect(await contactOf(old.id)).toMatchObject({
      customer_email: 'new.owner@example.co.uk',
      customer_phone: '07700900111',
      event_email: 'old.owner@example.co.uk',
    });
    const recentBefore = await contactOf(recent.id);

    // Two replicas, each with its scheduled job, both run now.
    const prefix = `retention-${randomUUID()}`;
    const jobs = [1, 2].map(() =>
      startRetentionJob({
        service: 'records',
        erase: eraseCustomerContactPastRetention,
        pool: stack.db.pool,
        redisUrl: TEST_REDIS_URL,
        prefix,
        logger: testLogger,
        everyMs: 3_600_000,
        now: () => later,
      }),
    );
    try {
      await Promise.all(jobs.map((job) => job.runNow()));
    } finally {
      await Promise.all(jobs.map((job) => job.close()));
    }

    expect(await contactOf(old.id)).toEqual({
      customer_email: null,
      customer_phone: null,
      changes: [
        [
          { field: 'notes', from: 'All fluids topped up', to: 'Rear pads replaced' },
          { field: 'customer_email', from: null, to: null },
        ],
      ],
      event_email: null,
    });
    expect(await contactOf(recent.id)).toEqual(recentBefore);
    expect(recentBefore).toMatchObject({ customer_email: 'recent.owner@example.co.uk', customer_phone: '07700900222' });

    // The history and its chain are untouched: the chain seals only the name of a contact field.
    const { rows } = await stack.db.pool.query('SELECT notes, service_type FROM service_records WHERE id = $1', [
      old.id,
    ]);
    expect(rows[0]).toEqual({ notes: 'Rear pads replaced', service_type: old.service_type });
    const verified = ZVerifyChainResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/verify/RT15OLD')).body,
    ).data;
    expect(verified).toMatchObject({ valid: true, length: 2, brokenAt: null });
  });
});
