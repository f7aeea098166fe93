/**
 * Checks a vehicle's chain entries against the log (issue 23), as scripts/verify-vehicle.mjs does, but with WebCrypto
 * so the visitor's browser runs it: each entry's content against its hash, its position and link to the one before,
 * its log leaf's inclusion in a verified checkpoint, and its receipt signature. Proofs and keys come in through the
 * caller's functions, so this module does no I/O; their failures (a network error) propagate to the caller.
 */
import type { HistoryEntry } from './bind-history.js';
import { decodeBase64, encodeUtf8, type Bytes } from './bytes.js';
import { canonicalJson, hashCanonicalJson } from './canonical-json.js';
import { webCryptoTreeHasher } from './tree-hasher.js';
import { verifyInclusion } from './verify-proof.js';

/** A chain entry as GET service-records/verify answers it. */
export interface VehicleLogEntry extends HistoryEntry {
  hash: string;
  prev_hash: string | null;
  /** The receipt: ISO 8601 with milliseconds, the Ed25519 signature (base64) and the id of the key that made it. */
  signed_at: string;
  signature: string;
  key_id: string;
  /** Its leaf in the log; null while it is not in the log yet. */
  leaf_index: number | null;
}

/** What a chain entry's log leaf holds besides its vehicle: its place, kind, hash, link and receipt. */
export type LogLeafFields = Pick<
  VehicleLogEntry,
  'position' | 'hash' | 'prev_hash' | 'signed_at' | 'key_id' | 'signature'
> & { kind: string };

/**
 * The RFC 6962 leaf "entry" bytes of a chain entry: the UTF-8 canonical JSON of exactly these fields. Records appends
 * them (log-entry.ts), the browser rebuilds them, so change nothing here without a new log.
 */
export function vehicleLogLeaf(registration: string, entry: LogLeafFields): Bytes {
  return encodeUtf8(
    canonicalJson({
      registration,
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

/**
 * How long an entry may wait for its first checkpoint before its absence from the log counts against it. Records signs
 * one about every 30 s; ten minutes leaves room for a slow issuer and a visitor's clock that is somewhat off, and stops
 * an entry rewritten after it was logged from hiding for good as "not logged yet".
 */
export const PENDING_GRACE_MS = 10 * 60_000;

/** The checkpoint the entries are checked against (its signature already verified). */
export interface TrustedTreeHead {
  size: number;
  rootHash: Uint8Array;
}

/** What the check needs from outside: an inclusion proof of a leaf, and the receipt key a key id names. */
export interface VehicleHistorySources {
  inclusionProof(leafIndex: number, treeSize: number): Promise<readonly Uint8Array[]>;
  /** The published receipt key of that id, or null when none was published. */
  receiptKey(keyId: string): Promise<CryptoKey | null>;
}

export type VehicleEntriesVerdict =
  /** Every entry checks out; those past the checkpoint (pending, a suffix of the chain) await the next one. */
  | { verified: true; inCheckpoint: number; pending: VehicleLogEntry[] }
  /** The first entry that does not, and why. */
  | { verified: false; position: number; recordId: string; reason: string };

/**
 * Checks a vehicle's entries (in chain order) against a verified checkpoint. An entry whose content the server
 * withholds (null) skips only the content check. An entry past the checkpoint is pending, not failed, provided every
 * entry after it is too and it was signed within PENDING_GRACE_MS of `now`.
 */
export async function verifyVehicleEntries(
  registration: string,
  entries: readonly VehicleLogEntry[],
  treeHead: TrustedTreeHead,
  sources: VehicleHistorySources,
  now: Date = new Date(),
): Promise<VehicleEntriesVerdict> {
  if (entries.length === 0)
    return { verified: false, position: 1, recordId: '', reason: 'the server answers no entries for this vehicle' };
  let previousHash: string | null = null;
  const pending: VehicleLogEntry[] = [];
  for (const [index, entry] of entries.entries()) {
    const fail = (reason: string): VehicleEntriesVerdict => ({
      verified: false,
      position: entry.position,
      recordId: entry.record_id,
      reason,
    });
    if (entry.content !== null && (await contentHash(entry.content)) !== entry.hash)
      return fail('its content does not match its hash');
    if (entry.position !== index + 1) return fail(`it should be entry ${index + 1}`);
    if (entry.prev_hash !== previousHash) return fail('its link to the entry before it does not match');
    previousHash = entry.hash;

    if (entry.leaf_index === null || entry.leaf_index >= treeHead.size) {
      const signedAt = Date.parse(entry.signed_at);
      if (!(now.getTime() - signedAt <= PENDING_GRACE_MS))
        return fail('it is still not in the public log, long after it was signed');
      pending.push(entry);
    } else {
      if (pending.length > 0) return fail('it is in the public log, but an entry before it is not');
      const leafHash = await webCryptoTreeHasher.hashLeaf(vehicleLogLeaf(registration, entry));
      const proof = await sources.inclusionProof(entry.leaf_index, treeHead.size);
      if (!(await verifyInclusion(entry.leaf_index, treeHead.size, leafHash, proof, treeHead.rootHash))) {
        return fail('it is not in the public log as the server shows it');
      }
    }

    const key = await sources.receiptKey(entry.key_id);
    if (!key) return fail('its receipt names a signing key that was never published');
    if (!(await verifiesReceipt(key, registration, entry))) return fail('its receipt signature does not match');
  }
  return { verified: true, inCheckpoint: entries.length - pending.length, pending };
}

async function contentHash(content: Record<string, unknown>): Promise<string | null> {
  try {
    return await hashCanonicalJson(content);
  } catch {
    return null; // content JSON cannot hold has no hash to match
  }
}

/** The receipt: Ed25519 over the canonical JSON of {hash, position, prev_hash, registration, signed_at}. */
async function verifiesReceipt(key: CryptoKey, registration: string, entry: VehicleLogEntry): Promise<boolean> {
  const signature = decodeBase64(entry.signature);
  if (!signature) return false;
  const message = canonicalJson({
    hash: entry.hash,
    position: entry.position,
    prev_hash: entry.prev_hash,
    registration,
    signed_at: entry.signed_at,
  });
  try {
    return await globalThis.crypto.subtle.verify({ name: 'Ed25519' }, key, signature, encodeUtf8(message));
  } catch {
    return false;
  }
}

/** A published receipt key (SPKI PEM, as GET service-records/signing-key lists it) for WebCrypto; null if it is not Ed25519. */
export async function importReceiptKey(pem: string): Promise<CryptoKey | null> {
  const der = decodeBase64(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, ''));
  if (!der) return null;
  try {
    return await globalThis.crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return null;
  }
}
