import { createHash } from 'node:crypto';
import type { TReceipt } from '@sh/shared/contract';
import type { PoolClient } from '@sh/shared/server';
import { appendChainEntry, type ChainEntryKind } from '../store/append-chain-entry.js';
import { appendToLog } from './append-to-log.js';
import { canonicalJson, receiptMessage, type ChainLink, type SealedContent } from './chain-entry.js';
import type { ReceiptSigner } from './signing-key.js';

/** An entry to seal: what it is about, and its content once its place in the chain is known. */
export interface EntryToSeal {
  registration: string;
  kind: ChainEntryKind;
  recordId: string;
  amendmentId: string | null;
  /** The entry's format-2 content (chain-entry.ts) once its place is known. */
  contentAt: (link: ChainLink) => SealedContent;
}

/**
 * Appends an entry after the head of its vehicle's chain, which the caller has locked, and answers its signed
 * receipt. Call it in the transaction that made the change the entry seals: the entry joins the transparency log
 * there too (its leaf index is in the receipt), after the vehicle's chain lock, which is the lock order every writer
 * keeps (the vehicle's chain, then the log's head). The entry keeps the content it hashed, and its committed fields'
 * values and salts beside it (migration 008).
 */
export async function sealChainEntry(
  client: PoolClient,
  signer: ReceiptSigner,
  entry: EntryToSeal,
  head: { length: number; headHash: string | null },
  signedAt: Date,
): Promise<TReceipt> {
  const position = head.length + 1;
  const prevHash = head.headHash;
  const sealed = entry.contentAt({ position, prevHash });
  const content = canonicalJson(sealed.content);
  const hash = createHash('sha256').update(content, 'utf8').digest('hex');
  const fields = {
    hash,
    position,
    prev_hash: prevHash,
    registration: entry.registration,
    signed_at: signedAt.toISOString(),
  };
  const signature = signer.sign(receiptMessage(fields), signedAt);
  await appendChainEntry(client, {
    registration: entry.registration,
    position,
    kind: entry.kind,
    recordId: entry.recordId,
    amendmentId: entry.amendmentId,
    hash,
    prevHash,
    signedAt,
    signature,
    keyId: signer.keyId,
    content,
    fields: sealed.fields,
  });
  const leafIndex = await appendToLog(client, { ...fields, kind: entry.kind, key_id: signer.keyId, signature });
  return { ...fields, signature, key_id: signer.keyId, leaf_index: leafIndex };
}
