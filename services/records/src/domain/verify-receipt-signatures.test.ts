import { describe, expect, it } from 'vitest';
import { hashEntryContent, recordEntryContent } from './chain-entry.js';
import { verifyChain as verifyWithKeys } from './verify-chain.js';
import {
  buildChain,
  HISTORY,
  KEY_A,
  newSigner,
  receiptFor,
  signedAtFor,
  type TestChain,
} from './verify-chain.fixtures.js';
import type { HistoryKey } from './verify-receipt-signatures.js';

describe('verifyChain checks every receipt signature against the key history', () => {
  const KEY_B = newSigner();
  /** Keys A then B, A's period covering positions 1 and 2 and B's 3 and 4, as the history writes them. */
  const ROTATED: HistoryKey[] = [
    {
      keyId: KEY_A.keyId,
      publicKey: KEY_A.publicKeyPem,
      from: signedAtFor(1).toISOString(),
      until: signedAtFor(2).toISOString(),
    },
    {
      keyId: KEY_B.keyId,
      publicKey: KEY_B.publicKeyPem,
      from: signedAtFor(3).toISOString(),
      until: signedAtFor(4).toISOString(),
    },
  ];
  const rotatedChain = () => buildChain(4, [KEY_A, KEY_A, KEY_B, KEY_B]);

  /** The tamper of issue 23: a record changed, its entry's hash, the next link and the head recomputed, no key. */
  function rehashFrom(chain: TestChain, position: number): void {
    for (let index = position - 1; index < chain.entries.length; index += 1) {
      const entry = chain.entries[index]!;
      const prevHash = chain.entries[index - 1]?.hash ?? null;
      const hash = hashEntryContent(recordEntryContent(chain.records[index]!, { position: entry.position, prevHash }));
      chain.entries[index] = { ...entry, prev_hash: prevHash, hash };
    }
    chain.head = { length: chain.entries.length, headHash: chain.entries.at(-1)!.hash };
  }

  const cases: Array<{
    name: string;
    build: () => TestChain;
    keys: HistoryKey[];
    brokenAt: { position: number; reason: string } | null;
  }> = [
    {
      name: 'a chain whose every signature verifies is intact',
      build: () => buildChain(3),
      keys: HISTORY,
      brokenAt: null,
    },
    {
      name: 'a mileage changed with its hash, the following links and the head recomputed breaks at that entry',
      build: () => {
        const chain = buildChain(3);
        chain.records[1]!.mileage = 1;
        rehashFrom(chain, 2);
        return chain;
      },
      keys: HISTORY,
      brokenAt: { position: 2, reason: 'its signature does not match' },
    },
    {
      name: 'a signature that is not base64 Ed25519 at all does not match',
      build: () => {
        const chain = buildChain(2);
        chain.entries[0] = { ...chain.entries[0]!, signature: 'not a signature' };
        return chain;
      },
      keys: HISTORY,
      brokenAt: { position: 1, reason: 'its signature does not match' },
    },
    {
      name: 'an entry re-signed with a key the history does not hold names a key we never published',
      build: () => {
        const chain = buildChain(2);
        const forger = newSigner();
        chain.entries[1] = { ...chain.entries[1]!, ...receiptFor(chain.entries[1]!, forger, signedAtFor(2)) };
        return chain;
      },
      keys: HISTORY,
      brokenAt: { position: 2, reason: 'it names a signing key we never published' },
    },
    {
      name: 'a key the history knows only by id cannot vouch for an entry',
      build: () => buildChain(1),
      keys: [{ keyId: KEY_A.keyId, publicKey: null, from: null, until: null }],
      brokenAt: { position: 1, reason: 'it names a signing key we never published' },
    },
    {
      name: "a key id whose published key is another key's does not match",
      build: () => buildChain(1),
      keys: [{ keyId: KEY_A.keyId, publicKey: newSigner().publicKeyPem, from: null, until: null }],
      brokenAt: { position: 1, reason: 'its signature does not match' },
    },
    {
      name: 'a rotation: entries signed by key A, then by key B, are all intact',
      build: rotatedChain,
      keys: ROTATED,
      brokenAt: null,
    },
    {
      name: 'a retired key used to sign an entry dated after its period breaks there',
      build: () => {
        const chain = rotatedChain();
        chain.entries[3] = { ...chain.entries[3]!, ...receiptFor(chain.entries[3]!, KEY_A, signedAtFor(4)) };
        return chain;
      },
      keys: ROTATED,
      brokenAt: { position: 4, reason: 'it was signed when its signing key was not in use' },
    },
    {
      name: "a signature a moment after the key's last written use is intact: the period lags by up to a second",
      build: () => {
        const chain = rotatedChain();
        chain.entries[1] = {
          ...chain.entries[1]!,
          ...receiptFor(chain.entries[1]!, KEY_A, new Date(signedAtFor(2).getTime() + 900)),
        };
        return chain;
      },
      keys: ROTATED,
      brokenAt: null,
    },
  ];

  it.each(cases)('$name', ({ build, keys, brokenAt }) => {
    const chain = build();
    const verdict = verifyWithKeys(chain, keys);
    expect(verdict.brokenAt).toEqual(
      brokenAt && { ...brokenAt, record_id: chain.entries[brokenAt.position - 1]!.record_id },
    );
    expect(verdict.valid).toBe(brokenAt === null);
  });

  it('checks the signature over the vehicle it names: an entry moved to another vehicle does not match', () => {
    const chain = buildChain(1);
    expect(verifyWithKeys({ ...chain, registration: 'ZZ99ZZZ' }, HISTORY).brokenAt).toMatchObject({
      position: 1,
      reason: 'its signature does not match',
    });
  });
});
