/**
 * Salted commitments to an entry's personal and free-text fields (issue 23 point 6). An entry of format 2 holds, in
 * place of such a field's value, `{"commitment": hex(SHA-256(message))}`, the message being the UTF-8 of the RFC 8785
 * canonical JSON of `{"salt": salt, "value": value}`: salt is 16 random bytes as 32 lowercase hex digits, value a
 * string or null. The value and salt are published beside the entry while the field is public; once they are deleted
 * (a withdrawal, an erasure) the commitment alone still hashes into the entry, and the 128-bit salt keeps anyone
 * from confirming a guessed value against it. The same code runs on the server and in the visitor's browser.
 */
import { encodeHex, encodeUtf8, type Bytes } from './bytes.js';
import { sha256WithWebCrypto, type Sha256 } from './tree-hasher.js';

/** A committed field as an entry's content holds it. */
export interface FieldCommitment {
  commitment: string;
}

/** A committed field's value and salt, as the public answer discloses them; `path` names the field in the content. */
export interface FieldDisclosure {
  path: string;
  value: string | null;
  salt: string;
}

const SALT_PATTERN = /^[0-9a-f]{32}$/;
const COMMITMENT_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The bytes a commitment hashes. Both members are strings or null and the keys are already in RFC 8785 order, and
 * RFC 8785 serialises strings as ECMAScript's JSON.stringify does, so this is the canonical JSON of the pair.
 */
export function fieldCommitmentMessage(salt: string, value: string | null): Bytes {
  if (!SALT_PATTERN.test(salt)) throw new TypeError('a salt is 32 lowercase hex digits');
  return encodeUtf8(`{"salt":${JSON.stringify(salt)},"value":${JSON.stringify(value)}}`);
}

/** The commitment (64 lowercase hex digits) to a value under a salt. */
export async function commitField(
  salt: string,
  value: string | null,
  sha256: Sha256 = sha256WithWebCrypto,
): Promise<string> {
  return encodeHex(await sha256(fieldCommitmentMessage(salt, value)));
}

/** Whether a content value is a commitment, and so which one. */
export function asFieldCommitment(value: unknown): FieldCommitment | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  const commitment = (value as { commitment?: unknown }).commitment;
  return keys.length === 1 && typeof commitment === 'string' && COMMITMENT_PATTERN.test(commitment)
    ? { commitment }
    : null;
}

/** What a dot-separated path ("amendment.changes.0.to") names in an entry's content, or undefined. */
export function valueAtPath(content: unknown, path: string): unknown {
  let at: unknown = content;
  for (const step of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, step)) return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return at;
}

/**
 * Checks a disclosure against an entry's content: the path must name a commitment there, and the value and salt must
 * hash to it. Answers why not, or null.
 */
export async function checkDisclosure(
  content: unknown,
  disclosure: FieldDisclosure,
  sha256: Sha256 = sha256WithWebCrypto,
): Promise<string | null> {
  const sealed = asFieldCommitment(valueAtPath(content, disclosure.path));
  if (!sealed) return `${disclosure.path} is not a sealed field of the entry`;
  if (!SALT_PATTERN.test(disclosure.salt)) return `the salt of ${disclosure.path} is malformed`;
  if ((await commitField(disclosure.salt, disclosure.value, sha256)) !== sealed.commitment)
    return `${disclosure.path} does not match what the entry sealed`;
  return null;
}
