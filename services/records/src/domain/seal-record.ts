import type { TReceipt } from '@sh/shared/contract';
import type { PoolClient } from '@sh/shared/server';
import { appendChainEntry } from '../store/append-chain-entry.js';
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { hashEntryContent, receiptMessage, recordEntryContent } from './chain-entry.js';
import type { ReceiptSigner } from './signing-key.js';

/**
 * Appends a stored record to its vehicle's chain, whose head the caller has locked, and answers the signed
 * receipt. Call it in the transaction that stored the record.
 */
export async function sealRecord(
  client: PoolClient,
  signer: ReceiptSigner,
  record: ServiceRecordRow,
  head: { length: number; headHash: string | null },
  signedAt: Date,
): Promise<TReceipt> {
  const position = head.length + 1;
  const prevHash = head.headHash;
  const hash = hashEntryContent(recordEntryContent(record, { position, prevHash }));
  const fields = { hash, position, prev_hash: prevHash, registration: record.vehicle_registration, signed_at: signedAt.toISOString() };
  const signature = signer.sign(receiptMessage(fields));
  await appendChainEntry(client, {
    registration: record.vehicle_registration,
    position,
    kind: 'record',
    recordId: record.id,
    hash,
    prevHash,
    signedAt,
    signature,
    keyId: signer.keyId,
  });
  return { ...fields, signature };
}
