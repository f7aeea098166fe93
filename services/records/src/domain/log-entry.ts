import { createHash } from 'node:crypto';
import { createTreeHasher, encodeUtf8, type TreeHasher } from '@sh/shared/transparency-log';
import { canonicalJson } from './chain-entry.js';

/** What the log commits to of a chain entry: its place, kind, hash (hence its content), signature and signing key. */
export interface LoggedChainEntry {
  registration: string;
  position: number;
  kind: string;
  hash: string;
  prev_hash: string | null;
  /** ISO 8601 with milliseconds, as the receipt states it. */
  signed_at: string;
  key_id: string;
  signature: string;
}

/**
 * The RFC 6962 leaf "entry" bytes of a chain entry: the UTF-8 of the RFC 8785 canonical JSON of exactly these fields.
 * The browser and a standalone verifier rebuild the same bytes from the public answers, so change nothing here
 * without a new log.
 */
export function logEntryOf(entry: LoggedChainEntry): Uint8Array<ArrayBuffer> {
  return encodeUtf8(
    canonicalJson({
      registration: entry.registration,
      position: entry.position,
      kind: entry.kind,
      hash: entry.hash,
      prev_hash: entry.prev_hash,
      signed_at: entry.signed_at,
      key_id: entry.key_id,
      signature: entry.signature,
    }),
  );
}

/** RFC 6962 hashing on Node's synchronous SHA-256 (about five times WebCrypto's speed, and no await per hash). */
export const LOG_TREE_HASHER: TreeHasher = createTreeHasher((data) => new Uint8Array(createHash('sha256').update(data).digest()));
