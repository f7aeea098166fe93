/**
 * Byte helpers the log's formats need, written against what Node 20 and every browser share (TextEncoder, atob,
 * btoa), so the same code runs on the server and in the visitor's browser.
 */

/** Bytes backed by a plain ArrayBuffer: what WebCrypto accepts. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Why a log artefact (proof, note, key, checkpoint) was refused; `code` is stable for callers to branch on. */
export class TransparencyLogError extends Error {
  constructor(
    readonly code:
      | 'malformed_note'
      | 'malformed_key'
      | 'malformed_checkpoint'
      | 'ambiguous_key'
      | 'invalid_signature'
      | 'no_known_signature'
      | 'wrong_origin'
      | 'invalid_tree_range'
      | 'invalid_tile'
      | 'malformed_policy'
      | 'no_quorum'
      | 'malformed_witness_message'
      | 'malformed_proof'
      | 'invalid_proof',
    message: string,
  ) {
    super(message);
    this.name = 'TransparencyLogError';
  }
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of a string; refuses lone surrogates, which TextEncoder would otherwise turn silently into U+FFFD. */
export function encodeUtf8(text: string): Bytes {
  const bytes = encoder.encode(text);
  if (strictDecoder.decode(bytes) !== text) throw new TypeError('text is not well-formed Unicode');
  return bytes;
}

/** Decodes UTF-8 strictly: invalid bytes make it return undefined rather than a replacement character. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Joins byte arrays into one. */
export function concatBytes(...parts: Uint8Array[]): Bytes {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** Whether two byte arrays hold the same bytes. (Nothing secret is compared here, so early exit is fine.) */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** Lowercase hex of bytes. */
export function encodeHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Bytes of an even-length hex string; undefined when it is not one. */
export function decodeHex(hex: string): Bytes | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Standard base64 (RFC 4648 section 4, with padding) of bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Bytes of standard, padded base64; undefined unless the text is exactly the canonical encoding of what it decodes
 * to (so one value has one spelling: no whitespace, no URL alphabet, no stray bits in the last character).
 */
export function decodeBase64(text: string): Bytes | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return encodeBase64(bytes) === text ? bytes : undefined;
}
