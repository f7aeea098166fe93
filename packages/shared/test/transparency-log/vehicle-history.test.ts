import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  computeRootHash,
  createLeafHashReader,
  encodeBase64,
  encodeUtf8,
  generateInclusionProof,
  hashCanonicalJson,
  importReceiptKey,
  PENDING_GRACE_MS,
  vehicleLogLeaf,
  verifyVehicleEntries,
  webCryptoTreeHasher,
  type VehicleHistorySources,
  type VehicleLogEntry,
} from '../../src/transparency-log/index.js';

const REGISTRATION = 'AB12CDE';
const NOW = new Date('2025-06-01T12:00:00.000Z');
const RECORD_IDS = [
  '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f',
  '7a0e4c1b-2d3f-4e5a-8b9c-0d1e2f3a4b5c',
  '0c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
];

async function receiptKeyPair() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const pem = `-----BEGIN PUBLIC KEY-----\n${encodeBase64(spki)}\n-----END PUBLIC KEY-----\n`;
  return { privateKey: pair.privateKey, pem };
}

/** Seals record entries as records does: content hashed, linked, receipt signed. Leaf indices are set by `logged`. */
async function sealChain(
  privateKey: CryptoKey,
  mileages: number[],
  signedAt: (position: number) => string,
): Promise<VehicleLogEntry[]> {
  const entries: VehicleLogEntry[] = [];
  let prevHash: string | null = null;
  for (const [index, mileage] of mileages.entries()) {
    const position = index + 1;
    const content = {
      kind: 'record',
      position,
      prev_hash: prevHash,
      record: { id: RECORD_IDS[index], vehicle_registration: REGISTRATION, mileage },
    };
    entries.push(
      await resign(privateKey, {
        position,
        kind: 'record',
        record_id: RECORD_IDS[index]!,
        content,
        hash: await hashCanonicalJson(content),
        prev_hash: prevHash,
        signed_at: signedAt(position),
        key_id: 'receipt-key-1',
        signature: '',
        leaf_index: null,
      }),
    );
    prevHash = entries.at(-1)!.hash;
  }
  return entries;
}

async function resign(privateKey: CryptoKey, entry: VehicleLogEntry): Promise<VehicleLogEntry> {
  const message = canonicalJson({
    hash: entry.hash,
    position: entry.position,
    prev_hash: entry.prev_hash,
    registration: REGISTRATION,
    signed_at: entry.signed_at,
  });
  return {
    ...entry,
    signature: encodeBase64(
      new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, encodeUtf8(message))),
    ),
  };
}

/**
 * A log of `size` leaves holding the entries at `indices` among other vehicles' leaves: the tree head, and sources
 * answering proofs from it and the receipt key by its id.
 */
async function logOf(entries: VehicleLogEntry[], indices: Array<number | null>, size: number, pem: string) {
  const leaves = await Promise.all(
    Array.from({ length: size }, (_, i) => webCryptoTreeHasher.hashLeaf(encodeUtf8(`another vehicle's leaf ${i}`))),
  );
  const logged = entries.map((entry, i) => ({ ...entry, leaf_index: indices[i] ?? null }));
  for (const entry of logged)
    if (entry.leaf_index !== null && entry.leaf_index < size)
      leaves[entry.leaf_index] = await webCryptoTreeHasher.hashLeaf(vehicleLogLeaf(REGISTRATION, entry));
  const read = createLeafHashReader(leaves);
  const treeHead = { size, rootHash: await computeRootHash(size, read) };
  const key = await importReceiptKey(pem);
  const sources: VehicleHistorySources = {
    inclusionProof: (leafIndex, treeSize) => generateInclusionProof(leafIndex, treeSize, read),
    receiptKey: async (keyId) => (keyId === 'receipt-key-1' ? key : null),
  };
  return { logged, treeHead, sources };
}

const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('vehicleLogLeaf', () => {
  it("is the canonical JSON of the entry's place, kind, hash, time, key and signature (as records' logEntryOf)", () => {
    const entry = {
      position: 2,
      kind: 'record',
      record_id: RECORD_IDS[0]!,
      content: { notes: 'not logged' },
      hash: 'a'.repeat(64),
      prev_hash: 'b'.repeat(64),
      signed_at: '2025-03-14T17:00:01.000Z',
      key_id: '0123456789abcdef',
      signature: 'c2lnbmF0dXJl',
      leaf_index: 7,
    } as const;
    expect(new TextDecoder().decode(vehicleLogLeaf('AB12CDE', entry))).toBe(
      `{"hash":"${'a'.repeat(64)}","key_id":"0123456789abcdef","kind":"record","position":2,"prev_hash":"${'b'.repeat(64)}",` +
        `"registration":"AB12CDE","signature":"c2lnbmF0dXJl","signed_at":"2025-03-14T17:00:01.000Z"}`,
    );
  });
});

describe('canonicalJson', () => {
  it('sorts keys by UTF-16 code units, drops undefined members and writes numbers as JSON.stringify does (RFC 8785)', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], '\u00e9': 1e21, A: undefined, '\ud83d\ude00': 0.5 })).toBe(
      '{"a":[true,null,"x"],"b":1,"é":1e+21,"😀":0.5}',
    );
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
  });
});

describe('verifyVehicleEntries', () => {
  it('verifies every entry of an honest chain against the checkpoint, with each inclusion proof and receipt', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const entries = await sealChain(privateKey, [10_000, 20_000, 30_000], () => minutesBefore(60));
    const { logged, treeHead, sources } = await logOf(entries, [1, 4, 5], 9, pem);
    expect(await verifyVehicleEntries(REGISTRATION, logged, treeHead, sources, NOW)).toEqual({
      verified: true,
      inCheckpoint: 3,
      pending: [],
    });
  });

  it('fails at an entry whose content no longer matches its hash', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000, 20_000, 30_000], () => minutesBefore(60)),
      [0, 1, 2],
      3,
      pem,
    );
    const altered = logged.map((entry) =>
      entry.position === 2
        ? { ...entry, content: { ...entry.content, record: { id: RECORD_IDS[1], mileage: 19_000 } } }
        : entry,
    );
    expect(await verifyVehicleEntries(REGISTRATION, altered, treeHead, sources, NOW)).toEqual({
      verified: false,
      position: 2,
      recordId: RECORD_IDS[1],
      reason: 'its content does not match its hash',
    });
  });

  it("fails at an entry rewritten with its hash and every link after it remade (issue 23's tamper): its leaf is not in the log", async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000, 20_000, 30_000], () => minutesBefore(60)),
      [0, 1, 2],
      3,
      pem,
    );
    const rewritten: VehicleLogEntry[] = [logged[0]!];
    for (const entry of logged.slice(1)) {
      const prevHash = rewritten.at(-1)!.hash;
      const record = { ...(entry.content!.record as object), ...(entry.position === 2 ? { mileage: 19_000 } : {}) };
      const content = { ...entry.content, prev_hash: prevHash, record };
      rewritten.push({ ...entry, content, prev_hash: prevHash, hash: await hashCanonicalJson(content) });
    }
    expect(await verifyVehicleEntries(REGISTRATION, rewritten, treeHead, sources, NOW)).toMatchObject({
      verified: false,
      position: 2,
      reason: 'it is not in the public log as the server shows it',
    });
  });

  it('fails at a missing position or a broken link', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000, 20_000, 30_000], () => minutesBefore(60)),
      [0, 1, 2],
      3,
      pem,
    );
    expect(await verifyVehicleEntries(REGISTRATION, [logged[0]!, logged[2]!], treeHead, sources, NOW)).toMatchObject({
      verified: false,
      position: 3,
      reason: 'it should be entry 2',
    });
    const unlinked = [logged[0]!, { ...logged[1]!, prev_hash: 'f'.repeat(64) }, logged[2]!];
    expect(await verifyVehicleEntries(REGISTRATION, unlinked, treeHead, sources, NOW)).toMatchObject({
      verified: false,
      position: 2,
      reason: 'its link to the entry before it does not match',
    });
  });

  it('checks only the links, leaf and receipt of an entry whose content is withheld', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000, 20_000, 30_000], () => minutesBefore(60)),
      [0, 1, 2],
      3,
      pem,
    );
    const withheld = logged.map((entry) => (entry.position === 2 ? { ...entry, content: null } : entry));
    expect(await verifyVehicleEntries(REGISTRATION, withheld, treeHead, sources, NOW)).toMatchObject({
      verified: true,
      inCheckpoint: 3,
    });
    const rehashed = withheld.map((entry) => (entry.position === 2 ? { ...entry, hash: 'e'.repeat(64) } : entry));
    expect(await verifyVehicleEntries(REGISTRATION, rehashed, treeHead, sources, NOW)).toMatchObject({
      verified: false,
      position: 2,
    });
  });

  it('counts the newest entries past the checkpoint as pending while they are fresh, and fails them once they are not', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const fresh = await sealChain(privateKey, [10_000, 20_000, 30_000], (position) =>
      position === 3 ? minutesBefore(1) : minutesBefore(60),
    );
    // Entry 3 has no leaf yet (null), or a leaf the checkpoint of 2 does not cover.
    for (const indices of [
      [0, 1, null],
      [0, 1, 2],
    ]) {
      const { logged, treeHead, sources } = await logOf(fresh, indices, 2, pem);
      expect(await verifyVehicleEntries(REGISTRATION, logged, treeHead, sources, NOW)).toEqual({
        verified: true,
        inCheckpoint: 2,
        pending: [logged[2]],
      });
    }
    const stale = await sealChain(privateKey, [10_000, 20_000, 30_000], (position) =>
      position === 3 ? minutesBefore(PENDING_GRACE_MS / 60_000 + 1) : minutesBefore(60),
    );
    const { logged, treeHead, sources } = await logOf(stale, [0, 1, null], 2, pem);
    expect(await verifyVehicleEntries(REGISTRATION, logged, treeHead, sources, NOW)).toMatchObject({
      verified: false,
      position: 3,
      reason: 'it is still not in the public log, long after it was signed',
    });
  });

  it('fails a logged entry that follows one the log lacks', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000, 20_000, 30_000], () => minutesBefore(1)),
      [0, null, 1],
      2,
      pem,
    );
    expect(await verifyVehicleEntries(REGISTRATION, logged, treeHead, sources, NOW)).toMatchObject({
      verified: false,
      position: 3,
      reason: 'it is in the public log, but an entry before it is not',
    });
  });

  it('fails a receipt by an unpublished key, or one whose signature does not match', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000, 20_000], () => minutesBefore(60)),
      [0, 1],
      2,
      pem,
    );
    const noKey = { ...sources, receiptKey: async () => null };
    expect(await verifyVehicleEntries(REGISTRATION, logged, treeHead, noKey, NOW)).toMatchObject({
      verified: false,
      position: 1,
      reason: 'its receipt names a signing key that was never published',
    });
    const other = await receiptKeyPair();
    const otherKey = { ...sources, receiptKey: async () => importReceiptKey(other.pem) };
    expect(await verifyVehicleEntries(REGISTRATION, logged, treeHead, otherKey, NOW)).toMatchObject({
      verified: false,
      position: 1,
      reason: 'its receipt signature does not match',
    });
  });

  it('passes on a failure to fetch a proof, which says nothing about the entries', async () => {
    const { privateKey, pem } = await receiptKeyPair();
    const { logged, treeHead, sources } = await logOf(
      await sealChain(privateKey, [10_000], () => minutesBefore(60)),
      [0],
      1,
      pem,
    );
    const offline = { ...sources, inclusionProof: () => Promise.reject(new Error('offline')) };
    await expect(verifyVehicleEntries(REGISTRATION, logged, treeHead, offline, NOW)).rejects.toThrow('offline');
  });
});
