import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  ZAmendServiceRecordResponseSchema,
  ZErrorEnvelopeSchema,
  ZInternalRecordsResponseSchema,
  ZLookupResponseSchema,
  ZMyServiceRecordsResponseSchema,
  ZVerifyChainResponseSchema,
  ZWithdrawServiceRecordResponseSchema,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { INTERNAL_TOKEN_HEADER } from '@sh/shared/server';
import { callJson } from '@sh/shared/testing';
import { checkDisclosure } from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceDateFor } from '../src/domain/service-date.js';
import {
  adminTokenFor,
  buildGarageAccount,
  logServiceRecord,
  startRecordsStack,
  TEST_INTERNAL_TOKEN,
  type RecordsStack,
} from './harness.js';

let stack: RecordsStack;
const admin = { id: randomUUID(), email: 'admin@wrenchmark.test' };
let adminToken: string;

beforeAll(async () => {
  stack = await startRecordsStack();
  adminToken = adminTokenFor(stack, admin);
});
afterAll(async () => {
  await stack?.close();
});

let plateCounter = 0;
/** A fresh registration per test, so tests never share a chain. */
function newRegistration(): string {
  plateCounter += 1;
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const n = plateCounter + Math.floor(Math.random() * 5000) * 50;
  return `CR${String((n % 90) + 10)}${letters[n % 23]}${letters[Math.floor(n / 23) % 23]}${letters[Math.floor(n / 529) % 23]}`;
}

const amend = (token: string | undefined, id: string, body?: unknown) =>
  callJson(stack.url, 'PATCH', `/api/v1/service-records/${id}`, { token, body });
const withdraw = (token: string | undefined, id: string, body?: unknown) =>
  callJson(stack.url, 'DELETE', `/api/v1/service-records/${id}`, { token, body });
const lookup = async (registration: string) =>
  ZLookupResponseSchema.parse((await callJson(stack.url, 'GET', `/api/v1/service-records/lookup/${registration}`)).body)
    .data.serviceRecords;
const mine = async (token: string, registration: string) =>
  ZMyServiceRecordsResponseSchema.parse(
    (await callJson(stack.url, 'GET', `/api/v1/service-records/mine?registration=${registration}`, { token })).body,
  ).data.serviceRecords;
const verify = async (registration: string) =>
  ZVerifyChainResponseSchema.parse(
    (await callJson(stack.url, 'GET', `/api/v1/service-records/verify/${registration}`)).body,
  ).data;
const adminList = async (registration: string) =>
  ZInternalRecordsResponseSchema.parse(
    (
      await callJson(stack.url, 'GET', `/internal/admin/service-records?q=${registration}`, {
        headers: { [INTERNAL_TOKEN_HEADER]: TEST_INTERNAL_TOKEN },
      })
    ).body,
  ).data;

/** Everything a correction writes: the record's row, and the counts of chain entries, amendments, events and audit rows. */
async function snapshot(recordId: string) {
  const { rows } = await stack.db.pool.query(
    `SELECT (SELECT row_to_json(r) FROM service_records r WHERE r.id = $1) AS record,
            (SELECT count(*)::int FROM chain_entries) AS entries,
            (SELECT count(*)::int FROM record_amendments) AS amendments,
            (SELECT count(*)::int FROM event_outbox) AS events,
            (SELECT count(*)::int FROM admin_actions) AS actions`,
    [recordId],
  );
  return rows[0] as Record<string, unknown>;
}

/** A garage with one record logged through the API. */
async function buildLoggedRecord(overrides: Record<string, unknown> = {}) {
  const garage = await buildGarageAccount(stack);
  const registration = newRegistration();
  const record = await logServiceRecord(stack, garage, { vehicle_registration: registration, ...overrides });
  return { garage, registration, record };
}

const tomorrow = () => serviceDateFor(new Date(Date.now() + 36 * 3600_000));

describe('PATCH /api/v1/service-records/{id}', () => {
  it('refuses a visitor with 401 and a garage, even on its own record, with 403, and changes nothing', async () => {
    const { garage, record } = await buildLoggedRecord();
    const before = await snapshot(record.id);
    const body = { notes: 'Changed', reason: 'Typo in the notes' };
    expect((await amend(undefined, record.id, body)).status).toBe(401);
    expect((await amend('not-a-token', record.id, body)).status).toBe(401);
    const asGarage = await amend(garage.token, record.id, body);
    expect(asGarage.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(asGarage.body)).toEqual({
      status: 403,
      code: 'forbidden',
      message: MESSAGES.platform.forbidden,
    });
    expect(await snapshot(record.id)).toEqual(before);
  });

  it.each([
    [
      'an id that is not a UUID',
      'not-a-uuid',
      { notes: 'x y z', reason: 'Typo in the notes' },
      ADMIN_ACTION_MESSAGES.idInvalid,
    ],
    ['no reason', null, { notes: 'Rear pads replaced' }, ADMIN_ACTION_MESSAGES.reasonRequired],
    ['a blank reason', null, { notes: 'Rear pads replaced', reason: '   ' }, ADMIN_ACTION_MESSAGES.reasonRequired],
    ['a reason too short', null, { notes: 'Rear pads replaced', reason: 'ok' }, ADMIN_ACTION_MESSAGES.reasonTooShort],
    [
      'an unknown service type',
      null,
      { service_type: 'Rocket Fuel', reason: 'Wrong service' },
      MESSAGES.records.serviceTypeUnknown,
    ],
    [
      'a date that does not exist',
      null,
      { service_date: '2025-02-30', reason: 'Wrong date' },
      ADMIN_ACTION_MESSAGES.serviceDateInvalid,
    ],
    [
      'a service date in the future',
      null,
      { service_date: 'TOMORROW', reason: 'Wrong date' },
      ADMIN_ACTION_MESSAGES.serviceDateInFuture,
    ],
    [
      'a bad customer e-mail',
      null,
      { customer_email: 'not-an-email', reason: 'Owner asked' },
      MESSAGES.records.customerEmailInvalid,
    ],
    [
      'nothing that changes',
      null,
      { notes: 'All fluids topped up', service_type: 'Full Service, Oil & Filter Change', reason: 'No change' },
      ADMIN_ACTION_MESSAGES.nothingToChange,
    ],
  ])('answers 400 for %s with its message, and changes nothing', async (_case, id, body, message) => {
    const { record } = await buildLoggedRecord();
    const before = await snapshot(record.id);
    const sent =
      'service_date' in body && body.service_date === 'TOMORROW' ? { ...body, service_date: tomorrow() } : body;
    const { status, body: answer } = await amend(adminToken, id ?? record.id, sent);
    expect(status).toBe(400);
    expect(ZErrorEnvelopeSchema.parse(answer)).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(await snapshot(record.id)).toEqual(before);
  });

  it('names the service date as the field in the future', async () => {
    const { record } = await buildLoggedRecord();
    const { body } = await amend(adminToken, record.id, { service_date: tomorrow(), reason: 'Wrong date' });
    expect(ZErrorEnvelopeSchema.parse(body).errors).toEqual([
      { path: 'service_date', message: ADMIN_ACTION_MESSAGES.serviceDateInFuture },
    ]);
  });

  it('answers 404 for an id no record has, and 409 for a withdrawn record, changing nothing', async () => {
    const unknown = await amend(adminToken, randomUUID(), { notes: 'Rear pads replaced', reason: 'Typo in the notes' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', message: ADMIN_ACTION_MESSAGES.recordNotFound });

    const { record } = await buildLoggedRecord();
    expect((await withdraw(adminToken, record.id, { reason: 'Logged against the wrong vehicle' })).status).toBe(200);
    const before = await snapshot(record.id);
    const refused = await amend(adminToken, record.id, { notes: 'Rear pads replaced', reason: 'Typo in the notes' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', message: ADMIN_ACTION_MESSAGES.withdrawnCannotBeAmended });
    expect(await snapshot(record.id)).toEqual(before);
  });

  it('appends an amendment, and the record reads with its new values everywhere, with one event and one audit entry', async () => {
    const { garage, registration, record } = await buildLoggedRecord({ customer_email: 'owner@example.co.uk' });
    const before = await snapshot(record.id);
    const { status, body } = await amend(adminToken, record.id, {
      notes: 'Rear pads replaced',
      service_date: '2025-01-15',
      service_type: 'Full Service, Oil & Filter Change',
      customer_email: 'new.owner@example.co.uk',
      reason: 'The garage sent the wrong notes',
    });
    expect(status).toBe(200);
    const answer = ZAmendServiceRecordResponseSchema.parse(body);
    expect(answer.message).toBe(ADMIN_ACTION_MESSAGES.recordAmended);
    expect(answer.data.serviceRecord).toMatchObject({
      id: record.id,
      notes: 'Rear pads replaced',
      service_date: '2025-01-15',
      customer_email: 'new.owner@example.co.uk',
      withdrawal: null,
    });
    expect(answer.data.serviceRecord.amendments).toEqual([
      {
        id: expect.any(String),
        amended_at: expect.any(String),
        amended_by: admin,
        reason: 'The garage sent the wrong notes',
        position: 2,
        changes: [
          { field: 'notes', from: 'All fluids topped up', to: 'Rear pads replaced' },
          { field: 'service_date', from: record.service_date, to: '2025-01-15' },
          { field: 'customer_email', from: 'owner@example.co.uk', to: 'new.owner@example.co.uk' },
        ],
      },
    ]);

    const [publicRecord] = await lookup(registration);
    expect(publicRecord).toMatchObject({ id: record.id, notes: 'Rear pads replaced', service_date: '2025-01-15' });
    expect(publicRecord!.amendments).toEqual([
      { amended_at: answer.data.serviceRecord.amendments[0]!.amended_at, reason: 'The garage sent the wrong notes' },
    ]);
    expect((await mine(garage.token, registration))[0]).toMatchObject({
      notes: 'Rear pads replaced',
      customer_email: 'new.owner@example.co.uk',
      amendments: publicRecord!.amendments,
    });

    const after = await snapshot(record.id);
    expect(after).toMatchObject({
      entries: (before.entries as number) + 1,
      amendments: (before.amendments as number) + 1,
      events: (before.events as number) + 1,
      actions: (before.actions as number) + 1,
    });
    const { rows: events } = await stack.db.pool.query(
      "SELECT payload FROM event_outbox WHERE name = 'service_record.amended' AND payload->>'recordId' = $1",
      [record.id],
    );
    expect(events.map((row) => row.payload)).toEqual([
      expect.objectContaining({
        amendedBy: admin.id,
        registration,
        garageId: garage.id,
        garageName: garage.name,
        garageEmail: garage.email,
        serviceDate: '2025-01-15',
        changedFields: ['notes', 'service_date', 'customer_email'],
        reason: 'The garage sent the wrong notes',
      }),
    ]);
    const { rows: audit } = await stack.db.pool.query(
      'SELECT actor_id, actor_email, action, subject_type, subject_label, reason FROM admin_actions WHERE subject_id = $1',
      [record.id],
    );
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        actor_email: admin.email,
        action: 'service_record.amended',
        subject_type: 'service_record',
        subject_label: registration,
        reason: 'The garage sent the wrong notes',
      },
    ]);
  });

  it('keeps the chain verifiable through several amendments, without the customer contact in it', async () => {
    const { registration, record } = await buildLoggedRecord();
    expect(
      (await amend(adminToken, record.id, { notes: 'Front pads replaced', reason: 'First correction' })).status,
    ).toBe(200);
    expect(
      (
        await amend(adminToken, record.id, {
          notes: 'Rear pads replaced',
          customer_phone: '07700 900123',
          reason: 'Second correction',
        })
      ).status,
    ).toBe(200);
    const verdict = await verify(registration);
    expect(verdict).toMatchObject({ valid: true, length: 3, brokenAt: null });
    expect(verdict.entries.map((entry) => entry.kind)).toEqual(['record', 'amendment', 'amendment']);
    const commitment = { commitment: expect.stringMatching(/^[0-9a-f]{64}$/) as string };
    expect(verdict.entries[0]!.content).toMatchObject({
      format: 2,
      record: { notes: commitment, signed_by: commitment },
    });
    expect(verdict.entries[2]!.content).toMatchObject({
      amendment: {
        reason: commitment,
        changes: [{ field: 'notes', from: commitment, to: commitment }],
        contact_fields_changed: ['customer_phone'],
      },
    });
    // What the lookup shows is disclosed, and checks against its commitment; what the amendments replaced is not.
    expect(verdict.entries[2]!.disclosures.map(({ path, value }) => ({ path, value }))).toEqual([
      { path: 'amendment.changes.0.to', value: 'Rear pads replaced' },
      { path: 'amendment.reason', value: 'Second correction' },
    ]);
    for (const entry of verdict.entries) {
      for (const disclosure of entry.disclosures) expect(await checkDisclosure(entry.content, disclosure)).toBeNull();
    }
    expect(verdict.entries[0]!.disclosures.map((disclosure) => disclosure.path)).not.toContain('record.notes');
    expect(JSON.stringify(verdict)).not.toContain('All fluids topped up');
    expect(JSON.stringify(verdict)).not.toContain('Front pads replaced');
    expect(JSON.stringify(verdict)).not.toContain('07700900123');
  });

  it("is caught by verify when the record row is changed behind the chain's back", async () => {
    const { registration, record } = await buildLoggedRecord();
    expect(
      (await amend(adminToken, record.id, { notes: 'Rear pads replaced', reason: 'Typo in the notes' })).status,
    ).toBe(200);
    await stack.db.pool.query("UPDATE service_records SET notes = 'Nothing replaced' WHERE id = $1", [record.id]);
    expect((await verify(registration)).brokenAt).toEqual({
      position: 2,
      record_id: record.id,
      reason: 'the record no longer reads as this amendment left it',
    });
  });
});

describe('DELETE /api/v1/service-records/{id}', () => {
  it('refuses a visitor with 401 and a garage with 403, and changes nothing', async () => {
    const { garage, record } = await buildLoggedRecord();
    const before = await snapshot(record.id);
    expect((await withdraw(undefined, record.id, { reason: 'Duplicate record' })).status).toBe(401);
    const asGarage = await withdraw(garage.token, record.id, { reason: 'Duplicate record' });
    expect(asGarage.status).toBe(403);
    expect(asGarage.body).toMatchObject({ code: 'forbidden', message: MESSAGES.platform.forbidden });
    expect(await snapshot(record.id)).toEqual(before);
  });

  it.each([
    ['an id that is not a UUID', 'not-a-uuid', { reason: 'Duplicate record' }, ADMIN_ACTION_MESSAGES.idInvalid],
    ['no body', null, undefined, ADMIN_ACTION_MESSAGES.reasonRequired],
    ['no reason', null, {}, ADMIN_ACTION_MESSAGES.reasonRequired],
    ['a reason too long', null, { reason: 'x'.repeat(501) }, ADMIN_ACTION_MESSAGES.reasonTooLong],
  ])('answers 400 for %s with its message, and changes nothing', async (_case, id, body, message) => {
    const { record } = await buildLoggedRecord();
    const before = await snapshot(record.id);
    const { status, body: answer } = await withdraw(adminToken, id ?? record.id, body);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(await snapshot(record.id)).toEqual(before);
  });

  it('answers 404 for an id no record has, and 409 for a record already withdrawn, changing nothing', async () => {
    const unknown = await withdraw(adminToken, randomUUID(), { reason: 'Duplicate record' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', message: ADMIN_ACTION_MESSAGES.recordNotFound });

    const { record } = await buildLoggedRecord();
    expect((await withdraw(adminToken, record.id, { reason: 'Duplicate record' })).status).toBe(200);
    const before = await snapshot(record.id);
    const again = await withdraw(adminToken, record.id, { reason: 'Duplicate record' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', message: ADMIN_ACTION_MESSAGES.alreadyWithdrawn });
    expect(await snapshot(record.id)).toEqual(before);
  });

  it("takes the record out of the lookup and the garage's list, keeps it for the admin and the chain, with one event and one audit entry", async () => {
    const { garage, registration, record } = await buildLoggedRecord();
    const kept = await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 50000 });
    const before = await snapshot(record.id);
    const { status, body } = await withdraw(adminToken, record.id, { reason: 'Logged against the wrong vehicle' });
    expect(status).toBe(200);
    const answer = ZWithdrawServiceRecordResponseSchema.parse(body);
    expect(answer.message).toBe(ADMIN_ACTION_MESSAGES.recordWithdrawn);
    expect(answer.data.serviceRecord.withdrawal).toEqual({
      withdrawn_at: expect.any(String),
      withdrawn_by: admin,
      reason: 'Logged against the wrong vehicle',
    });

    expect((await lookup(registration)).map((r) => r.id)).toEqual([kept.id]);
    expect((await mine(garage.token, registration)).map((r) => r.id)).toEqual([kept.id]);
    const listed = await adminList(registration);
    expect(listed.serviceRecords.map((r) => [r.id, r.withdrawal?.reason ?? null])).toEqual([
      [kept.id, null],
      [record.id, 'Logged against the wrong vehicle'],
    ]);

    const verdict = await verify(registration);
    expect(verdict).toMatchObject({ valid: true, length: 3, brokenAt: null });
    // The reason is sealed through a salted commitment: the admin reads it, the public answer does not.
    expect(verdict.entries[2]).toMatchObject({
      kind: 'withdrawal',
      record_id: record.id,
      content: { withdrawal: { withdrawn_by: admin.id, reason: { commitment: expect.any(String) } } },
      disclosures: [],
    });

    expect(await snapshot(record.id)).toMatchObject({
      entries: (before.entries as number) + 1,
      amendments: before.amendments,
      events: (before.events as number) + 1,
      actions: (before.actions as number) + 1,
    });
    const { rows: events } = await stack.db.pool.query(
      "SELECT payload FROM event_outbox WHERE name = 'service_record.withdrawn' AND payload->>'recordId' = $1",
      [record.id],
    );
    expect(events.map((row) => row.payload)).toEqual([
      expect.objectContaining({
        withdrawnBy: admin.id,
        registration,
        garageId: garage.id,
        garageEmail: garage.email,
        reason: 'Logged against the wrong vehicle',
      }),
    ]);
    const { rows: audit } = await stack.db.pool.query(
      'SELECT action, reason FROM admin_actions WHERE subject_id = $1',
      [record.id],
    );
    expect(audit).toEqual([{ action: 'service_record.withdrawn', reason: 'Logged against the wrong vehicle' }]);
  });

  it('leaves a withdrawn record out of the mileage comparison', async () => {
    const { garage, registration, record: high } = await buildLoggedRecord({ mileage: 90000 });
    const low = await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 30000 });
    expect((await lookup(registration)).find((r) => r.id === low.id)?.mileage_anomaly).toBe(true);
    expect((await withdraw(adminToken, high.id, { reason: 'Mileage was mistyped' })).status).toBe(200);
    expect((await lookup(registration)).map((r) => [r.id, r.mileage_anomaly])).toEqual([[low.id, false]]);
  });

  it("is caught by verify when a withdrawal is undone behind the chain's back", async () => {
    const { registration, record } = await buildLoggedRecord();
    expect((await withdraw(adminToken, record.id, { reason: 'Duplicate record' })).status).toBe(200);
    await stack.db.pool.query('UPDATE service_records SET withdrawn_at = NULL WHERE id = $1', [record.id]);
    expect((await verify(registration)).brokenAt).toEqual({
      position: 2,
      record_id: record.id,
      reason: 'the record was put back in public view after its withdrawal',
    });
  });
});
