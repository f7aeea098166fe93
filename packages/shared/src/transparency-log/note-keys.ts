/**
 * Ed25519 keys in the C2SP signed-note forms (https://c2sp.org/signed-note), the same strings Go's
 * golang.org/x/mod/sumdb/note reads and prints:
 *
 *   verifier key  <name>+<key id, 8 hex digits>+<base64(0x01 || 32-byte public key)>
 *   signer key    PRIVATE+KEY+<name>+<key id>+<base64(0x01 || 32-byte private seed)>
 *
 * key id = first 4 bytes, big-endian, of SHA-256(name || 0x0A || 0x01 || public key). A witness's cosigner key has
 * the same forms with type byte 0x04 in place of 0x01 (c2sp.org/tlog-cosignature). Everything runs on WebCrypto
 * (Ed25519 and SHA-256), which Node 20 and current browsers provide, so no library is bundled.
 */
import { concatBytes, decodeBase64, encodeBase64, encodeUtf8, TransparencyLogError, type Bytes } from './bytes.js';
import { sha256WithWebCrypto } from './tree-hasher.js';

/** The signature type byte C2SP assigns to Ed25519. */
export const ED25519_SIGNATURE_TYPE = 0x01;
/** The type byte of timestamped Ed25519 witness cosignatures (c2sp.org/tlog-cosignature): same keys, other messages. */
export const COSIGNATURE_SIGNATURE_TYPE = 0x04;

/** The Ed25519 key types a key string may carry; each names what the key signs. */
export type KeyType = typeof ED25519_SIGNATURE_TYPE | typeof COSIGNATURE_SIGNATURE_TYPE;

function describeType(type: KeyType): string {
  return type === ED25519_SIGNATURE_TYPE ? 'an Ed25519 (type 0x01) key' : 'an Ed25519 cosignature (type 0x04) key';
}

/** A public key a note's signatures are checked against. */
export interface VerifierKey {
  name: string;
  keyId: number;
  publicKey: Bytes;
  /** The key in its `name+id+base64` form. */
  text: string;
  cryptoKey: CryptoKey;
}

/** A private key that signs notes; its `text` is a secret and never goes in a log line or an event. */
export interface SignerKey {
  name: string;
  keyId: number;
  publicKey: Bytes;
  cryptoKey: CryptoKey;
}

/** A new key pair in its two text forms. */
export interface GeneratedKeyPair {
  signerKey: string;
  verifierKey: string;
}

const ED25519 = { name: 'Ed25519' } as const;
/** PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): WebCrypto imports private keys only in this form or JWK. */
const PKCS8_ED25519_PREFIX = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
);
const KEY_SIZE = 32;

/** Whether a string may name a key: non-empty, no spaces of any kind, no '+', no control characters. */
export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !/[\s+\p{Cc}]/u.test(name) && isWellFormed(name);
}

function isWellFormed(text: string): boolean {
  try {
    encodeUtf8(text);
    return true;
  } catch {
    return false;
  }
}

/** The key id C2SP recommends: SHA-256(name || "\n" || type byte || public key), first four bytes big-endian. */
export async function computeKeyId(
  name: string,
  publicKey: Uint8Array,
  type: KeyType = ED25519_SIGNATURE_TYPE,
): Promise<number> {
  const digest = await sha256WithWebCrypto(concatBytes(encodeUtf8(name), Uint8Array.of(0x0a, type), publicKey));
  return new DataView(digest.buffer).getUint32(0);
}

/** A key id as the eight lowercase hex digits the key strings carry. */
export function formatKeyId(keyId: number): string {
  return keyId.toString(16).padStart(8, '0');
}

/** Splits `text` at its first `count` plus signs: the last part keeps any further '+' (base64 uses it). */
function splitPlus(text: string, count: number): string[] | undefined {
  const parts: string[] = [];
  let rest = text;
  for (let i = 0; i < count; i += 1) {
    const at = rest.indexOf('+');
    if (at < 0) return undefined;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  return [...parts, rest];
}

/** Reads the name, id and type-prefixed 32-byte key shared by both key forms, or says why it cannot. */
function parseKeyParts(
  name: string,
  idHex: string,
  keyBase64: string,
  what: string,
  type: KeyType,
): { keyId: number; key: Bytes } {
  if (!isValidKeyName(name)) throw new TransparencyLogError('malformed_key', `${what} has an invalid key name`);
  if (!/^[0-9a-fA-F]{8}$/.test(idHex))
    throw new TransparencyLogError('malformed_key', `${what} key id must be 8 hex digits`);
  const typed = decodeBase64(keyBase64);
  if (!typed || typed.length === 0) throw new TransparencyLogError('malformed_key', `${what} key is not base64`);
  if (typed[0] !== type) throw new TransparencyLogError('malformed_key', `${what} is not ${describeType(type)}`);
  if (typed.length !== 1 + KEY_SIZE)
    throw new TransparencyLogError('malformed_key', `${what} Ed25519 key must be ${KEY_SIZE} bytes`);
  return { keyId: Number.parseInt(idHex, 16), key: typed.slice(1) };
}

/** Imports an Ed25519 public key for verifying. */
export async function importPublicKey(publicKey: Bytes): Promise<CryptoKey> {
  try {
    return await globalThis.crypto.subtle.importKey('raw', publicKey, ED25519, true, ['verify']);
  } catch {
    throw new TransparencyLogError('malformed_key', 'not an Ed25519 public key');
  }
}

/** Parses a verifier key string (of the given type, a log's by default) and checks its id against its name and key. */
export async function parseVerifierKey(text: string, type: KeyType = ED25519_SIGNATURE_TYPE): Promise<VerifierKey> {
  const parts = splitPlus(text, 2);
  if (!parts) throw new TransparencyLogError('malformed_key', 'verifier key must read <name>+<key id>+<key>');
  const [name, idHex, keyBase64] = parts as [string, string, string];
  const { keyId, key } = parseKeyParts(name, idHex, keyBase64, 'verifier key', type);
  if ((await computeKeyId(name, key, type)) !== keyId)
    throw new TransparencyLogError('malformed_key', 'verifier key id does not match its name and key');
  return { name, keyId, publicKey: key, text, cryptoKey: await importPublicKey(key) };
}

/**
 * Imports a 32-byte Ed25519 seed as a signing key and derives its public key. The copy read for the public key is
 * dropped; the one kept cannot be exported again.
 */
async function importSeed(seed: Bytes): Promise<{ cryptoKey: CryptoKey; publicKey: Bytes }> {
  const pkcs8 = concatBytes(PKCS8_ED25519_PREFIX, seed);
  const readable = await globalThis.crypto.subtle.importKey('pkcs8', pkcs8, ED25519, true, ['sign']);
  const jwk = await globalThis.crypto.subtle.exportKey('jwk', readable);
  const publicKey = decodeBase64(base64UrlToBase64(jwk.x ?? ''));
  if (!publicKey || publicKey.length !== KEY_SIZE)
    throw new TransparencyLogError('malformed_key', 'signer key has no Ed25519 public key');
  return { cryptoKey: await globalThis.crypto.subtle.importKey('pkcs8', pkcs8, ED25519, false, ['sign']), publicKey };
}

function base64UrlToBase64(text: string): string {
  const standard = text.replaceAll('-', '+').replaceAll('_', '/');
  return standard.padEnd(Math.ceil(standard.length / 4) * 4, '=');
}

/** Parses a signer key string, derives its public key and checks the id against it. */
export async function parseSignerKey(text: string, type: KeyType = ED25519_SIGNATURE_TYPE): Promise<SignerKey> {
  const parts = splitPlus(text, 4);
  if (!parts || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY')
    throw new TransparencyLogError('malformed_key', 'signer key must read PRIVATE+KEY+<name>+<key id>+<key>');
  const [, , name, idHex, keyBase64] = parts as [string, string, string, string, string];
  const { keyId, key } = parseKeyParts(name, idHex, keyBase64, 'signer key', type);
  const { cryptoKey, publicKey } = await importSeed(key);
  if ((await computeKeyId(name, publicKey, type)) !== keyId)
    throw new TransparencyLogError('malformed_key', 'signer key id does not match its name and key');
  return { name, keyId, publicKey, cryptoKey };
}

/** The verifier key string of a name and public key. */
export async function formatVerifierKey(
  name: string,
  publicKey: Uint8Array,
  type: KeyType = ED25519_SIGNATURE_TYPE,
): Promise<string> {
  if (!isValidKeyName(name))
    throw new TransparencyLogError('malformed_key', 'key name must be non-empty, with no spaces or +');
  if (publicKey.length !== KEY_SIZE)
    throw new TransparencyLogError('malformed_key', `Ed25519 public key must be ${KEY_SIZE} bytes`);
  const typed = concatBytes(Uint8Array.of(type), publicKey);
  return `${name}+${formatKeyId(await computeKeyId(name, publicKey, type))}+${encodeBase64(typed)}`;
}

/**
 * A fresh Ed25519 key pair for the named log (or, with type 0x04, a witness's cosigner key), as its signer key
 * (secret: configuration only) and verifier key (public: README, bundle, key endpoint). The seed comes from
 * WebCrypto's key generation.
 */
export async function generateKeyPair(name: string, type: KeyType = ED25519_SIGNATURE_TYPE): Promise<GeneratedKeyPair> {
  if (!isValidKeyName(name))
    throw new TransparencyLogError('malformed_key', 'key name must be non-empty, with no spaces or +');
  const pair = (await globalThis.crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await globalThis.crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const publicKey = new Uint8Array(await globalThis.crypto.subtle.exportKey('raw', pair.publicKey));
  const seed = pkcs8.slice(pkcs8.length - KEY_SIZE);
  const keyId = formatKeyId(await computeKeyId(name, publicKey, type));
  return {
    signerKey: `PRIVATE+KEY+${name}+${keyId}+${encodeBase64(concatBytes(Uint8Array.of(type), seed))}`,
    verifierKey: await formatVerifierKey(name, publicKey, type),
  };
}
