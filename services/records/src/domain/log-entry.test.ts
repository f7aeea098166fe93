import {
  canonicalJson as browserCanonicalJson,
  encodeHex,
  vehicleLogLeaf,
  webCryptoTreeHasher,
} from '@sh/shared/transparency-log';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './chain-entry.js';
import { LOG_TREE_HASHER, logEntryOf } from './log-entry.js';

const ENTRY = {
  registration: 'AB12CDE',
  position: 2,
  kind: 'record',
  hash: 'a'.repeat(64),
  prev_hash: 'b'.repeat(64),
  signed_at: '2025-03-14T17:00:01.000Z',
  key_id: '0123456789abcdef',
  signature: 'c2lnbmF0dXJl',
};

describe('logEntryOf', () => {
  it("is the UTF-8 of the RFC 8785 canonical JSON of the entry's place, kind, hash, time, key and signature, nothing else", () => {
    const bytes = logEntryOf({ ...ENTRY, ...({ notes: 'not logged', record_id: 'not logged' } as object) });
    expect(new TextDecoder().decode(bytes)).toBe(
      `{"hash":"${'a'.repeat(64)}","key_id":"0123456789abcdef","kind":"record","position":2,"prev_hash":"${'b'.repeat(64)}",` +
        `"registration":"AB12CDE","signature":"c2lnbmF0dXJl","signed_at":"2025-03-14T17:00:01.000Z"}`,
    );
  });

  it('keeps a null prev_hash (the first entry of a chain) in the bytes', () => {
    expect(new TextDecoder().decode(logEntryOf({ ...ENTRY, position: 1, prev_hash: null }))).toContain(
      '"prev_hash":null',
    );
  });
});

describe("the browser's copy (@sh/shared/transparency-log)", () => {
  it('rebuilds the same leaf bytes from an entry as verify answers it, and the same canonical JSON of entry content', () => {
    const answered = {
      ...ENTRY,
      kind: 'record' as const,
      record_id: '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f',
      content: {},
      leaf_index: 4,
    };
    expect(encodeHex(vehicleLogLeaf(ENTRY.registration, answered))).toBe(encodeHex(logEntryOf(ENTRY)));
    expect(encodeHex(vehicleLogLeaf(ENTRY.registration, { ...answered, position: 1, prev_hash: null }))).toBe(
      encodeHex(logEntryOf({ ...ENTRY, position: 1, prev_hash: null })),
    );
    const content = {
      kind: 'amendment',
      position: 3,
      prev_hash: null,
      amendment: {
        reason: 'Notes: “brake pads” — 2 × £40, naïve café ☕ 😀',
        changes: [{ field: 'notes', from: null, to: 'a\u0000\n"b"' }],
        mileage: 45210,
        b: 1,
        a: 2,
        É: 3,
        e: 4,
      },
    };
    expect(browserCanonicalJson(content)).toBe(canonicalJson(content));
  });
});

describe('LOG_TREE_HASHER', () => {
  // transparency-dev/merkle rfc6962/rfc6962_test.go: the empty leaf and the node of "N123" and "N456".
  it("hashes as RFC 6962 does: the published empty-leaf and node vectors, and the same leaf hashes as WebCrypto's", async () => {
    expect(encodeHex(await LOG_TREE_HASHER.hashLeaf(new Uint8Array(0)))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    expect(
      encodeHex(await LOG_TREE_HASHER.hashChildren(new TextEncoder().encode('N123'), new TextEncoder().encode('N456'))),
    ).toBe('aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb');
    expect(encodeHex(await LOG_TREE_HASHER.hashLeaf(logEntryOf(ENTRY)))).toBe(
      encodeHex(await webCryptoTreeHasher.hashLeaf(logEntryOf(ENTRY))),
    );
  });
});
