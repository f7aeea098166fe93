import { randomUUID } from 'node:crypto';
import {
  DEVELOPMENT_LOG,
  ERASURE_MESSAGES,
  ZEraseRecordFieldsResponseSchema,
  ZLogCheckpointResponseSchema,
  ZLogInclusionProofResponseSchema,
  ZVerifyChainResponseSchema,
  type TVerifyChainResponse,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { DEV_LOG_SIGNING_KEY } from '@sh/shared/server';
import { callJson } from '@sh/shared/testing';
import {
  checkDisclosure,
  decodeBase64,
  parseVerifierKey,
  verifyCheckpoint,
  verifyInclusion,
} from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCheckpoint } from '../src/domain/issue-checkpoint.js';
import { loadLogSigner } from '../src/domain/log-signer.js';
import { LOG_TREE_HASHER, logEntryOf } from '../src/domain/log-entry.js';
import {
  adminTokenFor,
  buildGarageAccount,
  logServiceRecord,
  startRecordsStack,
  type RecordsStack,
} from './harness.js';

// Issue 23 point 6: personal and free-text fields are sealed through salted commitments, so a withdrawal or an
// erasure deletes their values for good while every entry, proof and checkpoint still verifies.

let stack: RecordsStack;
let adminToken: string;
const api = '/api/v1/service-records';

beforeAll(async () => {
  stack = await startRecordsStack();
  adminToken = adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' });
});

afterAll(async () => {
  await stack?.close();
});

let plates = 0;
const newRegistration = () => `WE${String(plates++).padStart(2, '0')}RAS`;

async function verify(registration: string): Promise<TVerifyChainResponse['data']> {
  return ZVerifyChainResponseSchema.parse((await callJson(stack.url, 'GET', `${api}/verify/${registration}`)).body)
    .data;
}

/** Every public answer about a vehicle, as one text: its lookup, its verification, a checkpoint and every proof. */
async function everyPublicAnswer(
  registration: string,
): Promise<{ text: string; verdict: TVerifyChainResponse['data'] }> {
  const log = await loadLogSigner(DEVELOPMENT_LOG.origin, DEV_LOG_SIGNING_KEY);
  await issueCheckpoint(stack.db.pool, log);
  const checkpoint = ZLogCheckpointResponseSchema.parse(
    (await callJson(stack.url, 'GET', `${api}/log/checkpoint`)).body,
  ).data;
  const verdict = await verify(registration);
  const answers: unknown[] = [
    checkpoint,
    verdict,
    (await callJson(stack.url, 'GET', `${api}/lookup/${registration}`)).body,
  ];
  const key = await parseVerifierKey(DEVELOPMENT_LOG.verifierKey);
  const opened = await verifyCheckpoint(checkpoint.note, [key], DEVELOPMENT_LOG.origin);
  for (const entry of verdict.entries) {
    const proof = await callJson(
      stack.url,
      'GET',
      `${api}/log/proof/inclusion?leaf=${entry.leaf_index}&size=${checkpoint.treeSize}`,
    );
    answers.push(proof.body);
    // Each entry's leaf is still in the signed log, rebuilt from the public answer alone.
    const leaf = await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...entry, registration }));
    const hashes = ZLogInclusionProofResponseSchema.parse(proof.body).data.hashes.map((hash) => decodeBase64(hash)!);
    expect(await verifyInclusion(entry.leaf_index!, opened.size, leaf, hashes, opened.rootHash, LOG_TREE_HASHER)).toBe(
      true,
    );
  }
  return { text: JSON.stringify(answers), verdict };
}

async function erase(token: string | undefined, recordId: string, body: unknown) {
  return callJson(stack.url, 'POST', `${api}/erasures/${recordId}`, { token, body });
}

async function storedValues(recordId: string) {
  const { rows: record } = await stack.db.pool.query(
    'SELECT notes, technician_name, signed_by FROM service_records WHERE id = $1',
    [recordId],
  );
  const { rows: fields } = await stack.db.pool.query(
    `SELECT f.path, f.value FROM entry_fields f JOIN chain_entries c USING (registration, position) WHERE c.record_id = $1 ORDER BY c.position, f.path`,
    [recordId],
  );
  const { rows: amendments } = await stack.db.pool.query(
    'SELECT changes FROM record_amendments WHERE record_id = $1 ORDER BY amended_at',
    [recordId],
  );
  return {
    record: record[0] as Record<string, string | null>,
    fields: fields as Array<{ path: string; value: string | null }>,
    amendments,
  };
}

describe('a withdrawal', () => {
  it('leaves no public answer with the withdrawn notes, technician or signer, deletes them, and every proof still verifies', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const kept = await logServiceRecord(stack, garage, {
      vehicle_registration: registration,
      notes: 'Kept note about the brakes',
      mileage: 20000,
    });
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: registration,
      notes: 'Customer Jo Bloggs asked for a call on 07700 900456',
      technician_name: 'Withdrawn Technician',
      full_name: 'Withdrawn Signer',
      mileage: 30000,
    });
    const amended = await callJson(stack.url, 'PATCH', `${api}/${record.id}`, {
      token: adminToken,
      body: { notes: 'Amended private note', reason: 'Notes were incomplete' },
    });
    expect(amended.status).toBe(200);
    const before = await everyPublicAnswer(registration);
    expect(before.text).toContain('Amended private note');
    expect(before.text).toContain('Withdrawn Technician');

    expect(
      (
        await callJson(stack.url, 'DELETE', `${api}/${record.id}`, {
          token: adminToken,
          body: { reason: 'Logged against the wrong vehicle' },
        })
      ).status,
    ).toBe(200);

    const after = await everyPublicAnswer(registration);
    expect(after.verdict).toMatchObject({ valid: true, length: 4, brokenAt: null });
    for (const secret of [
      'Jo Bloggs',
      '07700 900456',
      'Amended private note',
      'Withdrawn Technician',
      'Withdrawn Signer',
      'Notes were incomplete',
      'wrong vehicle',
    ]) {
      expect(after.text).not.toContain(secret);
    }
    // The record that stays public still shows and discloses its notes, which check against their commitment.
    expect(after.text).toContain('Kept note about the brakes');
    const disclosed = after.verdict.entries.flatMap((entry) =>
      entry.disclosures.map((disclosure) => ({ entry, disclosure })),
    );
    expect(disclosed.map(({ entry, disclosure }) => [entry.record_id, disclosure.path])).toEqual([
      [kept.id, 'record.notes'],
      [kept.id, 'record.technician_name'],
    ]);
    for (const { entry, disclosure } of disclosed) expect(await checkDisclosure(entry.content, disclosure)).toBeNull();

    // Gone from the database too, not only from the answers: only the withdrawal's own reason stays, for the admin.
    const stored = await storedValues(record.id);
    expect(stored.record).toEqual({ notes: null, technician_name: null, signed_by: null });
    expect(stored.fields.map((field) => field.path)).toEqual(['withdrawal.reason']);
    expect(stored.fields.at(-1)!.value).toBe('Logged against the wrong vehicle');
    expect(JSON.stringify(stored.amendments)).not.toContain('private note');
  });
});

describe('POST /api/v1/service-records/erasures/{id}', () => {
  it("erases the technician's and the signer's names for good, with the reason in the audit, and the history still verifies", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: registration,
      technician_name: 'Erased Technician',
      full_name: 'Erased Signer',
    });
    const answer = await erase(adminToken, record.id, {
      fields: ['technician_name', 'signed_by'],
      reason: 'The technician asked to be removed',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: ERASURE_MESSAGES.recordErased });
    expect(ZEraseRecordFieldsResponseSchema.parse(answer.body).data.serviceRecord).toMatchObject({
      technician_name: null,
      notes: 'All fluids topped up',
    });

    const after = await everyPublicAnswer(registration);
    expect(after.verdict).toMatchObject({ valid: true, brokenAt: null });
    expect(after.text).not.toContain('Erased Technician');
    expect(after.text).not.toContain('Erased Signer');
    expect(after.verdict.entries[0]!.disclosures.map((disclosure) => disclosure.path)).toEqual(['record.notes']);
    const stored = await storedValues(record.id);
    expect(stored.record).toEqual({ notes: 'All fluids topped up', technician_name: null, signed_by: null });
    expect(stored.fields.map((field) => field.path)).toEqual(['record.notes']);
    const { rows: audit } = await stack.db.pool.query(
      'SELECT action, reason FROM admin_actions WHERE subject_id = $1',
      [record.id],
    );
    expect(audit).toEqual([{ action: 'service_record.erased', reason: 'The technician asked to be removed' }]);

    // A value written back behind the chain's back is caught: the chain says it was erased.
    await stack.db.pool.query("UPDATE service_records SET technician_name = 'Someone Else' WHERE id = $1", [record.id]);
    expect((await verify(registration)).brokenAt).toEqual({
      position: 1,
      record_id: record.id,
      reason: 'the record no longer reads as its entries sealed it',
    });
  });

  it('discloses the signer while the lookup shows the signer in place of an erased technician', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: registration,
      technician_name: 'Gone Technician',
      full_name: 'Shown Signer',
    });
    const answer = await erase(adminToken, record.id, {
      fields: ['technician_name'],
      reason: 'The technician asked to be removed',
    });
    expect(answer.status).toBe(200);
    // The admin reads the names apart, as kept, beside the technician's name as the lookup shows it.
    expect(ZEraseRecordFieldsResponseSchema.parse(answer.body).data.serviceRecord).toMatchObject({
      technician_name: 'Shown Signer',
      stored_names: { technician_name: null, signed_by: 'Shown Signer' },
    });
    const { verdict, text } = await everyPublicAnswer(registration);
    expect(text).not.toContain('Gone Technician');
    expect(verdict.entries[0]!.disclosures.map(({ path, value }) => [path, value])).toEqual([
      ['record.notes', 'All fluids topped up'],
      ['record.signed_by', 'Shown Signer'],
    ]);
  });

  it('erases amended notes from the record, its amendments and its entries', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: registration,
      notes: 'First private words',
    });
    await callJson(stack.url, 'PATCH', `${api}/${record.id}`, {
      token: adminToken,
      body: { notes: 'Second private words', service_type: 'Interim Service', reason: 'Corrected' },
    });
    expect(
      (await erase(adminToken, record.id, { fields: ['notes'], reason: 'Personal data in the notes' })).status,
    ).toBe(200);
    const after = await everyPublicAnswer(registration);
    expect(after.verdict).toMatchObject({ valid: true, brokenAt: null });
    expect(after.text).not.toContain('private words');
    const stored = await storedValues(record.id);
    expect(JSON.stringify(stored)).not.toContain('private words');
    // The service type's correction is not personal: it is still disclosed, as the lookup shows it.
    expect(after.verdict.entries[1]!.disclosures.map(({ path, value }) => [path, value])).toEqual([
      ['amendment.changes.0.to', 'Interim Service'],
      ['amendment.reason', 'Corrected'],
    ]);
  });

  it.each([
    ['no fields', { fields: [], reason: 'Personal data' }, ERASURE_MESSAGES.fieldsRequired],
    ['a field that cannot be erased', { fields: ['mileage'], reason: 'Personal data' }, undefined],
    ['a field named twice', { fields: ['notes', 'notes'], reason: 'Personal data' }, ERASURE_MESSAGES.fieldsRepeated],
    ['no reason', { fields: ['notes'] }, ADMIN_ACTION_MESSAGES.reasonRequired],
  ])('answers 400 for %s and changes nothing', async (_case, body, message) => {
    const garage = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, garage, { vehicle_registration: newRegistration() });
    const before = await storedValues(record.id);
    const answer = await erase(adminToken, record.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_failed', ...(message ? { message } : {}) });
    expect(await storedValues(record.id)).toEqual(before);
  });

  it('refuses a visitor (401), a garage (403), an unknown record (404) and a record sealed before salted fields (409)', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = newRegistration();
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration });
    const body = { fields: ['notes'], reason: 'Personal data' };
    expect((await erase(undefined, record.id, body)).status).toBe(401);
    expect((await erase(garage.token, record.id, body)).status).toBe(403);
    expect((await erase(adminToken, randomUUID(), body)).status).toBe(404);
    // As an entry sealed before migration 008 reads: its hash covers the values themselves.
    await stack.db.pool.query('DELETE FROM entry_fields WHERE registration = $1', [registration]);
    await stack.db.pool.query('UPDATE chain_entries SET format = 1, content = NULL WHERE registration = $1', [
      registration,
    ]);
    const before = await storedValues(record.id);
    const refused = await erase(adminToken, record.id, body);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: ERASURE_MESSAGES.sealedBeforeErasure });
    expect(await storedValues(record.id)).toEqual(before);
  });
});
