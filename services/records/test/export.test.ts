/**
 * Issue 25, point 4: a garage downloads its own records as CSV or JSON (docs/product.md#exporting-the-records), each
 * with its receipt, through the real HTTP app, with records logged, withdrawn and erased through the service's own
 * calls. The JSON export's receipts verify with the published keys; a note written as a formula comes out neutralised
 * in the CSV; another garage's records never appear.
 */
import { createPublicKey, verify } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import {
  RECORD_EXPORT_CSV_COLUMNS,
  ZRecordExportSchema,
  ZSigningKeyResponseSchema,
  type TGarageServiceRecord,
} from '@sh/shared/contract';
import { callJson } from '@sh/shared/testing';
import { encodeBase64 } from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptMessage } from '../src/domain/chain-entry.js';
import { LOG_TREE_HASHER, logEntryOf } from '../src/domain/log-entry.js';
import { serviceDateFor } from '../src/domain/service-date.js';
import {
  adminTokenFor,
  buildGarageAccount,
  logServiceRecord,
  startRecordsStack,
  type RecordsStack,
} from './harness.js';
import { parseCsv } from './parse-csv.js';

const FORMULA_NOTE = '=HYPERLINK("http://x","y")';

let stack: RecordsStack;
let owner: Awaited<ReturnType<typeof buildGarageAccount>>;
let other: Awaited<ReturnType<typeof buildGarageAccount>>;
let formulaRecord: TGarageServiceRecord;
let withdrawnRecord: TGarageServiceRecord;
let erasedRecord: TGarageServiceRecord;
let othersRecord: TGarageServiceRecord;

beforeAll(async () => {
  stack = await startRecordsStack();
  owner = await buildGarageAccount(stack, { name: 'Hartley Motors & Sons' });
  other = await buildGarageAccount(stack);
  formulaRecord = await logServiceRecord(stack, owner, { vehicle_registration: 'EX61AAA', notes: FORMULA_NOTE });
  withdrawnRecord = await logServiceRecord(stack, owner, { vehicle_registration: 'EX61AAB', notes: 'Wrong car' });
  erasedRecord = await logServiceRecord(stack, owner, {
    vehicle_registration: 'EX61AAC',
    notes: 'Customer Jo Bloggs asked for the old parts',
  });
  othersRecord = await logServiceRecord(stack, other, { vehicle_registration: 'EX61AAD' });
  const admin = adminTokenFor(stack, { id: randomUUID(), email: 'admin@wrenchmark.test' });
  const api = '/api/v1/service-records';
  const withdrawn = await callJson(stack.url, 'DELETE', `${api}/${withdrawnRecord.id}`, {
    token: admin,
    body: { reason: 'Logged against the wrong vehicle' },
  });
  expect(withdrawn.status).toBe(200);
  const erased = await callJson(stack.url, 'POST', `${api}/erasures/${erasedRecord.id}`, {
    token: admin,
    body: { fields: ['notes'], reason: "The customer's request" },
  });
  expect(erased.status).toBe(200);
});
afterAll(async () => {
  await stack?.close();
});

async function download(format: string, token?: string) {
  const response = await fetch(`${stack.url}/api/v1/service-records/export?format=${format}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('GET /api/v1/service-records/export', () => {
  it('downloads the CSV: a header row, the garage’s records alone, a formula neutralised', async () => {
    const answer = await download('csv', owner.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const day = serviceDateFor(new Date());
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="wrenchmark-records-hartley-motors-sons-${day}.csv"`,
    );
    const [header, ...lines] = parseCsv(answer.text);
    expect(header).toEqual([...RECORD_EXPORT_CSV_COLUMNS]);
    const rows = lines.map((line) => Object.fromEntries(header!.map((name, i) => [name, line[i]])));
    expect(rows.map((row) => row.id).sort()).toEqual([formulaRecord.id, withdrawnRecord.id, erasedRecord.id].sort());
    expect(answer.text).not.toContain(othersRecord.id);

    const formula = rows.find((row) => row.id === formulaRecord.id)!;
    expect(formula.notes).toBe(`'${FORMULA_NOTE}`);
    // No cell of the file starts as a formula would.
    expect(lines.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(formula).toMatchObject({
      vehicle_registration: 'EX61AAA',
      withdrawn_at: '',
      erased_fields: '',
      receipt_hash: formulaRecord.receipt!.hash,
      receipt_key_id: formulaRecord.receipt!.key_id,
    });
    expect(rows.find((row) => row.id === withdrawnRecord.id)).toMatchObject({
      notes: '',
      technician_name: '',
      signed_by: '',
      erased_fields: 'notes; technician_name; signed_by',
      withdrawn_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(rows.find((row) => row.id === erasedRecord.id)).toMatchObject({
      notes: '',
      technician_name: 'Sam Patel',
      erased_fields: 'notes',
    });
  });

  it('downloads the JSON: the garage’s records alone, whose receipts verify with the published keys', async () => {
    const answer = await download('json', owner.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="wrenchmark-records-hartley-motors-sons-\d{4}-\d\d-\d\d\.json"$/,
    );
    const document = ZRecordExportSchema.parse(JSON.parse(answer.text));
    expect(document.garage).toEqual({ id: owner.id, name: 'Hartley Motors & Sons' });
    expect(document.records.map((record) => record.id).sort()).toEqual(
      [formulaRecord.id, withdrawnRecord.id, erasedRecord.id].sort(),
    );
    expect(document.records.find((record) => record.id === formulaRecord.id)!.notes).toBe(FORMULA_NOTE);
    expect(document.records.find((record) => record.id === erasedRecord.id)).toMatchObject({
      notes: null,
      erased_fields: ['notes'],
      withdrawn_at: null,
    });

    const keys = ZSigningKeyResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/signing-key')).body,
    ).data.keys;
    for (const { receipt, vehicle_registration } of document.records) {
      expect(receipt).not.toBeNull();
      const key = keys.find((published) => published.keyId === receipt!.key_id);
      expect(key).toBeDefined();
      // The signature covers what the receipt says, checked with the key its key_id names...
      expect(
        verify(
          null,
          Buffer.from(receiptMessage(receipt!)),
          createPublicKey(key!.publicKey),
          Buffer.from(receipt!.signature, 'base64'),
        ),
      ).toBe(true);
      expect(receipt!.registration).toBe(vehicle_registration);
      // ...and the leaf hash is the entry's leaf in the log, rebuilt from the receipt alone.
      const leaf = await LOG_TREE_HASHER.hashLeaf(logEntryOf({ ...receipt!, kind: 'record' }));
      expect(receipt!.leaf_hash).toBe(encodeBase64(leaf));
    }
    // What the dashboard shows of a receipt is what the export carries.
    const { leaf_hash: _leafHash, ...receipt } = document.records.find((r) => r.id === formulaRecord.id)!.receipt!;
    expect(receipt).toEqual(formulaRecord.receipt);
  });

  it('gives a garage with no records a valid empty file', async () => {
    const empty = await buildGarageAccount(stack, { status: null });
    expect(parseCsv((await download('csv', empty.token)).text)).toEqual([[...RECORD_EXPORT_CSV_COLUMNS]]);
    const document = ZRecordExportSchema.parse(JSON.parse((await download('json', empty.token)).text));
    expect(document.records).toEqual([]);
  });

  it('refuses a signed-out call, an admin, a suspended garage and an unknown format with an envelope', async () => {
    const expectEnvelope = (answer: { status: number; headers: Headers; text: string }, status: number) => {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('content-disposition')).toBeNull();
      expect((JSON.parse(answer.text) as { status: number }).status).toBe(status);
    };
    expectEnvelope(await download('csv'), 401);
    expectEnvelope(await download('csv', adminTokenFor(stack, { id: randomUUID(), email: 'a@wrenchmark.test' })), 403);
    expectEnvelope(await download('xml', owner.token), 400);
    expectEnvelope(await download('', owner.token), 400);
    const suspended = await buildGarageAccount(stack);
    await stack.db.pool.query(
      `INSERT INTO garage_suspensions (garage_id, is_suspended, reason, changed_at) VALUES ($1, true, 'Unpaid invoices', 1)`,
      [suspended.id],
    );
    expectEnvelope(await download('json', suspended.token), 403);
  });
});
