/**
 * RFC 6962 / RFC 9162 section 2.1.1 hashing: leaf `SHA-256(0x00 || entry)`, interior node
 * `SHA-256(0x01 || left || right)`, empty tree `SHA-256()`. The two prefixes keep a leaf from ever passing for a node.
 */
import { concatBytes, type Bytes } from './bytes.js';

/** A SHA-256 implementation: WebCrypto's (async, everywhere) or a faster synchronous one a server passes in. */
export type Sha256 = (data: Bytes) => Bytes | Promise<Bytes>;

/** The three hashes a Merkle tree is built from. */
export interface TreeHasher {
  hashLeaf(entry: Uint8Array): Promise<Bytes>;
  hashChildren(left: Uint8Array, right: Uint8Array): Promise<Bytes>;
  hashEmpty(): Promise<Bytes>;
}

/** Every hash in the log is SHA-256: 32 bytes. */
export const HASH_SIZE = 32;

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

/** SHA-256 through WebCrypto, which Node 20 and every browser we support provide as `globalThis.crypto.subtle`. */
export async function sha256WithWebCrypto(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
}

/**
 * Builds the RFC 6962 hasher over a SHA-256 implementation. The browser uses the default (WebCrypto); a server that
 * hashes many nodes may pass Node's synchronous `createHash('sha256')`, about five times faster per hash, without
 * this isomorphic module importing anything from Node.
 */
export function createTreeHasher(sha256: Sha256 = sha256WithWebCrypto): TreeHasher {
  return {
    hashLeaf: async (entry) => sha256(concatBytes(LEAF_PREFIX, entry)),
    hashChildren: async (left, right) => sha256(concatBytes(NODE_PREFIX, left, right)),
    hashEmpty: async () => sha256(new Uint8Array(0)),
  };
}

/** The hasher everything uses unless told otherwise: RFC 6962 over WebCrypto's SHA-256. */
export const webCryptoTreeHasher: TreeHasher = createTreeHasher();
