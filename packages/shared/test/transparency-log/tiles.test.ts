import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTile,
  computeRootHash,
  createLeafHashReader,
  createTreeHasher,
  encodeEntryBundle,
  encodeHex,
  encodeUtf8,
  formatTilePath,
  generateConsistencyProof,
  generateInclusionProof,
  parseEntryBundle,
  parseTilePath,
  proveConsistencyFromTiles,
  proveInclusionFromTiles,
  tilesPublished,
  tileWidth,
  TransparencyLogError,
  type ReadSubtree,
  type Tile,
  type TiledTree,
} from '../../src/transparency-log/index.js';

const hasher = createTreeHasher((data) => new Uint8Array(createHash('sha256').update(data).digest()));

function entry(i: number): Uint8Array {
  return encodeUtf8(`entry ${i}`);
}

const leafCache: Uint8Array[] = [];
async function leafReader(size: number): Promise<ReadSubtree> {
  for (let i = leafCache.length; i < size; i += 1) leafCache.push(await hasher.hashLeaf(entry(i)));
  return createLeafHashReader(leafCache.slice(0, size), hasher);
}

/** A tiled tree of `size` leaves whose tiles are built on request from the leaves, counting what is fetched. */
async function tiledTree(size: number): Promise<TiledTree & { fetched: string[]; read: ReadSubtree }> {
  const read = await leafReader(size);
  const fetched: string[] = [];
  return {
    size,
    rootHash: await computeRootHash(size, read, hasher),
    hasher,
    read,
    fetched,
    fetchTile: async (tile) => {
      fetched.push(formatTilePath(tile));
      return buildTile(tile, read);
    },
  };
}

function tileError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TransparencyLogError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('tile paths', () => {
  it('encodes the index as 3-digit elements with x prefixes, as the spec shows for 1234067', () => {
    expect(formatTilePath({ level: 0, index: 1234067, width: 256 })).toBe('tile/0/x001/x234/067');
    expect(formatTilePath({ level: 2, index: 67, width: 5 })).toBe('tile/2/067.p/5');
    expect(formatTilePath({ level: 'entries', index: 1000, width: 255 })).toBe('tile/entries/x001/000.p/255');
    expect(formatTilePath({ level: 63, index: 0, width: 1 })).toBe('tile/63/000.p/1');
    expect(formatTilePath({ level: 1, index: 2 ** 53 - 1, width: 256 })).toBe('tile/1/x009/x007/x199/x254/x740/991');
  });

  it('parses every path it formats back to the same tile', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 63 }), fc.constant<'entries'>('entries')),
        fc.maxSafeNat(),
        fc.integer({ min: 1, max: 256 }),
        (level, index, width) => {
          const tile: Tile = { level, index, width };
          expect(parseTilePath(formatTilePath(tile))).toEqual(tile);
        },
      ),
    );
  });

  it.each([
    ['tile/0/1234', '"tile/0/1234" is not a tile path'],
    ['tile/00/067', '"tile/00/067" is not a tile path'],
    ['tile/64/067', 'tile level must be 0 to 63 or "entries"'],
    ['tile/0/x000/067', '"tile/0/x000/067" is not the canonical path of its tile'],
    ['tile/0/001/067', '"tile/0/001/067" is not a tile path'],
    ['tile/0/067.p/256', '"tile/0/067.p/256" names a full tile as partial'],
    ['tile/0/067.p/0', '"tile/0/067.p/0" is not a tile path'],
    ['tile/0/067.p/05', '"tile/0/067.p/05" is not a tile path'],
    ['tile/0/067.p/300', 'tile width must be 1 to 256'],
    ['tile/data/067', '"tile/data/067" is not a tile path'],
    ['/tile/0/067', '"/tile/0/067" is not a tile path'],
  ])('refuses %s', (path, message) => {
    expect(tileError(() => parseTilePath(path))).toBe(`invalid_tile: ${message}`);
  });
});

describe('the tiles a tree publishes', () => {
  function summary(tiles: Tile[]): string[] {
    const counts = new Map<string, number>();
    for (const tile of tiles) {
      const key = `${tile.level}:${tile.width === 256 ? 'full' : `partial ${tile.width}`}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([key, count]) => `${key} ×${count}`);
  }

  it("matches the spec's example of a tree of 70,000 leaves and of 256", () => {
    expect(summary(tilesPublished(70_000))).toEqual([
      '0:full ×273',
      '0:partial 112 ×1',
      '1:full ×1',
      '1:partial 17 ×1',
      '2:partial 1 ×1',
      'entries:full ×273',
      'entries:partial 112 ×1',
    ]);
    expect(tilesPublished(256)).toEqual([
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 0, width: 1 },
      { level: 'entries', index: 0, width: 256 },
    ]);
    expect(tilesPublished(0)).toEqual([]);
    expect(tileWidth(70_000, 1, 1)).toBe(17);
    expect(tileWidth(70_000, 1, 2)).toBe(0);
  });

  it('publishes on growth every full tile the growth completes and the partial tiles of the new size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 70_000 }), { minLength: 1, maxLength: 6 }), (sizes) => {
        const sorted = [...sizes].sort((a, b) => a - b);
        const published = new Set<string>();
        let old = 0;
        for (const size of sorted) {
          for (const tile of tilesPublished(size, old)) published.add(formatTilePath(tile));
          for (const tile of tilesPublished(size)) expect(published.has(formatTilePath(tile))).toBe(true);
          old = size;
        }
      }),
    );
    expect(() => tilesPublished(5, 6)).toThrow(TransparencyLogError);
  });
});

describe('entry bundles', () => {
  it('length-prefixes each entry with a big-endian uint16 and reads them back', () => {
    const entries = [new Uint8Array(0), Uint8Array.of(1, 2, 3), new Uint8Array(0xffff).fill(7)];
    const bundle = encodeEntryBundle(entries);
    expect(encodeHex(bundle.slice(0, 7))).toBe('00000003010203');
    expect(encodeHex(bundle.slice(7, 9))).toBe('ffff');
    expect(parseEntryBundle(bundle, 3)).toEqual(entries);
  });

  it('refuses an entry too long, a truncated bundle, trailing bytes and a wrong count', () => {
    expect(tileError(() => encodeEntryBundle([new Uint8Array(0x10000)]))).toBe(
      'invalid_tile: an entry is longer than 65535 bytes',
    );
    const bundle = encodeEntryBundle([Uint8Array.of(1, 2, 3)]);
    expect(tileError(() => parseEntryBundle(bundle.slice(0, 4)))).toBe(
      'invalid_tile: entry bundle ends inside an entry',
    );
    expect(tileError(() => parseEntryBundle(Uint8Array.of(...bundle, 0)))).toBe(
      'invalid_tile: entry bundle ends inside a length prefix',
    );
    expect(tileError(() => parseEntryBundle(bundle, 2))).toBe('invalid_tile: entry bundle holds 1 entries, not 2');
  });

  it('holds the entries whose leaf hashes the level-0 tile concatenates', async () => {
    const tree = await tiledTree(300);
    const tile = await buildTile({ level: 0, index: 1, width: 44 }, tree.read);
    const bundle = encodeEntryBundle(Array.from({ length: 44 }, (_e, i) => entry(256 + i)));
    const hashes = await Promise.all(parseEntryBundle(bundle).map((e) => hasher.hashLeaf(e)));
    expect(encodeHex(tile)).toBe(hashes.map(encodeHex).join(''));
  });
});

describe('proofs from tiles', () => {
  const sizes = [1, 2, 3, 7, 8, 255, 256, 257, 511, 512, 513, 1000, 65_535, 65_536, 65_537, 70_000];

  it.each(sizes)('gives the inclusion proofs the merkle tree gives, in a tree of %i leaves', async (size) => {
    const tree = await tiledTree(size);
    const indexes = new Set([0, size - 1, Math.floor(size / 2), 255, 256, 65_535, 65_536, 69_999]);
    for (const index of [...indexes].filter((i) => i < size)) {
      const expected = await generateInclusionProof(index, size, tree.read, hasher);
      expect((await proveInclusionFromTiles(tree, index)).map(encodeHex), `leaf ${index}`).toEqual(
        expected.map(encodeHex),
      );
    }
  });

  it.each(sizes)('gives the consistency proofs the merkle tree gives, up to a tree of %i leaves', async (size) => {
    const tree = await tiledTree(size);
    const olds = new Set([0, 1, size - 1, size, Math.floor(size / 3), 256, 65_536, 65_537]);
    for (const old of [...olds].filter((o) => o <= size)) {
      const expected = await generateConsistencyProof(old, size, tree.read, hasher);
      expect((await proveConsistencyFromTiles(tree, old)).map(encodeHex), `from ${old}`).toEqual(
        expected.map(encodeHex),
      );
    }
  });

  it('agrees with the merkle tree for every index and old size of random trees', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1200 }), fc.nat(), fc.nat(), async (size, i, o) => {
        const tree = await tiledTree(size);
        const [index, old] = [i % size, o % (size + 1)];
        expect(await proveInclusionFromTiles(tree, index)).toEqual(
          await generateInclusionProof(index, size, tree.read, hasher),
        );
        expect(await proveConsistencyFromTiles(tree, old)).toEqual(
          await generateConsistencyProof(old, size, tree.read, hasher),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('fetches a handful of tiles, each once, for a proof in a tree of 70,000 leaves', async () => {
    const tree = await tiledTree(70_000);
    await proveInclusionFromTiles(tree, 12_345);
    expect(tree.fetched.sort()).toEqual(['tile/0/048', 'tile/0/273.p/112', 'tile/1/000', 'tile/1/001.p/17']);
  });

  it('refuses tiles that do not hash to the root, and tiles of the wrong length', async () => {
    const honest = await tiledTree(1000);
    const forged: TiledTree = {
      ...honest,
      fetchTile: async (tile) => {
        const data = await buildTile(tile, honest.read);
        if (tile.level === 0 && tile.index === 3) data[5]! ^= 1;
        return data;
      },
    };
    await expect(proveInclusionFromTiles(forged, 900)).rejects.toThrow(
      new TransparencyLogError('invalid_tile', 'the tiles do not hash to the root of the tree of 1000 leaves'),
    );
    await expect(proveConsistencyFromTiles(forged, 999)).rejects.toThrow(TransparencyLogError);
    const wrongRoot = { ...honest, rootHash: await hasher.hashLeaf(entry(0)) };
    await expect(proveInclusionFromTiles(wrongRoot, 0)).rejects.toThrow(TransparencyLogError);
    await expect(proveConsistencyFromTiles(wrongRoot, 1000)).rejects.toThrow(TransparencyLogError);
    const short: TiledTree = {
      ...honest,
      fetchTile: async (tile) => (await buildTile(tile, honest.read)).slice(tile.level === 0 ? 32 : 0),
    };
    await expect(proveInclusionFromTiles(short, 1)).rejects.toThrow(
      new TransparencyLogError('invalid_tile', 'tile/0/003.p/232 is 7392 bytes, not 7424'),
    );
  });

  it('accepts the full tile in place of a partial one that has been replaced', async () => {
    const tree = await tiledTree(600);
    const grown = await tiledTree(800);
    const fallback: TiledTree = {
      ...tree,
      fetchTile: (tile) =>
        tile.level === 0 && tile.width < 256 ? buildTile({ ...tile, width: 256 }, grown.read) : tree.fetchTile(tile),
    };
    expect(await proveInclusionFromTiles(fallback, 599)).toEqual(await proveInclusionFromTiles(tree, 599));
  });
});
