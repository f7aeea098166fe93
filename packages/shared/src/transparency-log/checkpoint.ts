/**
 * C2SP tlog-checkpoint (https://c2sp.org/tlog-checkpoint): the signed statement "the log named <origin> had <size>
 * entries and this root hash". Its note text is the origin line, the tree size in decimal, the base64 RFC 6962 root
 * hash, then optional non-empty extension lines.
 */
import { decodeBase64, encodeBase64, TransparencyLogError } from './bytes.js';
import { type SignerKey, type VerifierKey } from './note-keys.js';
import { signNote, verifyNote } from './signed-note.js';
import { HASH_SIZE } from './tree-hasher.js';

/** A checkpoint's contents. */
export interface Checkpoint {
  origin: string;
  size: number;
  rootHash: Uint8Array;
  /** Opaque extension lines; the spec does not recommend them and our log writes none. */
  extensions: string[];
}

/** A checkpoint whose signature verified, with the keys that signed it. */
export interface VerifiedCheckpoint extends Checkpoint {
  verifiedBy: VerifierKey[];
}

function reject(message: string): never {
  throw new TransparencyLogError('malformed_checkpoint', message);
}

/** The tree size line: decimal, no leading zeros, and small enough to count exactly in JavaScript. */
function parseTreeSize(line: string): number {
  if (!/^(0|[1-9][0-9]{0,15})$/.test(line))
    reject('checkpoint tree size must be a decimal number without leading zeros');
  const size = Number(line);
  if (!Number.isSafeInteger(size)) reject('checkpoint tree size is too large');
  return size;
}

function hasControlCharacter(line: string): boolean {
  for (let i = 0; i < line.length; i += 1) if (line.charCodeAt(i) < 0x20) return true;
  return false;
}

/** Parses a checkpoint's note text strictly: every rule of the spec, nothing tolerated after it. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith('\n')) reject('checkpoint text must end with a newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3) reject('checkpoint needs an origin, a tree size and a root hash');
  const [origin, sizeLine, rootLine, ...extensions] = lines as [string, string, string, ...string[]];
  if (origin.length === 0) reject('checkpoint origin is empty');
  const size = parseTreeSize(sizeLine);
  const rootHash = decodeBase64(rootLine);
  if (!rootHash || rootHash.length !== HASH_SIZE) reject('checkpoint root hash must be the base64 of 32 bytes');
  if (extensions.some((line) => line.length === 0)) reject('checkpoint extension lines must not be empty');
  return { origin, size, rootHash, extensions };
}

/** The note text of a checkpoint. */
export function formatCheckpoint(checkpoint: Omit<Checkpoint, 'extensions'> & { extensions?: string[] }): string {
  const extensions = checkpoint.extensions ?? [];
  if (checkpoint.origin.length === 0 || hasControlCharacter(checkpoint.origin))
    reject('checkpoint origin must be one non-empty line');
  if (!Number.isSafeInteger(checkpoint.size) || checkpoint.size < 0)
    reject('checkpoint tree size must be a whole number from 0 up');
  if (checkpoint.rootHash.length !== HASH_SIZE) reject('checkpoint root hash must be 32 bytes');
  if (extensions.some((line) => line.length === 0 || hasControlCharacter(line)))
    reject('checkpoint extension lines must be non-empty single lines');
  return [checkpoint.origin, String(checkpoint.size), encodeBase64(checkpoint.rootHash), ...extensions]
    .map((line) => `${line}\n`)
    .join('');
}

/** Signs a checkpoint with the log's key and returns the signed note. */
export async function signCheckpoint(
  checkpoint: Omit<Checkpoint, 'extensions'> & { extensions?: string[] },
  signer: SignerKey,
): Promise<string> {
  return signNote(formatCheckpoint(checkpoint), [signer]);
}

/**
 * Verifies a signed checkpoint: its signature by one of the keys given (unknown signers ignored, as witnesses'
 * cosignatures may be), its format, and that it speaks for the log the caller expects. Throws a
 * TransparencyLogError naming what failed.
 */
export async function verifyCheckpoint(
  note: string | Uint8Array,
  verifierKeys: readonly VerifierKey[],
  expectedOrigin: string,
): Promise<VerifiedCheckpoint> {
  const { text, verifiedBy } = await verifyNote(note, verifierKeys);
  const checkpoint = parseCheckpoint(text);
  if (checkpoint.origin !== expectedOrigin) {
    throw new TransparencyLogError(
      'wrong_origin',
      `checkpoint is for the log "${checkpoint.origin}", not "${expectedOrigin}"`,
    );
  }
  return { ...checkpoint, verifiedBy };
}
