import { randomUUID } from 'node:crypto';
import {
  DEVELOPMENT_LOG,
  ZCreateServiceRecordResponseSchema,
  ZLogCheckpointResponseSchema,
  ZLogKeyResponseSchema,
  ZLogConsistencyProofResponseSchema,
  ZLogInclusionProofResponseSchema,
  ZMyServiceRecordsResponseSchema,
  type TReceipt,
  TRANSPARENCY_LOG_MESSAGES,
} from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import {
  computeRootHash,
  createLeafHashReader,
  decodeBase64,
  encodeHex,
  generateConsistencyProof,
  parseVerifierKey,
  signCheckpoint,
  verifyCheckpoint,
  verifyConsistency,
  verifyInclusion,
} from '@sh/shared/transparency-log';
import { DEV_LOG_SIGNING_KEY } from '@sh/shared/server';
import { testLogger } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendMissingLogEntries } from '../src/domain/append-missing-log-entries.js';
import { issueCheckpoint, startCheckpointIssuer } from '../src/domain/issue-checkpoint.js';
import { loadLogSigner, type LogSigner } from '../src/domain/log-signer.js';
import { LOG_TREE_HASHER, logEntryOf } from '../src/domain/log-entry.js';
import {
  adminTokenFor,
  buildCreateBody,
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

async function logRecord(garage: { token: string; password: string }, registration: string): Promise<TReceipt> {
  const answer = await callJson(stack.url, 'POST', '/api/v1/service-records', {
    token: garage.token,
    body: buildCreateBody(garage.password, { vehicle_registration: registration }),
  });
  if (answer.status !== 201)
    throw new Error(`logging a service answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return ZCreateServiceRecordResponseSchema.parse(answer.body).data.receipt;
}

async function storedLeaves(): Promise<
  { leaf_index: string; registration: string; position: number; leaf_hash: Buffer }[]
> {
  const { rows } = await stack.db.pool.query(
    'SELECT leaf_index, registration, position, leaf_hash FROM log_leaves ORDER BY leaf_index',
  );
  return rows;
}

describe('the transparency log', () => {
  it('gives 40 records created at once over 8 vehicles the leaf indexes 0..39, no gap and none twice, each leaf hashing its entry', async () => {
    const garages = await Promise.all(Array.from({ length: 8 }, () => buildGarageAccount(stack)));
    const registrations = garages.map((_, i) => `LG${i}0ABC`);
    const receipts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => logRecord(garages[i % 8]!, registrations[i % 8]!)),
    );

    expect(receipts.map((receipt) => receipt.leaf_index).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => i),
    );
    const leaves = await storedLeaves();
    expect(leaves.map((leaf) => Number(leaf.leaf_index))).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const { rows: head } = await stack.db.pool.query<{ size: string }>('SELECT size FROM log_head');
    expect(Number(head[0]!.size)).toBe(40);
    for (const receipt of receipts) {
      const leaf = leaves[receipt.leaf_index!]!;
      expect({ registration: leaf.registration, position: leaf.position }).toEqual({
        registration: receipt.registration,
        position: receipt.position,
      });
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
    const listed = ZMyServiceRecordsResponseSchema.parse(mine.body).data.serviceRecords.map(
      (record) => record.receipt?.leaf_index,
    );
    const byIndex = (a: number | null | undefined, b: number | null | undefined) => a! - b!;
    expect(listed.sort(byIndex)).toEqual(
      receipts
        .filter((r) => r.registration === registrations[0])
        .map((r) => r.leaf_index)
        .sort(byIndex),
    );
  });

  it("appends an admin's amendment and withdrawal in their transactions, each leaf hashing its chain entry", async () => {
    const garage = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, garage, { vehicle_registration: 'AW24LOG' });
    const adminToken = adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' });
    const amended = await callJson(stack.url, 'PATCH', `/api/v1/service-records/${record.id}`, {
      token: adminToken,
      body: { notes: 'Rear pads replaced', reason: 'The garage sent the wrong notes' },
    });
    expect(amended.status).toBe(200);
    const withdrawn = await callJson(stack.url, 'DELETE', `/api/v1/service-records/${record.id}`, {
      token: adminToken,
      body: { reason: 'Logged against the wrong vehicle' },
    });
    expect(withdrawn.status).toBe(200);

    const { rows } = await stack.db.pool.query(
      `SELECT c.registration, c.position, c.kind, c.hash, c.prev_hash, c.signed_at, c.key_id, c.signature, l.leaf_index, l.leaf_hash
         FROM chain_entries c JOIN log_leaves l USING (registration, position) WHERE c.registration = 'AW24LOG' ORDER BY c.position`,
    );
    expect(rows.map((row) => row.kind)).toEqual(['record', 'amendment', 'withdrawal']);
    const indexes = rows.map((row) => Number(row.leaf_index));
    expect(indexes[1]).toBe(indexes[0]! + 1);
    expect(indexes[2]).toBe(indexes[0]! + 2);
    for (const row of rows) {
      expect(encodeHex(row.leaf_hash)).toBe(
        encodeHex(await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...row, signed_at: row.signed_at.toISOString() }))),
      );
    }
  });

  it('appends entries stored before the log in their order of entry, each once, when two replicas start at once', async () => {
    const before = (await storedLeaves()).length;
    // Entries as the chain held them before the log: three vehicles, interleaved in time (one pair at the same instant).
    const times = [
      '2024-01-03T10:00:00.000Z',
      '2024-01-01T10:00:00.000Z',
      '2024-01-02T10:00:00.000Z',
      '2024-01-02T10:00:00.000Z',
    ];
    const entries = [
      { registration: 'OLD1A', position: 1, signed_at: times[1]! },
      { registration: 'OLD2B', position: 1, signed_at: times[2]! },
      { registration: 'OLD1A', position: 2, signed_at: times[3]! },
      { registration: 'OLD3C', position: 1, signed_at: times[0]! },
    ];
    const hashes = new Map<string, string>();
    for (const entry of entries) {
      const hash = encodeHex(
        await LOG_TREE_HASHER.hashLeaf(new TextEncoder().encode(`${entry.registration}/${entry.position}`)),
      );
      hashes.set(`${entry.registration}/${entry.position}`, hash);
      await stack.db.pool.query(
        `INSERT INTO chain_entries (registration, position, kind, record_id, hash, prev_hash, signed_at, signature, key_id, format)
         VALUES ($1, $2, 'record', $3, $4, $5, $6, 'c2lnbmF0dXJl', 'old-key', 1)`,
        [
          entry.registration,
          entry.position,
          randomUUID(),
          hash,
          entry.position === 1 ? null : hashes.get(`${entry.registration}/1`),
          entry.signed_at,
        ],
      );
    }

    const appended = await Promise.all([
      appendMissingLogEntries(stack.db.pool),
      appendMissingLogEntries(stack.db.pool),
    ]);

    expect(appended.sort()).toEqual([0, 4]);
    const leaves = (await storedLeaves()).slice(before);
    // signed_at, then registration, then position: OLD1A/1 (Jan 1), OLD1A/2 and OLD2B/1 (both Jan 2), OLD3C/1 (Jan 3).
    expect(leaves.map((leaf) => `${leaf.registration}/${leaf.position}`)).toEqual([
      'OLD1A/1',
      'OLD1A/2',
      'OLD2B/1',
      'OLD3C/1',
    ]);
    expect(leaves.map((leaf) => Number(leaf.leaf_index))).toEqual([before, before + 1, before + 2, before + 3]);
    const { rows } = await stack.db.pool.query(
      `SELECT c.registration, c.position, c.kind, c.hash, c.prev_hash, c.signed_at, c.key_id, c.signature FROM chain_entries c
        WHERE c.registration = 'OLD1A' AND c.position = 2`,
    );
    const row = rows[0] as {
      registration: string;
      position: number;
      kind: string;
      hash: string;
      prev_hash: string;
      signed_at: Date;
      key_id: string;
      signature: string;
    };
    expect(encodeHex(leaves[1]!.leaf_hash)).toBe(
      encodeHex(await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...row, signed_at: row.signed_at.toISOString() }))),
    );
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
      const answer = await callJson(
        stack.url,
        'GET',
        `/api/v1/service-records/log/proof/inclusion?leaf=${leaf}&size=${size}`,
      );
      const proof = ZLogInclusionProofResponseSchema.parse(answer.body).data;
      expect(await verifyInclusion(leaf, size, bytes(proof.leafHash), proof.hashes.map(bytes), root)).toBe(true);
      if (leaf === 0) expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    for (const from of [1, 7, 13, 32, size - 1]) {
      const answer = await callJson(
        stack.url,
        'GET',
        `/api/v1/service-records/log/proof/consistency?from=${from}&to=${size}`,
      );
      const proof = ZLogConsistencyProofResponseSchema.parse(answer.body).data;
      expect(proof).toMatchObject({ from, to: size });
      expect(await verifyConsistency(from, size, await rootFromLeaves(from), root, proof.hashes.map(bytes))).toBe(true);
    }
  });

  it.each([
    ['inclusion?leaf=3&size=3', TRANSPARENCY_LOG_MESSAGES.leafNotInTree],
    ['inclusion?leaf=0&size=100000', TRANSPARENCY_LOG_MESSAGES.sizeBeyondLog],
    ['inclusion?leaf=-1&size=3', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['inclusion?leaf=1.5&size=3', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['inclusion?leaf=1e1&size=30', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['inclusion?leaf=01&size=3', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['inclusion?leaf=1&size=99999999999999999999', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['inclusion?size=3', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['inclusion?leaf=1&leaf=2&size=3', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
    ['consistency?from=5&to=4', TRANSPARENCY_LOG_MESSAGES.fromAfterTo],
    ['consistency?from=1&to=100000', TRANSPARENCY_LOG_MESSAGES.sizeBeyondLog],
    ['consistency?from=one&to=4', TRANSPARENCY_LOG_MESSAGES.numberInvalid],
  ])('refuse %s with a 400 envelope saying why', async (query, message) => {
    const answer = await callJson(stack.url, 'GET', `/api/v1/service-records/log/proof/${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(answer.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});

async function getJson(path: string) {
  return callJson(stack.url, 'GET', `/api/v1/service-records/log/${path}`);
}

/** The latest checkpoint, its signature checked with the verifier key the log publishes. */
async function verifiedLatestCheckpoint(): Promise<{ size: number; rootHash: Uint8Array; note: string }> {
  const published = ZLogKeyResponseSchema.parse((await getJson('key')).body).data;
  expect(published).toMatchObject({ origin: DEVELOPMENT_LOG.origin, verifierKey: DEVELOPMENT_LOG.verifierKey });
  const answer = ZLogCheckpointResponseSchema.parse((await getJson('checkpoint')).body).data;
  const checkpoint = await verifyCheckpoint(
    answer.note,
    [await parseVerifierKey(published.verifierKey)],
    published.origin,
  );
  expect(answer.treeSize).toBe(checkpoint.size);
  expect(encodeHex(checkpoint.rootHash)).toBe(encodeHex(bytes(answer.rootHash)));
  return { size: checkpoint.size, rootHash: checkpoint.rootHash, note: answer.note };
}

describe('the signed checkpoints', () => {
  let log: LogSigner;
  beforeAll(async () => {
    log = await loadLogSigner(DEVELOPMENT_LOG.origin, DEV_LOG_SIGNING_KEY);
  });

  it('are none before the first (404), then a signed checkpoint every leaf verifies into by its inclusion proof', async () => {
    expect((await getJson('checkpoint')).body).toMatchObject({
      status: 404,
      message: TRANSPARENCY_LOG_MESSAGES.noCheckpoint,
    });
    const size = (await storedLeaves()).length;
    expect(await issueCheckpoint(stack.db.pool, log)).toBe(size);
    // Nothing grew: nothing to sign.
    expect(await issueCheckpoint(stack.db.pool, log)).toBeNull();

    const checkpoint = await verifiedLatestCheckpoint();
    expect(checkpoint.size).toBe(size);
    for (let leaf = 0; leaf < size; leaf += 1) {
      const proof = ZLogInclusionProofResponseSchema.parse(
        (await getJson(`proof/inclusion?leaf=${leaf}&size=${checkpoint.size}`)).body,
      ).data;
      expect(
        await verifyInclusion(
          leaf,
          checkpoint.size,
          bytes(proof.leafHash),
          proof.hashes.map(bytes),
          checkpoint.rootHash,
        ),
      ).toBe(true);
    }
    // Kept by its size, for good; none at a size never issued; a size that is no number is refused.
    const bySize = await getJson(`checkpoint/${size}`);
    expect(ZLogCheckpointResponseSchema.parse(bySize.body).data.note).toBe(checkpoint.note);
    expect(bySize.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await getJson(`checkpoint/${size - 1}`)).body).toMatchObject({
      status: 404,
      message: TRANSPARENCY_LOG_MESSAGES.checkpointNotFound,
    });
    expect((await getJson('checkpoint/ten')).body).toMatchObject({
      status: 400,
      message: TRANSPARENCY_LOG_MESSAGES.numberInvalid,
    });
    // The key history names the key with the period it signed.
    const keys = ZLogKeyResponseSchema.parse((await getJson('key')).body).data.keys;
    expect(keys).toEqual([
      {
        keyId: '0afd2724',
        verifierKey: DEVELOPMENT_LOG.verifierKey,
        from: expect.any(String),
        until: expect.any(String),
      },
    ]);
  });

  it('prove the log only grew between a checkpoint before 50 new records and one after; a log with one entry changed does not', async () => {
    const before = await verifiedLatestCheckpoint();
    const garage = await buildGarageAccount(stack);
    for (let i = 0; i < 50; i += 1) await logRecord(garage, `GR${i % 5}0XYZ`);
    expect(await issueCheckpoint(stack.db.pool, log)).toBe(before.size + 50);
    const after = await verifiedLatestCheckpoint();
    expect(after.size).toBe(before.size + 50);

    const proof = ZLogConsistencyProofResponseSchema.parse(
      (await getJson(`proof/consistency?from=${before.size}&to=${after.size}`)).body,
    ).data;
    expect(
      await verifyConsistency(before.size, after.size, before.rootHash, after.rootHash, proof.hashes.map(bytes)),
    ).toBe(true);

    // The operator rewrites one entry signed before the first checkpoint, rebuilds the log and signs a checkpoint of it
    // with the log's own key: the signature verifies, but no proof links it to the checkpoint anyone kept.
    const leaves = (await storedLeaves()).map((leaf) => new Uint8Array(leaf.leaf_hash));
    const [rewritten] = (
      await stack.db.pool.query(`SELECT * FROM chain_entries WHERE registration = 'LG30ABC' AND position = 2`)
    ).rows as [
      {
        registration: string;
        position: number;
        kind: string;
        prev_hash: string;
        signed_at: Date;
        key_id: string;
        signature: string;
        leaf_index?: number;
      },
    ];
    const leafIndex = Number(
      (await stack.db.pool.query(`SELECT leaf_index FROM log_leaves WHERE registration = 'LG30ABC' AND position = 2`))
        .rows[0].leaf_index,
    );
    expect(leafIndex).toBeLessThan(before.size);
    leaves[leafIndex] = await LOG_TREE_HASHER.hashLeaf(
      logEntryOf({ ...rewritten, hash: 'f'.repeat(64), signed_at: rewritten.signed_at.toISOString() }),
    );
    const forged = createLeafHashReader(leaves.slice(0, after.size));
    const forgedRoot = await computeRootHash(after.size, forged);
    const forgedNote = await signCheckpoint({ origin: log.origin, size: after.size, rootHash: forgedRoot }, log.signer);
    const forgedCheckpoint = await verifyCheckpoint(
      forgedNote,
      [await parseVerifierKey(DEVELOPMENT_LOG.verifierKey)],
      DEVELOPMENT_LOG.origin,
    );
    expect(encodeHex(forgedCheckpoint.rootHash)).not.toBe(encodeHex(after.rootHash));
    const forgedProof = await generateConsistencyProof(before.size, after.size, forged);
    expect(
      await verifyConsistency(before.size, after.size, before.rootHash, forgedCheckpoint.rootHash, forgedProof),
    ).toBe(false);
    expect(
      await verifyConsistency(
        before.size,
        after.size,
        before.rootHash,
        forgedCheckpoint.rootHash,
        proof.hashes.map(bytes),
      ),
    ).toBe(false);
  });

  it('are issued once per size when two replicas issue at once, and by the scheduled step while the log grows', async () => {
    const garage = await buildGarageAccount(stack);
    for (let round = 0; round < 5; round += 1) {
      await logRecord(garage, 'TW24ISS');
      const issued = await Promise.all([issueCheckpoint(stack.db.pool, log), issueCheckpoint(stack.db.pool, log)]);
      expect(issued.filter((size) => size !== null)).toHaveLength(1);
    }
    const { rows } = await stack.db.pool.query<{ tree_size: string }>(
      'SELECT tree_size FROM log_checkpoints ORDER BY tree_size',
    );
    const sizes = rows.map((row) => Number(row.tree_size));
    expect(new Set(sizes).size).toBe(sizes.length);
    expect(sizes.slice(-5)).toEqual(Array.from({ length: 5 }, (_, i) => sizes.at(-1)! - 4 + i));

    const issuers = [
      startCheckpointIssuer(stack.db.pool, log, 100, testLogger),
      startCheckpointIssuer(stack.db.pool, log, 100, testLogger),
    ];
    try {
      const receipt = await logRecord(garage, 'TW24ISS');
      await expect
        .poll(async () => (await verifiedLatestCheckpoint()).size, { timeout: 5000, interval: 50 })
        .toBe(receipt.leaf_index! + 1);
    } finally {
      await Promise.all(issuers.map((issuer) => issuer.stop()));
    }
  });

  it('are not signed within the interval of the latest, whichever replica signed it', async () => {
    const garage = await buildGarageAccount(stack);
    await logRecord(garage, 'TW24SPC');
    // A minute on, past the interval of any checkpoint the tests before signed.
    const signedAt = new Date(Date.now() + 60_000);
    expect(await issueCheckpoint(stack.db.pool, log, () => signedAt, 1000)).not.toBeNull();
    await logRecord(garage, 'TW24SPC');
    const later = (ms: number) => () => new Date(signedAt.getTime() + ms);
    expect(await issueCheckpoint(stack.db.pool, log, later(500), 1000)).toBeNull();
    const size = await issueCheckpoint(stack.db.pool, log, later(1000), 1000);
    expect(size).toBe((await verifiedLatestCheckpoint()).size);
  });
});
