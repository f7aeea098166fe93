/**
 * C2SP tlog-cosignature (https://c2sp.org/tlog-cosignature), the Ed25519 `cosignature/v1` type: a witness's
 * statement that, as of a time, the checkpoint is the largest consistent tree head it has seen for the log. It is a
 * note signature line `— <name> base64(key id || u64 timestamp || Ed25519 signature)`, the signature taken over
 *
 *   cosignature/v1\n
 *   time <timestamp>\n
 *   <the checkpoint's note text, final newline included, no signature lines>
 *
 * and the key id is SHA-256(name || 0x0A || 0x04 || public key)[:4], the key a vkey of type 0x04.
 */
import { concatBytes, encodeBase64, encodeUtf8, TransparencyLogError } from './bytes.js';
import { parseCheckpoint } from './checkpoint.js';
import {
  COSIGNATURE_SIGNATURE_TYPE,
  generateKeyPair,
  parseSignerKey,
  parseVerifierKey,
  type GeneratedKeyPair,
  type SignerKey,
  type VerifierKey,
} from './note-keys.js';
import { type NoteSignature } from './signed-note.js';

const ED25519 = { name: 'Ed25519' } as const;
const TIMESTAMP_SIZE = 8;
const ED25519_SIGNATURE_SIZE = 64;

/** A cosignature that verified: who made it and when they say they did. */
export interface Cosignature {
  key: VerifierKey;
  /** POSIX seconds, as the witness wrote them. */
  timestamp: number;
}

/** Parses a witness's verifier key: a vkey of type 0x04. */
export async function parseCosignerVerifierKey(text: string): Promise<VerifierKey> {
  return parseVerifierKey(text, COSIGNATURE_SIGNATURE_TYPE);
}

/** Parses a witness's signer key (`PRIVATE+KEY+<name>+<id>+base64(0x04 || seed)`): a secret, configuration only. */
export async function parseCosignerKey(text: string): Promise<SignerKey> {
  return parseSignerKey(text, COSIGNATURE_SIGNATURE_TYPE);
}

/** A fresh cosigner key pair for the named witness, in the two text forms. */
export async function generateCosignerKeyPair(name: string): Promise<GeneratedKeyPair> {
  return generateKeyPair(name, COSIGNATURE_SIGNATURE_TYPE);
}

function assertTimestamp(timestamp: number): void {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new TransparencyLogError('malformed_note', 'cosignature timestamp must be whole POSIX seconds from 0 up');
}

/** The message a cosignature/v1 signs for a checkpoint's note text at a time. */
export function cosignedMessage(checkpointText: string, timestamp: number): Uint8Array<ArrayBuffer> {
  assertTimestamp(timestamp);
  return encodeUtf8(`cosignature/v1\ntime ${timestamp}\n${checkpointText}`);
}

/**
 * The witness's cosignature line over a checkpoint's note text (checked to be a checkpoint), at `timestamp` POSIX
 * seconds: one `— ` line ending in a newline, to append to the note's signatures.
 */
export async function cosignCheckpoint(checkpointText: string, key: SignerKey, timestamp: number): Promise<string> {
  parseCheckpoint(checkpointText);
  const message = cosignedMessage(checkpointText, timestamp);
  const signature = new Uint8Array(await globalThis.crypto.subtle.sign(ED25519, key.cryptoKey, message));
  const head = new Uint8Array(4 + TIMESTAMP_SIZE);
  const view = new DataView(head.buffer);
  view.setUint32(0, key.keyId);
  view.setBigUint64(4, BigInt(timestamp));
  return `\u2014 ${key.name} ${encodeBase64(concatBytes(head, signature))}\n`;
}

/**
 * The timestamp a cosignature line carries, or undefined when it cannot be one (not 8 + 64 bytes, or a time past
 * what JavaScript counts exactly, far beyond the spec's 2^63 − 1 limit's practical range).
 */
export function cosignatureTimestamp(signature: NoteSignature): number | undefined {
  if (signature.signature.length !== TIMESTAMP_SIZE + ED25519_SIGNATURE_SIZE) return undefined;
  const timestamp = new DataView(signature.signature.buffer, signature.signature.byteOffset).getBigUint64(0);
  return timestamp <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(timestamp) : undefined;
}

/**
 * Checks one signature line of a checkpoint as a cosignature by `key`: the line's name and key id must be the key's
 * and its Ed25519 signature must verify over the cosignature/v1 message. Returns the cosignature, or undefined when it
 * is not a valid one (a wrong cosignature is an answer, not an error).
 */
export async function verifyCosignature(
  checkpointText: string,
  signature: NoteSignature,
  key: VerifierKey,
): Promise<Cosignature | undefined> {
  if (signature.name !== key.name || signature.keyId !== key.keyId) return undefined;
  const timestamp = cosignatureTimestamp(signature);
  if (timestamp === undefined) return undefined;
  const isValid = await globalThis.crypto.subtle.verify(
    ED25519,
    key.cryptoKey,
    signature.signature.slice(TIMESTAMP_SIZE),
    cosignedMessage(checkpointText, timestamp),
  );
  return isValid ? { key, timestamp } : undefined;
}
