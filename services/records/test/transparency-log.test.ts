import { randomUUID } from 'node:crypto';
import { MESSAGES, ZCreateServiceRecordResponseSchema, ZLogConsistencyProofResponseSchema, ZLogInclusionProofResponseSchema, ZMyServiceRecordsResponseSchema, type TReceipt } from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { computeRootHash, createLeafHashReader, decodeBase64, encodeHex, verifyConsistency, verifyInclusion } from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendMissingLogEntries } from '../src/domain/append-missing-log-entries.js';
import { LOG_TREE_HASHER, logEntryOf } from '../src/domain/log-entry.js';
import { buildCreateBody, buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

let stack: RecordsStack;

beforeAll(async () => {
  stack = await startRecordsStack();
});
afterAll(async () => {
  await stack?.close();
});

async function logRecord(garage: { token: string; password: string }, registration: string): Promise<TReceipt> {
  const answer = await callJson(stack.url, 'POST', '/api/v1/service-records', {
    token: garage.token,
    body: buildCreateBody(garage.password, { vehicle_registration: registration }),
  });
  if (answer.status !== 201) throw new Error(`logging a service answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return ZCreateServiceRecordResponseSchema.parse(answer.body).data.receipt;
}

async function storedLeaves(): Promise<{ leaf_index: string; registration: string; position: number; leaf_hash: Buffer }[]> {
  const { rows } = await stack.db.pool.query('SELECT leaf_index, registration, position, leaf_hash FROM log_leaves ORDER BY leaf_index');
  return rows;
}

describe('the transparency log', () => {
  it('gives 40 records created at once over 8 vehicles the leaf indexes 0..39, no gap and none twice, each leaf hashing its entry', async () => {
    const garages = await Promise.all(Array.from({ length: 8 }, () => buildGarageAccount(stack)));
    const registrations = garages.map((_, i) => `LG${i}0ABC`);
    const receipts = await Promise.all(Array.from({ length: 40 }, (_, i) => logRecord(garages[i % 8]!, registrations[i % 8]!)));

    expect(receipts.map((receipt) => receipt.leaf_index).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const leaves = await storedLeaves();
    expect(leaves.map((leaf) => Number(leaf.leaf_index))).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const { rows: head } = await stack.db.pool.query<{ size: string }>('SELECT size FROM log_head');
    expect(Number(head[0]!.size)).toBe(40);
    for (const receipt of receipts) {
      const leaf = leaves[receipt.leaf_index!]!;
      expect({ registration: leaf.registration, position: leaf.position }).toEqual({ registration: receipt.registration, position: receipt.position });
      const entry = { ...receipt, kind: 'record' };
      expect(encodeHex(leaf.leaf_hash)).toBe(encodeHex(await LOG_TREE_HASHER.hashLeaf(logEntryOf(entry))));
    }
    // Each vehicle's chain keeps its own order within the global one.
    for (const registration of registrations) {
      const mine = leaves.filter((leaf) => leaf.registration === registration).map((leaf) => leaf.position);
      expect(mine).toEqual([1, 2, 3, 4, 5]);
    }
    // The garage's own list answers the same leaf index in the receipt.
    const mine = await callJson(stack.url, 'GET', '/api/v1/service-records/mine', { token: garages[0]!.token });
    const listed = ZMyServiceRecordsResponseSchema.parse(mine.body).data.serviceRecords.map((record) => record.receipt?.leaf_index);
    const byIndex = (a: number | null | undefined, b: number | null | undefined) => a! - b!;
    expect(listed.sort(byIndex)).toEqual(receipts.filter((r) => r.registration === registrations[0]).map((r) => r.leaf_index).sort(byIndex));
  });

  it('appends entries stored before the log in their order of entry, each once, when two replicas start at once', async () => {
    const before = (await storedLeaves()).length;
    // Entries as the chain held them before the log: three vehicles, interleaved in time (one pair at the same instant).
    const times = ['2024-01-03T10:00:00.000Z', '2024-01-01T10:00:00.000Z', '2024-01-02T10:00:00.000Z', '2024-01-02T10:00:00.000Z'];
    const entries = [
      { registration: 'OLD1A', position: 1, signed_at: times[1]! },
      { registration: 'OLD2B', position: 1, signed_at: times[2]! },
      { registration: 'OLD1A', position: 2, signed_at: times[3]! },
      { registration: 'OLD3C', position: 1, signed_at: times[0]! },
    ];
    const hashes = new Map<string, string>();
    for (const entry of entries) {
      const hash = encodeHex(await LOG_TREE_HASHER.hashLeaf(new TextEncoder().encode(`${entry.registration}/${entry.position}`)));
      hashes.set(`${entry.registration}/${entry.position}`, hash);
      await stack.db.pool.query(
        `INSERT INTO chain_entries (registration, position, kind, record_id, hash, prev_hash, signed_at, signature, key_id)
         VALUES ($1, $2, 'record', $3, $4, $5, $6, 'c2lnbmF0dXJl', 'old-key')`,
        [entry.registration, entry.position, randomUUID(), hash, entry.position === 1 ? null : hashes.get(`${entry.registration}/1`), entry.signed_at],
      );
    }

    const appended = await Promise.all([appendMissingLogEntries(stack.db.pool), appendMissingLogEntries(stack.db.pool)]);

    expect(appended.sort()).toEqual([0, 4]);
    const leaves = (await storedLeaves()).slice(before);
    // signed_at, then registration, then position: OLD1A/1 (Jan 1), OLD1A/2 and OLD2B/1 (both Jan 2), OLD3C/1 (Jan 3).
    expect(leaves.map((leaf) => `${leaf.registration}/${leaf.position}`)).toEqual(['OLD1A/1', 'OLD1A/2', 'OLD2B/1', 'OLD3C/1']);
    expect(leaves.map((leaf) => Number(leaf.leaf_index))).toEqual([before, before + 1, before + 2, before + 3]);
    const { rows } = await stack.db.pool.query(
      `SELECT c.registration, c.position, c.kind, c.hash, c.prev_hash, c.signed_at, c.key_id, c.signature FROM chain_entries c
        WHERE c.registration = 'OLD1A' AND c.position = 2`,
    );
    const row = rows[0] as { registration: string; position: number; kind: string; hash: string; prev_hash: string; signed_at: Date; key_id: string; signature: string };
    expect(encodeHex(leaves[1]!.leaf_hash)).toBe(encodeHex(await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...row, signed_at: row.signed_at.toISOString() }))));
    // A later start finds nothing to do.
    expect(await appendMissingLogEntries(stack.db.pool)).toBe(0);
  });
});

const bytes = (base64: string) => decodeBase64(base64)!;

/** The log's root at a size, hashed here from every stored leaf: what a proof must agree with. */
async function rootFromLeaves(size: number): Promise<Uint8Array> {
  const leaves = (await storedLeaves()).slice(0, size).map((leaf) => new Uint8Array(leaf.leaf_hash));
  return computeRootHash(size, createLeafHashReader(leaves));
}

describe('the log proofs', () => {
  it("prove every leaf's inclusion and the log's growth, as RFC 9162 verifies them, and may be cached for good", async () => {
    const size = (await storedLeaves()).length;
    expect(size).toBeGreaterThan(40);
    const root = await rootFromLeaves(size);
    for (let leaf = 0; leaf < size; leaf += 1) {
      const answer = await callJson(stack.url, 'GET', `/api/v1/service-records/log/proof/inclusion?leaf=${leaf}&size=${size}`);
      const proof = ZLogInclusionProofResponseSchema.parse(answer.body).data;
      expect(await verifyInclusion(leaf, size, bytes(proof.leafHash), proof.hashes.map(bytes), root)).toBe(true);
      if (leaf === 0) expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    for (const from of [1, 7, 13, 32, size - 1]) {
      const answer = await callJson(stack.url, 'GET', `/api/v1/service-records/log/proof/consistency?from=${from}&to=${size}`);
      const proof = ZLogConsistencyProofResponseSchema.parse(answer.body).data;
      expect(proof).toMatchObject({ from, to: size });
      expect(await verifyConsistency(from, size, await rootFromLeaves(from), root, proof.hashes.map(bytes))).toBe(true);
    }
  });

  it.each([
    ['inclusion?leaf=3&size=3', MESSAGES.transparencyLog.leafNotInTree],
    ['inclusion?leaf=0&size=100000', MESSAGES.transparencyLog.sizeBeyondLog],
    ['inclusion?leaf=-1&size=3', MESSAGES.transparencyLog.numberInvalid],
    ['inclusion?leaf=1.5&size=3', MESSAGES.transparencyLog.numberInvalid],
    ['inclusion?leaf=1e1&size=30', MESSAGES.transparencyLog.numberInvalid],
    ['inclusion?leaf=01&size=3', MESSAGES.transparencyLog.numberInvalid],
    ['inclusion?leaf=1&size=99999999999999999999', MESSAGES.transparencyLog.numberInvalid],
    ['inclusion?size=3', MESSAGES.transparencyLog.numberInvalid],
    ['inclusion?leaf=1&leaf=2&size=3', MESSAGES.transparencyLog.numberInvalid],
    ['consistency?from=5&to=4', MESSAGES.transparencyLog.fromAfterTo],
    ['consistency?from=1&to=100000', MESSAGES.transparencyLog.sizeBeyondLog],
    ['consistency?from=one&to=4', MESSAGES.transparencyLog.numberInvalid],
  ])('refuse %s with a 400 envelope saying why', async (query, message) => {
    const answer = await callJson(stack.url, 'GET', `/api/v1/service-records/log/proof/${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(answer.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});
