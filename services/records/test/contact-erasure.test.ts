import { randomUUID } from 'node:crypto';
import { ERASURE_MESSAGES, ZEraseRecordFieldsResponseSchema, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTokenFor,
  buildGarageAccount,
  logServiceRecord,
  startRecordsStack,
  type RecordsStack,
} from './harness.js';

const api = '/api/v1/service-records';
let stack: RecordsStack;
let adminToken: string;

beforeAll(async () => {
  stack = await startRecordsStack();
  adminToken = adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' });
});
afterAll(async () => {
  await stack?.close();
});

/** A record with a customer's contact, whose e-mail an admin then corrected (so its amendment keeps both values). */
async function recordWithContact(registration: string) {
  const garage = await buildGarageAccount(stack);
  const record = await logServiceRecord(stack, garage, {
    vehicle_registration: registration,
    customer_email: 'first.owner@example.co.uk',
    customer_phone: '07700900333',
  });
  const amended = await callJson(stack.url, 'PATCH', `${api}/${record.id}`, {
    token: adminToken,
    body: { customer_email: 'second.owner@example.co.uk', reason: 'Owner asked' },
  });
  expect(amended.status).toBe(200);
  return record;
}

/** The record's contact, its amendments' changes and the address its created event keeps. */
async function contactOf(recordId: string) {
  const { rows } = await stack.db.pool.query(
    `SELECT r.customer_email, r.customer_phone, r.notes,
            (SELECT jsonb_agg(a.changes) FROM record_amendments a WHERE a.record_id = r.id) AS changes,
            (SELECT e.payload->'customerEmail' FROM event_outbox e
              WHERE e.name = 'service_record.created' AND e.payload->>'recordId' = r.id::text) AS event_email
       FROM service_records r WHERE r.id = $1`,
    [recordId],
  );
  return rows[0] as Record<string, unknown>;
}

const erase = (recordId: string, fields: string[]) =>
  callJson(stack.url, 'POST', `${api}/erasures/${recordId}`, {
    token: adminToken,
    body: { fields, reason: 'The customer asked us to erase their contact details' },
  });

describe("an admin's erasure of a customer's contact (docs/product.md#retention)", () => {
  it('erases the e-mail and phone from the record, its amendments and its created event, with the reason in the audit, and the history still verifies', async () => {
    const record = await recordWithContact('CE26AAA');
    expect(await contactOf(record.id)).toMatchObject({
      customer_email: 'second.owner@example.co.uk',
      event_email: 'first.owner@example.co.uk',
    });
    const answer = await erase(record.id, ['customer_email', 'customer_phone']);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: ERASURE_MESSAGES.recordErased });
    expect(ZEraseRecordFieldsResponseSchema.parse(answer.body).data.serviceRecord).toMatchObject({
      customer_email: null,
      customer_phone: null,
      notes: 'All fluids topped up',
    });
    expect(await contactOf(record.id)).toEqual({
      customer_email: null,
      customer_phone: null,
      notes: 'All fluids topped up',
      changes: [[{ field: 'customer_email', from: null, to: null }]],
      event_email: null,
    });
    const { rows: audit } = await stack.db.pool.query(
      'SELECT action, reason FROM admin_actions WHERE subject_id = $1',
      [record.id],
    );
    expect(audit).toEqual([
      { action: 'service_record.amended', reason: 'Owner asked' },
      { action: 'service_record.erased', reason: 'The customer asked us to erase their contact details' },
    ]);
    const verdict = ZVerifyChainResponseSchema.parse((await callJson(stack.url, 'GET', `${api}/verify/CE26AAA`)).body);
    expect(verdict.data).toMatchObject({ valid: true, length: 2, brokenAt: null });
  });

  it('erases the contact of a record sealed before salted fields, which no entry seals, but not its sealed fields', async () => {
    const record = await recordWithContact('CE26BBB');
    // As an entry sealed before migration 008 reads: its hash covers the sealed values themselves.
    await stack.db.pool.query('DELETE FROM entry_fields WHERE registration = $1', ['CE26BBB']);
    await stack.db.pool.query('UPDATE chain_entries SET format = 1, content = NULL WHERE registration = $1', [
      'CE26BBB',
    ]);
    const before = await contactOf(record.id);
    const refused = await erase(record.id, ['notes', 'customer_phone']);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: ERASURE_MESSAGES.sealedBeforeErasure });
    expect(await contactOf(record.id)).toEqual(before);

    expect((await erase(record.id, ['customer_phone'])).status).toBe(200);
    expect(await contactOf(record.id)).toEqual({ ...before, customer_phone: null });
  });
});
