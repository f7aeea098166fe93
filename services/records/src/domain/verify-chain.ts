import type { ServiceRecordRow } from '../store/service-record-row.js';
import { hashEntryContent, recordEntryContent } from './chain-entry.js';

/** A stored entry with the record it seals as that record reads now (null when the row is gone). */
export interface StoredEntry {
  position: number;
  kind: 'record';
  record_id: string;
  hash: string;
  prev_hash: string | null;
  record: ServiceRecordRow | null;
}

export interface ChainVerdict {
  valid: boolean;
  length: number;
  head: string | null;
  brokenAt: { position: number; record_id: string | null; reason: string } | null;
  entries: Array<{ position: number; kind: 'record'; record_id: string; hash: string; prev_hash: string | null; content: Record<string, unknown> }>;
}

/**
 * Recomputes a vehicle's chain from its records as they read now: each entry's hash from its content, each link
 * to the entry before, the positions 1..n, the stored head, and that every record of the vehicle is in the chain.
 * Answers the first entry that does not match.
 */
export function verifyChain(
  stored: readonly StoredEntry[],
  head: { length: number; headHash: string | null } | null,
  unchainedRecordIds: readonly string[],
): ChainVerdict {
  const entries: ChainVerdict['entries'] = [];
  let broken: ChainVerdict['brokenAt'] = null;
  let previousHash: string | null = null;
  for (const [index, entry] of stored.entries()) {
    const position = index + 1;
    const fail = (reason: string) => {
      broken ??= { position, record_id: entry.record_id, reason };
    };
    if (entry.position !== position) fail(`entry ${position} is missing`);
    if (entry.prev_hash !== previousHash) fail('its link to the previous entry does not match');
    if (!entry.record) {
      fail('the record it seals is missing');
    } else {
      const content = recordEntryContent(entry.record, { position: entry.position, prevHash: entry.prev_hash });
      if (hashEntryContent(content) !== entry.hash) fail('the record no longer matches its hash');
      entries.push({ ...pick(entry), content });
    }
    previousHash = entry.hash;
  }
  const length = stored.length;
  const headHash = stored.at(-1)?.hash ?? null;
  if (!broken && head && (head.length !== length || head.headHash !== headHash)) {
    broken = { position: Math.min(head.length, length) || 1, record_id: null, reason: 'entries are missing from the end of the chain' };
  }
  if (!broken && unchainedRecordIds.length > 0) {
    broken = { position: length + 1, record_id: unchainedRecordIds[0] ?? null, reason: 'a record was stored outside the chain' };
  }
  return { valid: broken === null, length, head: headHash, brokenAt: broken, entries };
}

function pick(entry: StoredEntry) {
  return { position: entry.position, kind: entry.kind, record_id: entry.record_id, hash: entry.hash, prev_hash: entry.prev_hash };
}
