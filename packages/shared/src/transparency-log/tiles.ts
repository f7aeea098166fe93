/**
 * C2SP tlog-tiles (https://c2sp.org/tlog-tiles): the log as static, cacheable resources. A tile at level L holds up
 * to 256 consecutive Merkle Tree Hashes of perfect subtrees of 256^L leaves; an entry bundle holds the entries that
 * level 0 hashes. Any inclusion or consistency proof is computed from a few tiles, checked against a checkpoint's root.
 */
import { concatBytes, TransparencyLogError, type Bytes } from './bytes.js';
import { computeRootHash, generateConsistencyProof, generateInclusionProof, type ReadSubtree } from './merkle-tree.js';
import { HASH_SIZE, webCryptoTreeHasher, type TreeHasher } from './tree-hasher.js';
import { verifyConsistency, verifyInclusion } from './verify-proof.js';

/** A full tile is 256 hashes (8,192 bytes), the subtree of height 8 whose leaves they are. */
export const TILE_WIDTH = 256;
const TILE_HEIGHT = 8;
const MAX_TILE_LEVEL = 63;
/** The longest entry an entry bundle's big-endian uint16 length prefix can carry. */
export const MAX_BUNDLE_ENTRY_SIZE = 0xffff;

/**
 * A tile (`level` 0-63) or an entry bundle (`level` "entries"): its index within the level, and its width, 1-255 for
 * a partial tile and 256 for a full one.
 */
export interface Tile {
  level: number | 'entries';
  index: number;
  width: number;
}

function reject(message: string): never {
  throw new TransparencyLogError('invalid_tile', message);
}

function assertTile(tile: Tile): void {
  const { level, index, width } = tile;
  if (level !== 'entries' && !(Number.isInteger(level) && level >= 0 && level <= MAX_TILE_LEVEL))
    reject(`tile level must be 0 to ${MAX_TILE_LEVEL} or "entries"`);
  if (!Number.isSafeInteger(index) || index < 0) reject('tile index must be a whole number from 0 up');
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH) reject(`tile width must be 1 to ${TILE_WIDTH}`);
}

/** `<N>` as zero-padded 3-digit path elements, all but the last prefixed with `x`: 1234067 is `x001/x234/067`. */
function formatTileIndex(index: number): string {
  const elements = [String(index % 1000).padStart(3, '0')];
  for (let rest = Math.floor(index / 1000); rest > 0; rest = Math.floor(rest / 1000))
    elements.unshift(`x${String(rest % 1000).padStart(3, '0')}`);
  return elements.join('/');
}

/** The tile's path below the log's prefix: `tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`. */
export function formatTilePath(tile: Tile): string {
  assertTile(tile);
  const partial = tile.width === TILE_WIDTH ? '' : `.p/${tile.width}`;
  return `tile/${tile.level}/${formatTileIndex(tile.index)}${partial}`;
}

/** Parses a tile path strictly: only the one spelling formatTilePath gives (no leading zeros, no empty x000). */
export function parseTilePath(path: string): Tile {
  const match = /^tile\/(entries|0|[1-9][0-9]?)\/((?:x[0-9]{3}\/)*[0-9]{3})(?:\.p\/([1-9][0-9]{0,2}))?$/.exec(path);
  if (!match) reject(`"${path}" is not a tile path`);
  const [, levelText, indexText, widthText] = match as unknown as [string, string, string, string | undefined];
  const index = Number(indexText.replaceAll('x', '').replaceAll('/', ''));
  const tile: Tile = {
    level: levelText === 'entries' ? 'entries' : Number(levelText),
    index,
    width: widthText === undefined ? TILE_WIDTH : Number(widthText),
  };
  if (tile.width === TILE_WIDTH && widthText !== undefined) reject(`"${path}" names a full tile as partial`);
  assertTile(tile);
  if (formatTilePath(tile) !== path) reject(`"${path}" is not the canonical path of its tile`);
  return tile;
}

/** How many hashes level `level` of a tree of `size` leaves holds: floor(size / 256^level). */
function levelSize(size: number, level: number): number {
  return Math.floor(size / TILE_WIDTH ** level);
}

/**
 * The width of tile `index` at `level` in a tree of `size` leaves (256 when full), or 0 when the tree has none. The
 * partial tile at level l has floor(size / 256^l) mod 256 hashes.
 */
export function tileWidth(size: number, level: number, index: number): number {
  const hashes = levelSize(size, level) - index * TILE_WIDTH;
  return Math.max(0, Math.min(TILE_WIDTH, hashes));
}

/**
 * The tiles and entry bundles a log publishes when its tree grows from `oldSize` to `size` leaves (all of them when
 * `oldSize` is 0): every full tile the growth completes, then the partial tiles of `size`, which the spec requires
 * for each size a checkpoint names. Level by level, lowest first; each level-0 tile's entry bundle follows the tiles.
 */
export function tilesPublished(size: number, oldSize = 0): Tile[] {
  if (!Number.isSafeInteger(size) || !Number.isSafeInteger(oldSize) || oldSize < 0 || oldSize > size)
    throw new TransparencyLogError('invalid_tree_range', `cannot publish tiles from size ${oldSize} to ${size}`);
  const tiles: Tile[] = [];
  for (let level = 0; level <= MAX_TILE_LEVEL && levelSize(size, level) > 0; level += 1) {
    const hashes = levelSize(size, level);
    const firstNew = Math.floor(levelSize(oldSize, level) / TILE_WIDTH);
    for (let index = firstNew; index < Math.floor(hashes / TILE_WIDTH); index += 1)
      tiles.push({ level, index, width: TILE_WIDTH });
    if (hashes % TILE_WIDTH > 0)
      tiles.push({ level, index: Math.floor(hashes / TILE_WIDTH), width: hashes % TILE_WIDTH });
  }
  const bundles = tiles.filter((tile) => tile.level === 0).map((tile): Tile => ({ ...tile, level: 'entries' }));
  return [...tiles, ...bundles];
}

/**
 * A tile's bytes: its hashes concatenated, hash i being MTH(D[(n·256 + i)·256^l : (n·256 + i + 1)·256^l]), each a
 * perfect subtree the reader holds.
 */
export async function buildTile(tile: Tile, readSubtree: ReadSubtree): Promise<Bytes> {
  assertTile(tile);
  if (tile.level === 'entries') reject('an entry bundle is built from entries, not hashes');
  const span = TILE_WIDTH ** tile.level;
  const first = tile.index * TILE_WIDTH;
  const hashes: Uint8Array[] = [];
  for (let i = 0; i < tile.width; i += 1) hashes.push(await readSubtree((first + i) * span, (first + i + 1) * span));
  return concatBytes(...hashes);
}

/** An entry bundle: each entry as a big-endian uint16 length, then its bytes. */
export function encodeEntryBundle(entries: readonly Uint8Array[]): Bytes {
  if (entries.length < 1 || entries.length > TILE_WIDTH) reject(`an entry bundle holds 1 to ${TILE_WIDTH} entries`);
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    if (entry.length > MAX_BUNDLE_ENTRY_SIZE) reject(`an entry is longer than ${MAX_BUNDLE_ENTRY_SIZE} bytes`);
    parts.push(Uint8Array.of(entry.length >> 8, entry.length & 0xff), entry);
  }
  return concatBytes(...parts);
}

/** The entries of a bundle, refusing a truncated one, trailing bytes, or a count other than `width` when given. */
export function parseEntryBundle(bundle: Uint8Array, width?: number): Bytes[] {
  const entries: Bytes[] = [];
  let offset = 0;
  while (offset < bundle.length) {
    if (offset + 2 > bundle.length) reject('entry bundle ends inside a length prefix');
    const length = (bundle[offset]! << 8) | bundle[offset + 1]!;
    if (offset + 2 + length > bundle.length) reject('entry bundle ends inside an entry');
    entries.push(bundle.slice(offset + 2, offset + 2 + length));
    offset += 2 + length;
  }
  if (entries.length > TILE_WIDTH) reject(`entry bundle holds more than ${TILE_WIDTH} entries`);
  if (width !== undefined && entries.length !== width)
    reject(`entry bundle holds ${entries.length} entries, not ${width}`);
  return entries;
}

/** A tree a checkpoint vouches for, and where its tiles come from (the network, a cache, the database). */
export interface TiledTree {
  size: number;
  rootHash: Uint8Array;
  /** The tile's bytes. For a partial tile the full tile is accepted too (the spec's fallback once it is complete). */
  fetchTile: (tile: Tile) => Promise<Uint8Array>;
  hasher?: TreeHasher;
}

/**
 * A ReadSubtree over the tiles of `tree`, fetching each tile once. What it reads is not yet trusted: the proofs below
 * check what they computed against the tree's root before returning it.
 */
export function createTileSubtreeReader(tree: TiledTree): ReadSubtree {
  const hasher = tree.hasher ?? webCryptoTreeHasher;
  const fetched = new Map<string, Promise<Uint8Array>>();
  const readTile = (level: number, index: number): Promise<Uint8Array> => {
    const tile: Tile = { level, index, width: tileWidth(tree.size, level, index) };
    if (tile.width === 0) reject(`the tree of ${tree.size} leaves has no tile ${index} at level ${level}`);
    const path = formatTilePath(tile);
    let data = fetched.get(path);
    if (!data) {
      data = tree.fetchTile(tile).then((bytes) => {
        if (bytes.length !== tile.width * HASH_SIZE && bytes.length !== TILE_WIDTH * HASH_SIZE)
          reject(`${path} is ${bytes.length} bytes, not ${tile.width * HASH_SIZE}`);
        return bytes;
      });
      fetched.set(path, data);
    }
    return data;
  };
  const readHash = async (level: number, position: number): Promise<Uint8Array> => {
    const data = await readTile(level, Math.floor(position / TILE_WIDTH));
    const at = (position % TILE_WIDTH) * HASH_SIZE;
    return data.slice(at, at + HASH_SIZE);
  };
  // A subtree of height h is a hash in a level floor(h/8) tile when 8 divides h; otherwise it is hashed from the
  // 2^(h mod 8) consecutive hashes of that tile under it (the levels a tile leaves out).
  const hashRun = async (level: number, first: number, count: number): Promise<Uint8Array> => {
    if (count === 1) return readHash(level, first);
    const half = count / 2;
    return hasher.hashChildren(await hashRun(level, first, half), await hashRun(level, first + half, half));
  };
  return (start, end) => {
    const size = end - start;
    let height = 0;
    while (2 ** height < size) height += 1;
    if (2 ** height !== size || start % size !== 0 || end > tree.size)
      return Promise.reject(
        new TransparencyLogError('invalid_tree_range', `no perfect subtree [${start}, ${end}) in ${tree.size}`),
      );
    const level = Math.floor(height / TILE_HEIGHT);
    const span = TILE_WIDTH ** level;
    return hashRun(level, start / span, size / span);
  };
}

/**
 * The inclusion proof of leaf `index` in `tree`, computed from its tiles, returned only once the leaf hash the
 * level-0 tile holds and the proof hash to the tree's root.
 */
export async function proveInclusionFromTiles(tree: TiledTree, index: number): Promise<Uint8Array[]> {
  const hasher = tree.hasher ?? webCryptoTreeHasher;
  const read = createTileSubtreeReader(tree);
  const proof = await generateInclusionProof(index, tree.size, read, hasher);
  const leafHash = await read(index, index + 1);
  if (!(await verifyInclusion(index, tree.size, leafHash, proof, tree.rootHash, hasher)))
    reject(`the tiles do not hash to the root of the tree of ${tree.size} leaves`);
  return proof;
}

/**
 * The consistency proof from the tree's first `oldSize` leaves to `tree`, computed from its tiles, returned only once
 * it proves the old tree the tiles give a prefix of the tree with the checkpoint's root. The caller then checks it
 * against the old root it trusts.
 */
export async function proveConsistencyFromTiles(tree: TiledTree, oldSize: number): Promise<Uint8Array[]> {
  const hasher = tree.hasher ?? webCryptoTreeHasher;
  const read = createTileSubtreeReader(tree);
  const proof = await generateConsistencyProof(oldSize, tree.size, read, hasher);
  const oldRoot = await computeRootHash(oldSize, read, hasher);
  if (!(await verifyConsistency(oldSize, tree.size, oldRoot, tree.rootHash, proof, hasher)))
    reject(`the tiles do not hash to the root of the tree of ${tree.size} leaves`);
  return proof;
}
