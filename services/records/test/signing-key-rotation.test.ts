import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ZCreateServiceRecordResponseSchema,
  ZSigningKeyResponseSchema,
  ZVerifyChainResponseSchema,
  type TReceipt,
} from '@sh/shared/contract';
import { createTokenVerifier, migrate } from '@sh/shared/server';
import { callJson, createTestDatabase, listenForTest, testLogger } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecordsApp } from '../src/app.js';
import { createIdentityClient } from '../src/clients/identity.js';
import { canonicalJson } from '../src/domain/chain-entry.js';
import { loadReceiptSigner, signerFromPrivateKey } from '../src/domain/signing-key.js';
import { buildGarage, buildServiceRecord } from './builders.js';
import {
  buildCreateBody,
  buildGarageAccount,
  RECORDS_MIGRATIONS,
  startRecordsStack,
  TEST_INTERNAL_TOKEN,
  type RecordsStack,
} from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

const newPrivateKey = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Records started on the stack's database with a signing key, as main.ts starts it (RECORDS_SIGNING_KEY). */
async function startRecordsWith(privateKey: string) {
  const signer = await loadReceiptSigner(stack.db.pool, privateKey, testLogger);
  const app = await listenForTest(
    buildRecordsApp({
      pool: stack.db.pool,
      logger: testLogger,
      verifier: createTokenVerifier({ publicKey: stack.tokenPublicKey! }),
      signer,
      identity: createIdentityClient({ baseUrl: stack.identityUrl, internalToken: TEST_INTERNAL_TOKEN }),
      internalToken: TEST_INTERNAL_TOKEN,
    }),
  );
  return { url: app.url, signer, stop: async () => (await app.close(), await signer.close()) };
}

async function logWith(
  url: string,
  garage: { token: string; password: string },
  registration: string,
): Promise<TReceipt> {
  const answer = await callJson(url, 'POST', '/api/v1/service-records', {
    token: garage.token,
    body: buildCreateBody(garage.password, { vehicle_registration: registration }),
  });
  expect(answer.status).toBe(201);
  return ZCreateServiceRecordResponseSchema.parse(answer.body).data.receipt;
}

describe('receipts signed before a key rotation', () => {
  it('verify against the published key history by their key id, each key with the period it signed', async () => {
    const keyA = newPrivateKey();
    const keyB = newPrivateKey();
    const garage = await buildGarageAccount(stack);

    const first = await startRecordsWith(keyA);
    const receiptA = await logWith(first.url, garage, 'RT24AAA');
    await first.stop();
    // Restarted with key B (a rotation), by two replicas at once.
    const [second, replica] = await Promise.all([startRecordsWith(keyB), startRecordsWith(keyB)]);
    const receiptB = await logWith(second.url, garage, 'RT24BBB');
    await replica.stop();
    await second.stop();

    expect(receiptA.key_id).toBe(first.signer.keyId);
    expect(receiptB.key_id).toBe(second.signer.keyId);
    expect(receiptA.key_id).not.toBe(receiptB.key_id);

    const again = await startRecordsWith(keyB);
    try {
      const published = ZSigningKeyResponseSchema.parse(
        (await callJson(again.url, 'GET', '/api/v1/service-records/signing-key')).body,
      ).data;
      // The current key's own fields, as before, and the whole history, oldest first.
      expect(published).toMatchObject({
        algorithm: 'Ed25519',
        keyId: receiptB.key_id,
        publicKey: again.signer.publicKeyPem,
      });
      expect(published.keys.map((key) => key.keyId)).toEqual([receiptA.key_id, receiptB.key_id]);
      const [a, b] = published.keys as [(typeof published.keys)[number], (typeof published.keys)[number]];
      expect(a.from! <= receiptA.signed_at && receiptA.signed_at <= a.until!).toBe(true);
      expect(b.from! <= receiptB.signed_at && receiptB.signed_at <= b.until!).toBe(true);
      expect(a.until! <= b.from!).toBe(true);

      for (const receipt of [receiptA, receiptB]) {
        const key = published.keys.find((candidate) => candidate.keyId === receipt.key_id)!;
        const { hash, position, prev_hash, registration, signed_at } = receipt;
        const message = Buffer.from(canonicalJson({ hash, position, prev_hash, registration, signed_at }));
        expect(verify(null, message, createPublicKey(key.publicKey), Buffer.from(receipt.signature, 'base64'))).toBe(
          true,
        );
      }
      // verify checks each entry's signature with the key its key_id names, key A's as well as the current key B's.
      for (const registration of ['RT24AAA', 'RT24BBB']) {
        const verdict = ZVerifyChainResponseSchema.parse(
          (await callJson(again.url, 'GET', `/api/v1/service-records/verify/${registration}`)).body,
        ).data;
        expect(verdict).toMatchObject({ valid: true, length: 1, brokenAt: null });
      }
      // The garage's list shows each receipt with the key that signed it.
      const mine = await callJson(again.url, 'GET', '/api/v1/service-records/mine', { token: garage.token });
      const listed = (
        mine.body as { data: { serviceRecords: { receipt: TReceipt | null }[] } }
      ).data.serviceRecords.map((r) => r.receipt?.key_id);
      expect(listed.sort()).toEqual([receiptA.key_id, receiptB.key_id].sort());
    } finally {
      await again.stop();
    }
    const { rows } = await stack.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_key_history');
    expect(rows[0]!.n).toBe(2);
  });
});

describe('the key history migration', () => {
  it("holds the keys the chain already names, with their periods, and the development key's public half", async () => {
    // A database as it was before the history existed, with receipts signed by its development key.
    const earlier = mkdtempSync(path.join(tmpdir(), 'records-migrations-'));
    for (const file of readdirSync(RECORDS_MIGRATIONS).filter((name) => name < '006'))
      cpSync(path.join(RECORDS_MIGRATIONS, file), path.join(earlier, file));
    const old = await createTestDatabase('records', earlier);
    try {
      const developmentKey = newPrivateKey();
      const signer = signerFromPrivateKey(developmentKey);
      await old.pool.query("INSERT INTO signing_keys (id, private_key, public_key) VALUES ('development', $1, $2)", [
        developmentKey,
        signer.publicKeyPem,
      ]);
      const garage = await buildGarage(old.pool);
      const records = [
        await buildServiceRecord(old.pool, garage.id, { registration: 'MG24AAA', serviceDate: '2024-01-01' }),
        await buildServiceRecord(old.pool, garage.id, { registration: 'MG24AAB', serviceDate: '2024-02-01' }),
      ];
      // Chained as that code chained them (today's code also appends to the transparency log, which is not there yet).
      for (const [i, recordId] of records.entries()) {
        await old.pool.query(
          `INSERT INTO chain_entries (registration, position, kind, record_id, hash, prev_hash, signed_at, signature, key_id)
           VALUES ($1, 1, 'record', $2, $3, NULL, now() + $4 * interval '1 millisecond', $5, $6)`,
          [
            i === 0 ? 'MG24AAA' : 'MG24AAB',
            recordId,
            createHash('sha256').update(recordId).digest('hex'),
            i,
            signer.sign(recordId),
            signer.keyId,
          ],
        );
      }
      const { rows: signed } = await old.pool.query<{ first: Date; last: Date }>(
        'SELECT min(signed_at) AS first, max(signed_at) AS last FROM chain_entries',
      );

      await migrate(old.pool, RECORDS_MIGRATIONS);
      const { rows } = await old.pool.query(
        'SELECT key_id, public_key, first_used_at, last_used_at FROM signing_key_history',
      );
      expect(rows).toEqual([
        {
          key_id: signer.keyId,
          public_key: signer.publicKeyPem,
          first_used_at: signed[0]!.first,
          last_used_at: signed[0]!.last,
        },
      ]);
    } finally {
      await old.drop();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
