import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeRootHash,
  computeSubtreesCompletedBy,
  createLeafHashReader,
  createTreeHasher,
  decodeHex,
  encodeHex,
  encodeUtf8,
  generateConsistencyProof,
  generateInclusionProof,
  TransparencyLogError,
  verifyConsistency,
  verifyInclusion,
  webCryptoTreeHasher,
  type Bytes,
  type ReadSubtree,
} from '../../src/transparency-log/index.js';
import { HASHER_VECTORS, REFERENCE_TREE } from './vectors.js';

const hasher = webCryptoTreeHasher;
const nodeHasher = createTreeHasher((data) => new Uint8Array(createHash('sha256').update(data).digest()));

function hex(value: string): Bytes {
  const bytes = decodeHex(value);
  if (!bytes) throw new Error(`bad hex in a vector: ${value}`);
  return bytes;
}

async function referenceLeafHashes(): Promise<Uint8Array[]> {
  return Promise.all(REFERENCE_TREE.leaves.map((leaf) => hasher.hashLeaf(hex(leaf))));
}

function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = bytes.slice();
  copy[Math.floor(bit / 8) % copy.length]! ^= 1 << (bit % 8);
  return copy;
}

describe('RFC 6962 hashing', () => {
  it('matches the published leaf, node and empty-tree hashes', async () => {
    expect(encodeHex(await hasher.hashEmpty())).toBe(HASHER_VECTORS.emptyTree);
    expect(encodeHex(await hasher.hashLeaf(new Uint8Array(0)))).toBe(HASHER_VECTORS.emptyLeaf);
    expect(encodeHex(await hasher.hashLeaf(encodeUtf8('L123456')))).toBe(HASHER_VECTORS.leafL123456);
    expect(encodeHex(await hasher.hashChildren(encodeUtf8('N123'), encodeUtf8('N456')))).toBe(
      HASHER_VECTORS.nodeN123N456,
    );
    expect(encodeHex(await nodeHasher.hashChildren(encodeUtf8('N123'), encodeUtf8('N456')))).toBe(
      HASHER_VECTORS.nodeN123N456,
    );
  });

  it('gives the published root of every prefix of the reference tree, with WebCrypto and with Node hashing', async () => {
    const leafHashes = await referenceLeafHashes();
    for (const [chosen, name] of [
      [hasher, 'webcrypto'],
      [nodeHasher, 'node'],
    ] as const) {
      const read = createLeafHashReader(leafHashes, chosen);
      const roots = await Promise.all(REFERENCE_TREE.roots.map((_root, i) => computeRootHash(i + 1, read, chosen)));
      expect(roots.map(encodeHex), name).toEqual(REFERENCE_TREE.roots);
    }
    expect(encodeHex(await computeRootHash(0, createLeafHashReader([]), hasher))).toBe(HASHER_VECTORS.emptyTree);
  });
});

describe('inclusion proofs', () => {
  it.each(REFERENCE_TREE.inclusionProofs)(
    'generates and verifies the published proof of leaf $index in a tree of $size',
    async ({ index, size, proof }) => {
      const leafHashes = await referenceLeafHashes();
      const generated = await generateInclusionProof(index, size, createLeafHashReader(leafHashes));
      expect(generated.map(encodeHex)).toEqual(proof);
      const root = hex(REFERENCE_TREE.roots[size - 1]!);
      expect(await verifyInclusion(index, size, leafHashes[index]!, proof.map(hex), root)).toBe(true);
    },
  );

  it.each(REFERENCE_TREE.inclusionProofs.filter(({ proof }) => proof.length > 0))(
    'refuses every corruption of the published proof of leaf $index in a tree of $size',
    async ({ index, size, proof: proofHex }) => {
      const leafHashes = await referenceLeafHashes();
      const leaf = leafHashes[index]!;
      const root = hex(REFERENCE_TREE.roots[size - 1]!);
      const proof = proofHex.map(hex);
      const probes: [string, number, number, Uint8Array, Uint8Array[], Uint8Array][] = [
        ['index - 1', index - 1, size, leaf, proof, root],
        ['index + 1', index + 1, size, leaf, proof, root],
        ['index ^ 2', index ^ 2, size, leaf, proof, root],
        ['size * 2', index, size * 2, leaf, proof, root],
        ['size / 2', index, Math.floor(size / 2), leaf, proof, root],
        ['wrong leaf', index, size, encodeUtf8('WrongLeaf'), proof, root],
        ['empty-tree root', index, size, leaf, proof, hex(HASHER_VECTORS.emptyTree)],
        ['trailing garbage', index, size, leaf, [...proof, new Uint8Array(0)], root],
        ['trailing root', index, size, leaf, [...proof, root], root],
        ['preceding root', index, size, leaf, [root, ...proof], root],
        ['removed component', index, size, leaf, proof.slice(0, -1), root],
        ...proof.map((_p, i): [string, number, number, Uint8Array, Uint8Array[], Uint8Array] => [
          `proof[${i}] bit 3 flipped`,
          index,
          size,
          leaf,
          proof.map((p, j) => (j === i ? flipBit(p, 3) : p)),
          root,
        ]),
      ];
      for (const [name, probeIndex, probeSize, probeLeaf, probeProof, probeRoot] of probes) {
        expect(await verifyInclusion(probeIndex, probeSize, probeLeaf, probeProof, probeRoot), name).toBe(false);
      }
    },
  );

  it('refuses a leaf outside the tree with a clear error', async () => {
    const read = createLeafHashReader(await referenceLeafHashes());
    await expect(generateInclusionProof(8, 8, read)).rejects.toThrow(
      new TransparencyLogError('invalid_tree_range', 'leaf 8 is not in a tree of 8 leaves'),
    );
  });
});

describe('consistency proofs', () => {
  it.each(REFERENCE_TREE.consistencyProofs)(
    'generates and verifies the published proof from $first to $second leaves',
    async ({ first, second, proof }) => {
      const read = createLeafHashReader(await referenceLeafHashes());
      expect((await generateConsistencyProof(first, second, read)).map(encodeHex)).toEqual(proof);
      const [firstRoot, secondRoot] = [hex(REFERENCE_TREE.roots[first - 1]!), hex(REFERENCE_TREE.roots[second - 1]!)];
      expect(await verifyConsistency(first, second, firstRoot, secondRoot, proof.map(hex))).toBe(true);
    },
  );

  it.each(REFERENCE_TREE.consistencyProofs.filter(({ proof }) => proof.length > 0))(
    'refuses every corruption of the published proof from $first to $second leaves',
    async ({ first, second, proof: proofHex }) => {
      const [root1, root2] = [hex(REFERENCE_TREE.roots[first - 1]!), hex(REFERENCE_TREE.roots[second - 1]!)];
      const proof = proofHex.map(hex);
      const probes: [string, number, number, Uint8Array, Uint8Array, Uint8Array[]][] = [
        ['first - 1', first - 1, second, root1, root2, proof],
        ['first + 1', first + 1, second, root1, root2, proof],
        ['first ^ 2', first ^ 2, second, root1, root2, proof],
        ['second * 2', first, second * 2, root1, root2, proof],
        ['second / 2', first, Math.floor(second / 2), root1, root2, proof],
        ['wrong first root', first, second, encodeUtf8('WrongRoot'), root2, proof],
        ['swapped roots', first, second, root2, root1, proof],
        ['empty proof', first, second, root1, root2, []],
        ['trailing root1', first, second, root1, root2, [...proof, root1]],
        ['trailing root2', first, second, root1, root2, [...proof, root2]],
        ['preceding root1', first, second, root1, root2, [root1, ...proof]],
        ['preceding proof[0]', first, second, root1, root2, [proof[0]!, ...proof]],
        ['truncated proof', first, second, root1, root2, proof.slice(0, -1)],
        ...proof.map((_p, i): [string, number, number, Uint8Array, Uint8Array, Uint8Array[]] => [
          `proof[${i}] bit 4 flipped`,
          first,
          second,
          root1,
          root2,
          proof.map((p, j) => (j === i ? flipBit(p, 4) : p)),
        ]),
      ];
      for (const [name, size1, size2, probeRoot1, probeRoot2, probeProof] of probes) {
        expect(await verifyConsistency(size1, size2, probeRoot1, probeRoot2, probeProof), name).toBe(false);
      }
    },
  );

  it('settles the edge cases the RFC algorithm leaves out: equal sizes, the empty tree, a shrinking log', async () => {
    const root = hex(REFERENCE_TREE.roots[3]!);
    const other = hex(REFERENCE_TREE.roots[4]!);
    expect(await verifyConsistency(4, 4, root, root, [])).toBe(true);
    expect(await verifyConsistency(4, 4, root, other, [])).toBe(false);
    expect(await verifyConsistency(4, 4, root, root, [root])).toBe(false);
    expect(await verifyConsistency(0, 5, hex(HASHER_VECTORS.emptyTree), other, [])).toBe(true);
    expect(await verifyConsistency(5, 4, other, root, [])).toBe(false);
  });
});

describe('proofs at sizes beyond 32 bits', () => {
  // Every leaf the same, so a perfect subtree's hash depends on its height alone: a tree of 2^40 leaves is cheap.
  async function readUniformTree(): Promise<ReadSubtree> {
    const byHeight: Uint8Array[] = [await hasher.hashLeaf(encodeUtf8('same'))];
    for (let height = 1; height <= 50; height += 1)
      byHeight.push(await hasher.hashChildren(byHeight[height - 1]!, byHeight[height - 1]!));
    return (start, end) => byHeight[Math.log2(end - start)]!;
  }

  it('proves inclusion and consistency where JavaScript bit operators would overflow', async () => {
    const read = await readUniformTree();
    const size = 2 ** 40 + 2 ** 33 + 12_345;
    const leaf = await read(0, 1);
    const root = await computeRootHash(size, read);
    for (const index of [0, 2 ** 32 + 7, 2 ** 40 + 2 ** 33, size - 1]) {
      expect(
        await verifyInclusion(index, size, leaf, await generateInclusionProof(index, size, read), root),
        `leaf ${index}`,
      ).toBe(true);
    }
    const first = 2 ** 33 + 3;
    const proof = await generateConsistencyProof(first, size, read);
    expect(await verifyConsistency(first, size, await computeRootHash(first, read), root, proof)).toBe(true);
    expect(await verifyConsistency(first + 2 ** 32, size, await computeRootHash(first, read), root, proof)).toBe(false);
  });
});

describe('random trees (property tests)', () => {
  const leavesArbitrary = fc.array(fc.uint8Array({ maxLength: 12 }), { minLength: 1, maxLength: 70 });

  async function buildTree(leaves: Uint8Array[]): Promise<{ leafHashes: Uint8Array[]; read: ReadSubtree }> {
    const leafHashes = await Promise.all(leaves.map((leaf) => nodeHasher.hashLeaf(leaf)));
    return { leafHashes, read: createLeafHashReader(leafHashes, nodeHasher) };
  }

  it('verifies every inclusion proof, and none with a flipped bit in the leaf, the root or the proof', async () => {
    await fc.assert(
      fc.asyncProperty(leavesArbitrary, fc.nat(), fc.nat(), async (leaves, indexSeed, bit) => {
        const { leafHashes, read } = await buildTree(leaves);
        const size = leaves.length;
        const root = await computeRootHash(size, read, nodeHasher);
        for (let index = 0; index < size; index += 1) {
          const proof = await generateInclusionProof(index, size, read, nodeHasher);
          if (!(await verifyInclusion(index, size, leafHashes[index]!, proof, root, nodeHasher))) return false;
        }
        const index = indexSeed % size;
        const leaf = leafHashes[index]!;
        const proof = await generateInclusionProof(index, size, read, nodeHasher);
        if (await verifyInclusion(index, size, flipBit(leaf, bit % 256), proof, root, nodeHasher)) return false;
        if (await verifyInclusion(index, size, leaf, proof, flipBit(root, bit % 256), nodeHasher)) return false;
        if (proof.length === 0) return true;
        const at = bit % proof.length;
        const flipped = proof.map((p, i) => (i === at ? flipBit(p, bit % 256) : p));
        return !(await verifyInclusion(index, size, leaf, flipped, root, nodeHasher));
      }),
      { numRuns: 60 },
    );
  });

  it('verifies every consistency proof between two sizes, and none with a flipped bit in a root or the proof', async () => {
    await fc.assert(
      fc.asyncProperty(leavesArbitrary, fc.nat(), fc.nat(), async (leaves, firstSeed, bit) => {
        const { read } = await buildTree(leaves);
        const second = leaves.length;
        const secondRoot = await computeRootHash(second, read, nodeHasher);
        for (let first = 1; first <= second; first += 1) {
          const proof = await generateConsistencyProof(first, second, read, nodeHasher);
          const firstRoot = await computeRootHash(first, read, nodeHasher);
          if (!(await verifyConsistency(first, second, firstRoot, secondRoot, proof, nodeHasher))) return false;
        }
        const first = 1 + (firstSeed % second);
        const firstRoot = await computeRootHash(first, read, nodeHasher);
        const proof = await generateConsistencyProof(first, second, read, nodeHasher);
        if (await verifyConsistency(first, second, flipBit(firstRoot, bit % 256), secondRoot, proof, nodeHasher))
          return false;
        if (await verifyConsistency(first, second, firstRoot, flipBit(secondRoot, bit % 256), proof, nodeHasher))
          return false;
        if (proof.length === 0) return true;
        const at = bit % proof.length;
        const flipped = proof.map((p, i) => (i === at ? flipBit(p, bit % 256) : p));
        return !(await verifyConsistency(first, second, firstRoot, secondRoot, flipped, nodeHasher));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses consistency with a log that changed one earlier entry', async () => {
    await fc.assert(
      fc.asyncProperty(leavesArbitrary, fc.nat(), fc.nat(), async (leaves, firstSeed, changedSeed) => {
        const second = leaves.length;
        const first = 1 + (firstSeed % second);
        const changed = changedSeed % first;
        const honest = await buildTree(leaves);
        const forged = await buildTree(leaves.map((leaf, i) => (i === changed ? Uint8Array.of(...leaf, 0x2a) : leaf)));
        const firstRoot = await computeRootHash(first, honest.read, nodeHasher);
        const forgedRoot = await computeRootHash(second, forged.read, nodeHasher);
        const proof = await generateConsistencyProof(first, second, forged.read, nodeHasher);
        return !(await verifyConsistency(first, second, firstRoot, forgedRoot, proof, nodeHasher));
      }),
      { numRuns: 60 },
    );
  });

  it('stores, as each leaf arrives, exactly the perfect subtrees later proofs read', async () => {
    await fc.assert(
      fc.asyncProperty(leavesArbitrary, async (leaves) => {
        const { leafHashes, read } = await buildTree(leaves);
        const stored = new Map<string, Uint8Array>();
        const readStored: ReadSubtree = (start, end) =>
          stored.get(`${start}:${end}`) ?? Promise.reject(new Error(`not stored: ${start}:${end}`));
        for (const [index, leafHash] of leafHashes.entries()) {
          for (const subtree of await computeSubtreesCompletedBy(index, leafHash, readStored, nodeHasher))
            stored.set(`${subtree.start}:${subtree.end}`, subtree.hash);
        }
        const size = leaves.length;
        return (
          encodeHex(await computeRootHash(size, readStored, nodeHasher)) ===
          encodeHex(await computeRootHash(size, read, nodeHasher))
        );
      }),
      { numRuns: 60 },
    );
  });
});
