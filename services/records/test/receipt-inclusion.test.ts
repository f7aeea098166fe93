/**
 * Issue 23, points 3 and 7 on records' side: a garage reads a receipt back with the checkpoint that first covered its
 * entry and the entry's inclusion proof against it (or that it awaits one), and every checkpoint records signs is
 * announced (transparency_log.checkpoint_issued) in its own transaction, once per size, for the receipt mails.
 */
import { randomUUID } from 'node:crypto';
import {
  DEVELOPMENT_LOG,
  EVENTS,
  ZGarageReceiptResponseSchema,
  type TEventEnvelope,
  type TGarageReceipt,
  type TReceipt,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { applyEventOnce, DEV_LOG_SIGNING_KEY } from '@sh/shared/server';
import { callJson } from '@sh/shared/testing';
import {
  decodeBase64,
  encodeBase64,
  parseVerifierKey,
  verifyCheckpoint,
  verifyInclusion,
} from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCheckpoint } from '../src/domain/issue-checkpoint.js';
import { loadLogSigner, type LogSigner } from '../src/domain/log-signer.js';
import { LOG_TREE_HASHER, logEntryOf } from '../src/domain/log-entry.js';
import { createRecordsEventHandlers } from '../src/events/handlers.js';
import {
  adminTokenFor,
  buildGarageAccount,
  logServiceRecord,
  startRecordsStack,
  type RecordsStack,
} from './harness.js';

let stack: RecordsStack;
let log: LogSigner;

beforeAll(async () => {
  stack = await startRecordsStack();
  log = await loadLogSigner(DEVELOPMENT_LOG.origin, DEV_LOG_SIGNING_KEY);
});
afterAll(async () => {
  await stack?.close();
});

async function readReceipt(token: string, recordId: string) {
  return callJson(stack.url, 'GET', `/api/v1/service-records/receipts/${recordId}`, { token });
}

async function receiptOf(token: string, recordId: string): Promise<TGarageReceipt> {
  const answer = await readReceipt(token, recordId);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  return ZGarageReceiptResponseSchema.parse(answer.body).data;
}

/**
 * What a garage holding the answer can check without trusting us: the checkpoint's signature by the log's published
 * key, and the inclusion of the leaf it computes from its own receipt, by the proof, in the checkpoint's root.
 */
async function checkInclusion(receipt: TReceipt, answer: TGarageReceipt): Promise<{ size: number }> {
  if (answer.inclusion.status !== 'included') throw new Error(`not included: ${answer.inclusion.status}`);
  const { checkpoint, proof } = answer.inclusion;
  const verified = await verifyCheckpoint(
    checkpoint.note,
    [await parseVerifierKey(DEVELOPMENT_LOG.verifierKey)],
    DEVELOPMENT_LOG.origin,
  );
  expect(verified.size).toBe(checkpoint.treeSize);
  expect(encodeBase64(verified.rootHash)).toBe(checkpoint.rootHash);
  expect(proof).toMatchObject({ leafIndex: receipt.leaf_index, treeSize: checkpoint.treeSize });
  const leafHash = await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...receipt, kind: 'record' }));
  expect(encodeBase64(leafHash)).toBe(proof.leafHash);
  expect(
    await verifyInclusion(
      receipt.leaf_index!,
      verified.size,
      leafHash,
      proof.hashes.map((hash) => decodeBase64(hash)!),
      verified.rootHash,
    ),
  ).toBe(true);
  // A receipt changed after the fact (its hash) no longer proves into that root.
  const changed = await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...receipt, hash: 'f'.repeat(64), kind: 'record' }));
  expect(
    await verifyInclusion(
      receipt.leaf_index!,
      verified.size,
      changed,
      proof.hashes.map((hash) => decodeBase64(hash)!),
      verified.rootHash,
    ),
  ).toBe(false);
  return { size: verified.size };
}

async function checkpointEvents(): Promise<TEventEnvelope<'transparency_log.checkpoint_issued'>['payload'][]> {
  const { rows } = await stack.db.pool.query<{
    payload: TEventEnvelope<'transparency_log.checkpoint_issued'>['payload'];
  }>(
    "SELECT payload FROM event_outbox WHERE name = 'transparency_log.checkpoint_issued' ORDER BY (payload->>'treeSize')::bigint",
  );
  return rows.map((row) => row.payload);
}

describe('GET /api/v1/service-records/receipts/{id}', () => {
  it('answers that the receipt awaits the next checkpoint, then the first checkpoint that covers it and its inclusion proof, for good', async () => {
    const garage = await buildGarageAccount(stack);
    const first = await logServiceRecord(stack, garage, { vehicle_registration: 'RC24INC' });
    const second = await logServiceRecord(stack, garage, { vehicle_registration: 'RC24INC' });

    const waiting = await receiptOf(garage.token, first.id);
    expect(waiting).toEqual({ receipt: first.receipt, inclusion: { status: 'awaiting_checkpoint' } });

    const covering = await issueCheckpoint(stack.db.pool, log);
    expect(covering).toBe(second.receipt!.leaf_index! + 1);
    const third = await logServiceRecord(stack, garage, { vehicle_registration: 'RC24INC' });
    expect(await issueCheckpoint(stack.db.pool, log)).toBe(third.receipt!.leaf_index! + 1);

    // Both earlier receipts are proved against the checkpoint that first covered them, not the latest.
    for (const record of [first, second]) {
      const answer = await receiptOf(garage.token, record.id);
      expect(answer.receipt).toEqual(record.receipt);
      expect(await checkInclusion(record.receipt!, answer)).toEqual({ size: covering });
    }
    expect(await checkInclusion(third.receipt!, await receiptOf(garage.token, third.id))).toEqual({
      size: third.receipt!.leaf_index! + 1,
    });
    // The checkpoint answered is the one published at its size.
    const published = await callJson(stack.url, 'GET', `/api/v1/service-records/log/checkpoint/${covering}`);
    const answer = await receiptOf(garage.token, first.id);
    expect(answer.inclusion.status === 'included' && answer.inclusion.checkpoint).toEqual(
      (published.body as { data: unknown }).data,
    );
  });

  it("answers 404 for another garage's record and an unknown one, 400 for an id that is no UUID, 403 to an admin and a suspended garage", async () => {
    const owner = await buildGarageAccount(stack);
    const other = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, owner, { vehicle_registration: 'RC24OWN' });

    const notTheirs = await readReceipt(other.token, record.id);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toMatchObject({
      status: 404,
      code: 'not_found',
      message: ADMIN_ACTION_MESSAGES.recordNotFound,
    });
    expect((await readReceipt(owner.token, randomUUID())).status).toBe(404);
    expect((await readReceipt(owner.token, 'not-a-uuid')).body).toMatchObject({
      status: 400,
      message: ADMIN_ACTION_MESSAGES.idInvalid,
    });
    expect(
      (await readReceipt(adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' }), record.id)).status,
    ).toBe(403);
    expect((await callJson(stack.url, 'GET', `/api/v1/service-records/receipts/${record.id}`)).status).toBe(401);

    await applyEventOnce(stack.db.pool, createRecordsEventHandlers(), {
      id: randomUUID(),
      name: 'garage.suspended',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: {
        garageId: owner.id,
        name: owner.name,
        email: owner.email,
        reason: 'Reported by customers',
        suspendedAt: Date.now(),
      },
    });
    expect((await readReceipt(owner.token, record.id)).status).toBe(403);
  });
});

describe('transparency_log.checkpoint_issued', () => {
  it('is written with each checkpoint, in its transaction: once per size when two replicas issue at once, with the signed note', async () => {
    const garage = await buildGarageAccount(stack);
    for (let round = 0; round < 4; round += 1) {
      await logServiceRecord(stack, garage, { vehicle_registration: 'RC24EVT' });
      await Promise.all([issueCheckpoint(stack.db.pool, log), issueCheckpoint(stack.db.pool, log)]);
    }
    const { rows: kept } = await stack.db.pool.query<{ tree_size: string; note: string; issued_at: Date }>(
      'SELECT tree_size, note, issued_at FROM log_checkpoints ORDER BY tree_size',
    );
    const events = await checkpointEvents();
    expect(events).toEqual(
      kept.map((row) => ({
        treeSize: Number(row.tree_size),
        rootHash: expect.any(String),
        note: row.note,
        issuedAt: row.issued_at.toISOString(),
      })),
    );
    for (const event of events) {
      expect(EVENTS['transparency_log.checkpoint_issued'].payload.parse(event)).toEqual(event);
      const verified = await verifyCheckpoint(
        event.note,
        [await parseVerifierKey(DEVELOPMENT_LOG.verifierKey)],
        DEVELOPMENT_LOG.origin,
      );
      expect({ size: verified.size, rootHash: encodeBase64(verified.rootHash) }).toEqual({
        size: event.treeSize,
        rootHash: event.rootHash,
      });
    }
    // Nothing grew: no checkpoint, no event.
    expect(await issueCheckpoint(stack.db.pool, log)).toBeNull();
    expect(await checkpointEvents()).toHaveLength(events.length);
  });

  it('commits with its checkpoint or not at all: a checkpoint whose event cannot be written is not kept either', async () => {
    const garage = await buildGarageAccount(stack);
    await logServiceRecord(stack, garage, { vehicle_registration: 'RC24RBK' });
    const countKept = async () =>
      Number((await stack.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM log_checkpoints')).rows[0]!.n);
    const [keptBefore, eventsBefore] = [await countKept(), (await checkpointEvents()).length];
    // The outbox refuses the event for a moment: the checkpoint, inserted before it in the same transaction, goes too.
    await stack.db.pool.query(
      `ALTER TABLE event_outbox ADD CONSTRAINT refuse_for_test CHECK (name <> 'transparency_log.checkpoint_issued') NOT VALID`,
    );
    try {
      await expect(issueCheckpoint(stack.db.pool, log)).rejects.toThrow(/refuse_for_test/);
    } finally {
      await stack.db.pool.query('ALTER TABLE event_outbox DROP CONSTRAINT refuse_for_test');
    }
    expect([await countKept(), (await checkpointEvents()).length]).toEqual([keptBefore, eventsBefore]);
    // The next interval signs it, with its event.
    expect(await issueCheckpoint(stack.db.pool, log)).not.toBeNull();
    expect([await countKept(), (await checkpointEvents()).length]).toEqual([keptBefore + 1, eventsBefore + 1]);
  });
});

describe('service_record.created', () => {
  it("carries the entry's leaf index, as its receipt does", async () => {
    const garage = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, garage, { vehicle_registration: 'RC24LEF' });
    const { rows } = await stack.db.pool.query<{ payload: { leafIndex: number } }>(
      "SELECT payload FROM event_outbox WHERE name = 'service_record.created' AND payload->>'recordId' = $1",
      [record.id],
    );
    expect(rows.map((row) => row.payload.leafIndex)).toEqual([record.receipt!.leaf_index]);
    expect(record.receipt!.leaf_index).toEqual(expect.any(Number));
  });
});
