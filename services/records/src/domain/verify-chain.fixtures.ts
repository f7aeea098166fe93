/**
 * Vehicle chains for the tests of verifyChain: built, signed, amended and withdrawn as the service does, for each test
 * to tamper with (verify-chain.test.ts, verify-receipt-signatures.test.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import { changesBetween, type AmendableField } from './amendment-changes.js';
import {
  amendmentEntryContent,
  hashEntryContent,
  receiptMessage,
  recordEntryContent,
  withdrawalEntryContent,
  type ChainLink,
  type SealedAmendment,
} from './chain-entry.js';
import { signerFromPrivateKey, type ReceiptSigner } from './signing-key.js';
import type { ChainRecord, StoredEntry, StoredField } from './verify-chain.js';
import type { HistoryKey } from './verify-receipt-signatures.js';

export const ADMIN_ID = '22222222-2222-4222-8222-222222222222';

export const newSigner = () =>
  signerFromPrivateKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
/** The key the chains below are signed with, and the published history that holds it (its period not yet written). */
export const KEY_A = newSigner();
export const HISTORY: HistoryKey[] = [{ keyId: KEY_A.keyId, publicKey: KEY_A.publicKeyPem, from: null, until: null }];

/** When the entry at a position was signed: that minute past noon on 1 January 2025. */
export const signedAtFor = (position: number) => new Date(Date.UTC(2025, 0, 1, 12, position));

/** A vehicle's stored chain as a test builds and tampers with it. */
export interface TestChain {
  registration: string;
  entries: StoredEntry[];
  head: { length: number; headHash: string | null } | null;
  records: ChainRecord[];
  amendments: SealedAmendment[];
  fields: StoredField[];
}

export function buildRecord(n: number): ChainRecord {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    garage_id: '11111111-1111-4111-8111-111111111111',
    vin: 'WVWZZZ1JZXW000001',
    vehicle_registration: 'AB12CDE',
    service_date: `2024-0${n}-01`,
    mileage: 10000 * n,
    service_type: 'Full Service',
    notes: null,
    technician_name: 'Sam Patel',
    signed_by: 'Sam Patel',
    created_at: new Date(`2024-0${n}-01T17:00:00.000Z`),
    withdrawn_at: null,
    withdrawn_by: null,
    withdrawal_reason: null,
  };
}

/** The receipt of an entry: its signature, by `signer`, over its fields as sealing signs them. */
export function receiptFor(
  entry: Pick<StoredEntry, 'hash' | 'position' | 'prev_hash'>,
  signer: ReceiptSigner,
  signedAt: Date,
) {
  const message = receiptMessage({
    hash: entry.hash,
    position: entry.position,
    prev_hash: entry.prev_hash,
    registration: 'AB12CDE',
    signed_at: signedAt.toISOString(),
  });
  return { signed_at: signedAt, signature: signer.sign(message), key_id: signer.keyId };
}

/** Appends an entry whose content is known once its place is, as sealing does, signed by `signer`. */
function append(
  chain: TestChain,
  entry: Pick<StoredEntry, 'kind' | 'record_id' | 'amendment_id'>,
  contentAt: (link: ChainLink) => Record<string, unknown>,
  signer: ReceiptSigner = KEY_A,
) {
  const position = chain.entries.length + 1;
  const prevHash = chain.entries.at(-1)?.hash ?? null;
  const hash = hashEntryContent(contentAt({ position, prevHash }));
  const sealed = { position, prev_hash: prevHash, hash };
  chain.entries.push({
    ...entry,
    ...sealed,
    ...receiptFor(sealed, signer, signedAtFor(position)),
    format: 1,
    content: null,
  });
  chain.head = { length: position, headHash: hash };
}

/** A well-formed chain of n entries over fresh records, the first `signers[0]` signs, and so on (then key A). */
export function buildChain(n: number, signers: readonly ReceiptSigner[] = []): TestChain {
  const chain: TestChain = {
    registration: 'AB12CDE',
    entries: [],
    head: null,
    records: [],
    amendments: [],
    fields: [],
  };
  for (let k = 1; k <= n; k += 1) {
    const record = buildRecord(k);
    chain.records.push(record);
    append(
      chain,
      { kind: 'record', record_id: record.id, amendment_id: null },
      (link) => recordEntryContent(record, link),
      signers[k - 1],
    );
  }
  return chain;
}

let amendmentCounter = 0;
/** Amends a record as the service does: stores the amendment, gives the record its new values, seals the amendment. */
export function amend(
  chain: TestChain,
  record: ChainRecord,
  proposed: Partial<Record<AmendableField, string | null>>,
): SealedAmendment {
  amendmentCounter += 1;
  const current = {
    service_type: record.service_type,
    notes: record.notes,
    service_date: record.service_date,
    customer_email: null,
    customer_phone: null,
  };
  const amendment: SealedAmendment = {
    id: `aaaaaaaa-0000-4000-8000-${String(amendmentCounter).padStart(12, '0')}`,
    record_id: record.id,
    amended_by: ADMIN_ID,
    amended_at: new Date(`2025-01-0${(amendmentCounter % 9) + 1}T10:00:00.000Z`),
    reason: "Corrected at the garage's request",
    changes: changesBetween(current, proposed),
  };
  chain.amendments.push(amendment);
  for (const change of amendment.changes) {
    if (change.field === 'service_type' || change.field === 'service_date') record[change.field] = change.to ?? '';
    if (change.field === 'notes') record.notes = change.to;
  }
  append(chain, { kind: 'amendment', record_id: record.id, amendment_id: amendment.id }, (link) =>
    amendmentEntryContent(amendment, link),
  );
  return amendment;
}

/** Withdraws a record as the service does. */
function withdraw(chain: TestChain, record: ChainRecord): void {
  record.withdrawn_at = new Date('2025-02-01T12:00:00.000Z');
  record.withdrawn_by = ADMIN_ID;
  record.withdrawal_reason = 'Logged against the wrong vehicle';
  const withdrawal = {
    record_id: record.id,
    withdrawn_by: ADMIN_ID,
    withdrawn_at: record.withdrawn_at,
    reason: record.withdrawal_reason,
  };
  append(chain, { kind: 'withdrawal', record_id: record.id, amendment_id: null }, (link) =>
    withdrawalEntryContent(withdrawal, link),
  );
}

/** Two records, the first amended twice (notes, then notes and date, with a customer e-mail), the second withdrawn. */
export function buildCorrectedChain() {
  const chain = buildChain(2);
  const [first, second] = chain.records as [ChainRecord, ChainRecord];
  amend(chain, first, { notes: 'Front pads replaced' });
  amend(chain, first, {
    notes: 'Rear pads replaced',
    service_date: '2024-01-02',
    customer_email: 'owner@example.co.uk',
  });
  withdraw(chain, second);
  return { chain, first, second };
}
