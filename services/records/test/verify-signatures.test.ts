import { createPublicKey, verify } from 'node:crypto';
import { ZSigningKeyResponseSchema, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/domain/chain-entry.js';
import { buildGarageAccount, logServiceRecord, startRecordsStack, type RecordsStack } from './harness.js';
import { tamperWithMileage } from './tamper-with-mileage.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

const verifyChain = async (registration: string) =>
  ZVerifyChainResponseSchema.parse(
    (await callJson(stack.url, 'GET', `/api/v1/service-records/verify/${registration}`)).body,
  ).data;

describe('GET /api/v1/service-records/verify checks every signature', () => {
  it('reports a mileage changed in the database with its entry hash, the next link and the chain head recomputed', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = 'TM24SIG';
    const first = await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 60000 });
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 70000 });
    const before = await verifyChain(registration);
    expect(before).toMatchObject({ valid: true, length: 2, brokenAt: null });

    const tamper = await tamperWithMileage(stack.db.pool, registration, 1, 30000);
    expect(tamper.recordId).toBe(first.id);

    const after = await verifyChain(registration);
    // Every hash and link checks out again: only the signature gives the change away.
    expect(after.entries.map((entry) => entry.position)).toEqual([1, 2]);
    expect(after.entries[0]!.hash).toBe(tamper.newHash);
    expect(after.entries[0]!.content).toMatchObject({ record: { mileage: 30000 } });
    expect(after.head).not.toBe(before.head);
    expect(after).toMatchObject({
      valid: false,
      brokenAt: { position: 1, record_id: first.id, reason: 'its signature does not match' },
    });
  });

  it('accepts an entry signed by the key in use after a quiet spell, before the history has heard of that signature', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = 'TM24IDL';
    // The key in use, as the history recorded it before ten quiet minutes; the next signature's time is written later.
    await stack.db.pool.query(
      `INSERT INTO signing_key_history (key_id, public_key, first_used_at, last_used_at) VALUES ($1, $2, now() - interval '1 hour', now() - interval '10 minutes')
       ON CONFLICT (key_id) DO UPDATE SET first_used_at = EXCLUDED.first_used_at, last_used_at = EXCLUDED.last_used_at`,
      [stack.signer.keyId, stack.signer.publicKeyPem],
    );
    await logServiceRecord(stack, garage, { vehicle_registration: registration });
    expect(await verifyChain(registration)).toMatchObject({ valid: true, length: 1, brokenAt: null });
  });

  it('reports an entry that names a key the history does not hold', async () => {
    const garage = await buildGarageAccount(stack);
    const registration = 'TM24KEY';
    const record = await logServiceRecord(stack, garage, { vehicle_registration: registration });
    expect((await verifyChain(registration)).valid).toBe(true);

    await stack.db.pool.query("UPDATE chain_entries SET key_id = '0123456789abcdef' WHERE registration = $1", [
      registration,
    ]);
    expect((await verifyChain(registration)).brokenAt).toEqual({
      position: 1,
      record_id: record.id,
      reason: 'it names a signing key we never published',
    });
  });

  it("gives each entry's receipt, whose signature anyone can check with the published key its key_id names", async () => {
    const garage = await buildGarageAccount(stack);
    const registration = 'TM24PUB';
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 10000 });
    await logServiceRecord(stack, garage, { vehicle_registration: registration, mileage: 20000 });
    const { keys } = ZSigningKeyResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/signing-key')).body,
    ).data;
    const { entries } = await verifyChain(registration);
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      const key = keys.find((candidate) => candidate.keyId === entry.key_id)!;
      const message = canonicalJson({
        hash: entry.hash,
        position: entry.position,
        prev_hash: entry.prev_hash,
        registration,
        signed_at: entry.signed_at,
      });
      expect(
        verify(null, Buffer.from(message), createPublicKey(key.publicKey), Buffer.from(entry.signature, 'base64')),
      ).toBe(true);
    }
  });
});
