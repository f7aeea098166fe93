/**
 * C2SP signed notes (https://c2sp.org/signed-note): a UTF-8 text ending in a newline, a blank line, then one line
 * per signature, `— <key name> <base64(4-byte key id || Ed25519 signature)>` (the dash is U+2014).
 *
 * Verification follows the spec's rules: the note must be valid UTF-8 with no control character but newline;
 * signatures by keys the verifier does not know (name and id not both matching) are ignored; a known key's
 * signature that fails rejects the whole note; and at least one known key must have signed.
 */
import { decodeBase64, decodeUtf8, encodeBase64, encodeUtf8, TransparencyLogError, type Bytes } from './bytes.js';
import { formatKeyId, isValidKeyName, type SignerKey, type VerifierKey } from './note-keys.js';

/**
 * The most signature lines a note may carry. The spec asks verifiers to accept at least 16 and to cap the number;
 * 100 is the cap Go's sumdb/note applies, leaving room for a log's key history and witness cosignatures.
 */
export const MAX_NOTE_SIGNATURES = 100;

const SIGNATURE_PREFIX = '\u2014 ';
const ED25519 = { name: 'Ed25519' } as const;
const ED25519_SIGNATURE_SIZE = 64;

/** One signature line of a note, before anything is verified. */
export interface NoteSignature {
  name: string;
  keyId: number;
  /** The line's base64, as written. */
  base64: string;
  signature: Bytes;
}

/** A note whose text was signed by at least one of the verifier's keys. */
export interface VerifiedNote {
  text: string;
  /** The known keys whose signatures verified, in the order their lines appear. */
  verifiedBy: VerifierKey[];
  /** Signatures by keys the verifier does not know: ignored, kept for whoever wants to show them. */
  unknownSignatures: NoteSignature[];
}

function reject(message: string): never {
  throw new TransparencyLogError('malformed_note', message);
}

/** The note as text, refusing invalid UTF-8 and every ASCII control character but newline. */
function readNoteText(note: string | Uint8Array): string {
  const text = typeof note === 'string' ? note : decodeUtf8(note);
  if (text === undefined) reject('note is not valid UTF-8');
  try {
    encodeUtf8(text);
  } catch {
    reject('note is not valid UTF-8');
  }
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x0a) reject('note contains a control character');
  }
  return text;
}

/** Parses one `— <name> <base64>` signature line (without its newline), checking its form but no signature. */
export function parseSignatureLine(line: string): NoteSignature {
  if (!line.startsWith(SIGNATURE_PREFIX))
    reject('every line after the blank line must be a signature starting with "— "');
  const rest = line.slice(SIGNATURE_PREFIX.length);
  const space = rest.indexOf(' ');
  const name = space < 0 ? rest : rest.slice(0, space);
  const base64 = space < 0 ? '' : rest.slice(space + 1);
  if (!isValidKeyName(name)) reject('signature has an invalid key name');
  const bytes = decodeBase64(base64);
  if (!bytes || bytes.length < 5) reject(`signature by ${name} is not base64 of a key id and a signature`);
  return { name, keyId: new DataView(bytes.buffer).getUint32(0), base64, signature: bytes.slice(4) };
}

/** Splits a signed note into its text and signature lines, checking the format but no signature. */
export function parseNote(note: string | Uint8Array): { text: string; signatures: NoteSignature[] } {
  const whole = readNoteText(note);
  const split = whole.lastIndexOf('\n\n');
  if (split < 0) reject('note has no blank line before its signatures');
  const text = whole.slice(0, split + 1);
  const block = whole.slice(split + 2);
  if (block.length === 0 || !block.endsWith('\n'))
    reject('note must end with signature lines, each ending in a newline');
  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES) reject(`note has more than ${MAX_NOTE_SIGNATURES} signatures`);
  return { text, signatures: lines.map(parseSignatureLine) };
}

function keyLabel(name: string, keyId: number): string {
  return `${name}+${formatKeyId(keyId)}`;
}

/** Signs a note text (which must end in a newline) with each signer, in order, and returns the whole note. */
export async function signNote(text: string, signers: readonly SignerKey[]): Promise<string> {
  if (!text.endsWith('\n')) reject('note text must end with a newline');
  if (signers.length === 0) throw new TypeError('signing a note needs at least one signer');
  const message = encodeUtf8(readNoteText(text));
  const lines: string[] = [];
  for (const signer of signers) {
    const signature = new Uint8Array(await globalThis.crypto.subtle.sign(ED25519, signer.cryptoKey, message));
    const signed = new Uint8Array(4 + signature.length);
    new DataView(signed.buffer).setUint32(0, signer.keyId);
    signed.set(signature, 4);
    lines.push(`${SIGNATURE_PREFIX}${signer.name} ${encodeBase64(signed)}\n`);
  }
  return `${text}\n${lines.join('')}`;
}

/** Indexes verifier keys by name and id; a pair listed twice with different keys is marked ambiguous. */
function indexKeys(verifierKeys: readonly VerifierKey[]): Map<string, VerifierKey | 'ambiguous'> {
  const index = new Map<string, VerifierKey | 'ambiguous'>();
  for (const key of verifierKeys) {
    const label = keyLabel(key.name, key.keyId);
    const known = index.get(label);
    index.set(label, known === undefined || (known !== 'ambiguous' && known.text === key.text) ? key : 'ambiguous');
  }
  return index;
}

/**
 * Verifies a signed note against the keys the caller trusts and returns its text. Throws a TransparencyLogError
 * when the note is malformed, when a known key's signature fails, or when no known key signed it.
 */
export async function verifyNote(
  note: string | Uint8Array,
  verifierKeys: readonly VerifierKey[],
): Promise<VerifiedNote> {
  const { text, signatures } = parseNote(note);
  const message = encodeUtf8(text);
  const index = indexKeys(verifierKeys);
  const verifiedBy: VerifierKey[] = [];
  const unknownSignatures: NoteSignature[] = [];
  for (const signature of signatures) {
    const label = keyLabel(signature.name, signature.keyId);
    const key = index.get(label);
    if (key === undefined) {
      if (!unknownSignatures.some((seen) => seen.name === signature.name && seen.base64 === signature.base64))
        unknownSignatures.push(signature);
      continue;
    }
    if (key === 'ambiguous') throw new TransparencyLogError('ambiguous_key', `more than one verifier key is ${label}`);
    if (verifiedBy.includes(key)) continue;
    const isValid =
      signature.signature.length === ED25519_SIGNATURE_SIZE &&
      (await globalThis.crypto.subtle.verify(ED25519, key.cryptoKey, signature.signature, message));
    if (!isValid) throw new TransparencyLogError('invalid_signature', `the signature by ${label} does not verify`);
    verifiedBy.push(key);
  }
  if (verifiedBy.length === 0)
    throw new TransparencyLogError('no_known_signature', 'no signature on the note is by a known key');
  return { text, verifiedBy, unknownSignatures };
}
