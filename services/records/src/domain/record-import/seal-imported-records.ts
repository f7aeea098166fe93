import { createHash } from 'node:crypto';
import type { PoolClient } from '@sh/shared/server';
import { computeSubtreesCompletedBy, type ReadSubtree, type StoredSubtree } from '@sh/shared/transparency-log';
import { appendSealedEntries, type SealedEntryRow } from '../../store/append-sealed-entries.js';
import { lockLogHead } from '../../store/lock-log-head.js';
import { storedSubtreeReader } from '../../store/read-log-subtree.js';
import type { ServiceRecordRow } from '../../store/service-record-row.js';
import { canonicalJson, receiptMessage, recordEntryContent, sealedContent } from '../chain-entry.js';
import { LOG_TREE_HASHER, logEntryOf } from '../log-entry.js';
import type { ReceiptSigner } from '../signing-key.js';

/**
 * Seals an import's records into their vehicles' chains and the transparency log, as sealRecord seals one (each entry's
 * format-2 content, hash, signature, leaf and the subtrees it completes are made by the same code), but all in memory
 * first and then stored a thousand rows to a statement (appendSealedEntries): 10,000 records in seconds, not minutes.
 * The caller holds every vehicle's chain (lockVehicleChains, whose heads it passes) and gives the records in chain
 * order; the log's head is locked here, after them, the lock order every writer keeps, and only once every entry but
 * its place in the log is made (an import's batch holds it for as short a time as it can).
 */
export async function sealImportedRecords(
  client: PoolClient,
  signer: ReceiptSigner,
  records: readonly ServiceRecordRow[],
  heads: ReadonlyMap<string, { length: number; headHash: string | null }>,
  signedAt: Date,
): Promise<void> {
  // Everything an entry is made of but its leaf index is made before the log's head is locked, so that the lock is
  // held only for the subtrees and the statements that store them.
  const chainHeads = new Map(heads);
  const entries: Omit<SealedEntryRow, 'leafIndex'>[] = [];
  const signedAtText = signedAt.toISOString();
  for (const record of records) {
    const head = chainHeads.get(record.vehicle_registration)!;
    const link = { position: head.length + 1, prevHash: head.headHash };
    const sealed = sealedContent((seal) => recordEntryContent(record, link, seal));
    const content = canonicalJson(sealed.content);
    const hash = createHash('sha256').update(content, 'utf8').digest('hex');
    const fields = {
      hash,
      position: link.position,
      prev_hash: link.prevHash,
      registration: record.vehicle_registration,
      signed_at: signedAtText,
    };
    const signature = signer.sign(receiptMessage(fields), signedAt);
    const leafHash = await LOG_TREE_HASHER.hashLeaf(
      logEntryOf({ ...fields, kind: 'record', key_id: signer.keyId, signature }),
    );
    entries.push({
      registration: record.vehicle_registration,
      position: link.position,
      recordId: record.id,
      hash,
      prevHash: link.prevHash,
      signedAt,
      signature,
      keyId: signer.keyId,
      content,
      fields: sealed.fields,
      leafHash,
    });
    chainHeads.set(record.vehicle_registration, { length: link.position, headHash: hash });
  }

  const size = await lockLogHead(client);
  const made = new Map<string, Uint8Array>();
  const stored = storedSubtreeReader(client);
  // Subtrees this import completed are not stored yet: they are read from memory, older ones from the store.
  const readSubtree: ReadSubtree = (start, end) => {
    const hash = made.get(`${start}:${end}`);
    return hash ? Promise.resolve(hash) : stored(start, end);
  };
  const subtrees: StoredSubtree[] = [];
  const placed: SealedEntryRow[] = [];
  for (const [index, entry] of entries.entries()) {
    const leafIndex = size + index;
    for (const subtree of await computeSubtreesCompletedBy(leafIndex, entry.leafHash, readSubtree, LOG_TREE_HASHER)) {
      made.set(`${subtree.start}:${subtree.end}`, subtree.hash);
      if (subtree.end - subtree.start > 1) subtrees.push(subtree);
    }
    placed.push({ ...entry, leafIndex });
  }
  await appendSealedEntries(client, placed, subtrees);
}
