import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildTile,
  computeRootHash,
  cosignCheckpoint,
  createLeafHashReader,
  createTreeHasher,
  encodeBase64,
  encodeEntryBundle,
  encodeUtf8,
  formatTilePath,
  generateCosignerKeyPair,
  generateKeyPair,
  parseCosignerKey,
  parseSignerKey,
  proveConsistencyFromTiles,
  proveInclusionFromTiles,
  signCheckpoint,
  tilesPublished,
  type TiledTree,
} from '../../src/transparency-log/index.js';

/**
 * Interoperability with code we did not write: Go's golang.org/x/mod/sumdb/note opens our cosigned checkpoints and
 * sumdb/tlog reads our tiles (tlog.Tile paths, tlog.ReadTileData from its own stored hashes, tlog.TileHashReader
 * with ProveRecord/CheckRecord and ProveTree/CheckTree). Debian's golang-golang-x-mod-dev provides the packages in
 * GOPATH mode; .ci/run installs it with golang-go. Without Go this test fails: it is the only independent check.
 */
const GO_DIR = join(import.meta.dirname, 'go');
const ORIGIN = 'wrenchmark.example/log';
const hasher = createTreeHasher((data) => new Uint8Array(createHash('sha256').update(data).digest()));

interface GoResult {
  verifiedBy: string[];
  timestamp: number;
  size: number;
  paths: Record<string, string>;
  tileData: Record<string, string>;
  inclusion: Record<string, string[]>;
  consistency: Record<string, string[]>;
  error?: string;
}

function runGo(cases: unknown[]): GoResult[] {
  const found = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0)
    throw new Error('go is not on PATH: install golang-go and golang-golang-x-mod-dev (as .ci/run does)');
  const env = {
    ...process.env,
    GO111MODULE: 'off',
    GOPATH: '/usr/share/gocode',
    GOFLAGS: '',
    GOCACHE: process.env.GOCACHE ?? join(tmpdir(), 'wrenchmark-go-cache'),
  };
  const output = execFileSync('go', ['run', 'interop.go'], {
    cwd: GO_DIR,
    env,
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as GoResult[];
}

async function buildCase(size: number, logSignerKey: string, witnessSignerKey: string) {
  const entries = Array.from({ length: size }, (_e, i) => encodeUtf8(`{"registration":"WM${i % 97}","position":${i}}`));
  const read = createLeafHashReader(await Promise.all(entries.map((e) => hasher.hashLeaf(e))), hasher);
  const rootHash = await computeRootHash(size, read, hasher);
  const note = await signCheckpoint({ origin: ORIGIN, size, rootHash }, await parseSignerKey(logSignerKey));
  const text = `${note.split('\n\n')[0]!}\n`;
  const cosigned = note + (await cosignCheckpoint(text, await parseCosignerKey(witnessSignerKey), 1_764_660_000));
  const tiles: Record<string, Uint8Array> = {};
  for (const tile of tilesPublished(size)) {
    const first = tile.index * 256;
    tiles[formatTilePath(tile)] =
      tile.level === 'entries'
        ? encodeEntryBundle(entries.slice(first, first + tile.width))
        : await buildTile(tile, read);
  }
  const tree: TiledTree = {
    size,
    rootHash,
    hasher,
    fetchTile: async (tile) => tiles[formatTilePath({ ...tile })]!,
  };
  const indexes = [...new Set([0, size - 1, Math.floor(size / 3), 255, 256, 65_536])].filter((i) => i < size);
  const oldSizes = [...new Set([1, size - 1, Math.floor(size / 2), 256, 257, 65_536])].filter((o) => o > 0 && o < size);
  return { entries, note: cosigned, tiles, tree, indexes, oldSizes };
}

describe("Go's sumdb/note and sumdb/tlog (golang.org/x/mod, Debian's golang-golang-x-mod-dev)", () => {
  it('open our cosigned checkpoints and read the same tiles, paths and proofs we compute', async () => {
    const log = await generateKeyPair(ORIGIN);
    const witness = await generateCosignerKeyPair('witness.example/w1');
    const sizes = [1, 2, 255, 256, 257, 1000, 70_000];
    const cases = await Promise.all(sizes.map((size) => buildCase(size, log.signerKey, witness.signerKey)));
    const results = runGo(
      cases.map((c) => ({
        logKey: log.verifierKey,
        witnessKey: witness.verifierKey,
        note: c.note,
        tiles: Object.fromEntries(Object.entries(c.tiles).map(([path, data]) => [path, encodeBase64(data)])),
        entries: c.entries.map(encodeBase64),
        indexes: c.indexes,
        oldSizes: c.oldSizes,
      })),
    );
    for (const [i, result] of results.entries()) {
      const c = cases[i]!;
      const size = sizes[i]!;
      expect(result.error, `size ${size}`).toBeUndefined();
      expect(result.verifiedBy).toEqual([ORIGIN, 'witness.example/w1']);
      expect(result.timestamp).toBe(1_764_660_000);
      expect(result.size).toBe(size);
      expect(Object.entries(result.paths).filter(([ours, go]) => ours !== go)).toEqual([]);
      for (const [path, data] of Object.entries(c.tiles))
        if (!path.startsWith('tile/entries/')) expect(result.tileData[path], path).toBe(encodeBase64(data));
      for (const index of c.indexes)
        expect(result.inclusion[index], `leaf ${index} of ${size}`).toEqual(
          (await proveInclusionFromTiles(c.tree, index)).map(encodeBase64),
        );
      for (const old of c.oldSizes)
        expect(result.consistency[old], `${old} to ${size}`).toEqual(
          (await proveConsistencyFromTiles(c.tree, old)).map(encodeBase64),
        );
    }
    expect(Object.keys(results[6]!.paths)).toContain('tile/2/000.p/1');
  });

  it('refuses a checkpoint whose cosignature was made for another checkpoint', async () => {
    const log = await generateKeyPair(ORIGIN);
    const witness = await generateCosignerKeyPair('witness.example/w1');
    const [a, b] = [
      await buildCase(3, log.signerKey, witness.signerKey),
      await buildCase(4, log.signerKey, witness.signerKey),
    ];
    const swapped = a.note.split('\n— ').slice(0, 2).join('\n— ') + '\n— ' + b.note.split('\n— ')[2]!;
    const [result] = runGo([
      {
        logKey: log.verifierKey,
        witnessKey: witness.verifierKey,
        note: swapped,
        tiles: {},
        entries: [],
        indexes: [],
        oldSizes: [],
      },
    ]);
    expect(result!.error).toMatch(/^note\.Open: /);
  });
});
