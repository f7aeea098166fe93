import { createHash } from 'node:crypto';
import { createTreeHasher, vehicleLogLeaf, type TreeHasher } from '@sh/shared/transparency-log';

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

/** The RFC 6962 leaf "entry" bytes of a chain entry, built by the same code the browser checks them with. */
export function logEntryOf(entry: LoggedChainEntry): Uint8Array<ArrayBuffer> {
  return vehicleLogLeaf(entry.registration, entry);
}

/** RFC 6962 hashing on Node's synchronous SHA-256 (about five times WebCrypto's speed, and no await per hash). */
export const LOG_TREE_HASHER: TreeHasher = createTreeHasher(
  (data) => new Uint8Array(createHash('sha256').update(data).digest()),
);
