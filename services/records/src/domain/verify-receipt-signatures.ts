/**
 * Checking a chain entry's receipt: the Ed25519 signature over its fields (receiptMessage) must be by the key its
 * key_id names in the published key history (service-records/signing-key), and made within that key's period.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { receiptMessage } from './chain-entry.js';
import type { StoredEntry } from './verify-chain.js';

/**
 * A key of the published history (service-records/signing-key): its SPKI PEM public half (null when only its id is
 * known) and the first and last signature it is known to have made (ISO 8601; null before its first is written).
 */
export interface HistoryKey {
  keyId: string;
  publicKey: string | null;
  from: string | null;
  until: string | null;
}

/**
 * How far a signature may fall outside its key's recorded period and still count as made in it. The period lags the
 * signatures: the last use is written at most once a second, after the entry's transaction, and a process that dies
 * before its next write leaves the latest second or so unwritten (a failed write is retried with the next). A
 * minute covers that with room to spare, and still refuses a retired key used to sign an entry dated after it retired.
 */
export const KEY_PERIOD_MARGIN_MS = 60_000;

/**
 * Checks an entry's receipt: the Ed25519 signature over its fields (receiptMessage) by the key its key_id names, made
 * within that key's period (give or take KEY_PERIOD_MARGIN_MS; a bound not yet written is not checked). Answers why
 * it fails, or null. Each key's PEM is parsed once.
 */
export function signatureChecker(
  registration: string,
  keys: readonly HistoryKey[],
): (entry: StoredEntry) => string | null {
  const known = new Map<string, { publicKey: KeyObject | null; from: number | null; until: number | null }>();
  for (const key of keys) {
    known.set(key.keyId, {
      publicKey: key.publicKey === null ? null : parsePublicKey(key.publicKey),
      from: key.from === null ? null : Date.parse(key.from),
      until: key.until === null ? null : Date.parse(key.until),
    });
  }
  return (entry) => {
    const key = known.get(entry.key_id);
    // A key known only by id cannot check anything: to the reader it is as unpublished as one never heard of.
    if (!key?.publicKey) return 'it names a signing key we never published';
    const message = receiptMessage({
      hash: entry.hash,
      position: entry.position,
      prev_hash: entry.prev_hash,
      registration,
      signed_at: entry.signed_at.toISOString(),
    });
    if (!verifies(key.publicKey, message, entry.signature)) return 'its signature does not match';
    const signedAt = entry.signed_at.getTime();
    if (
      (key.from !== null && signedAt < key.from - KEY_PERIOD_MARGIN_MS) ||
      (key.until !== null && signedAt > key.until + KEY_PERIOD_MARGIN_MS)
    ) {
      return 'it was signed when its signing key was not in use';
    }
    return null;
  };
}

/** An Ed25519 public key from its SPKI PEM; anything else (unreadable, another algorithm) is null. */
function parsePublicKey(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

function verifies(publicKey: KeyObject, message: string, signatureBase64: string): boolean {
  try {
    return verify(null, Buffer.from(message, 'utf8'), publicKey, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}
