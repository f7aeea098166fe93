/**
 * RFC 8785 (JCS) canonical JSON, written out so the visitor's browser computes exactly the bytes the records service
 * hashes (it uses the `canonicalize` package): object keys sorted by UTF-16 code units, no whitespace, strings and
 * numbers as ECMAScript's JSON.stringify writes them (which is what JCS specifies), members whose value is undefined
 * left out as JSON.stringify leaves them.
 */
import { encodeHex, encodeUtf8 } from './bytes.js';
import { sha256WithWebCrypto } from './tree-hasher.js';

/** The canonical JSON text of a value; throws a TypeError for what JSON cannot hold (a function, NaN, Infinity). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, as RFC 8785 section 3.2.3 asks.
    const keys = Object.keys(object)
      .filter((key) => object[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
  }
  throw new TypeError(`a ${typeof value} has no JSON form`);
}

/** Lowercase hex SHA-256 of the UTF-8 of a value's canonical JSON: how a chain entry's hash covers its content. */
export async function hashCanonicalJson(value: unknown): Promise<string> {
  return encodeHex(await sha256WithWebCrypto(encodeUtf8(canonicalJson(value))));
}
