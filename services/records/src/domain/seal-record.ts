import type { TReceipt } from '@sh/shared/contract';
import type { PoolClient } from '@sh/shared/server';
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { recordEntryContent, sealedContent } from './chain-entry.js';
import { sealChainEntry } from './seal-chain-entry.js';
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
  return sealChainEntry(
    client,
    signer,
    {
      registration: record.vehicle_registration,
      kind: 'record',
      recordId: record.id,
      amendmentId: null,
      contentAt: (link) => sealedContent((seal) => recordEntryContent(record, link, seal)),
    },
    head,
    signedAt,
  );
}
