/**
 * The Merkle Tree Hash of RFC 6962 section 2.1 (RFC 9162 section 2.1.1), and the proofs a log serves: PATH
 * (inclusion, section 2.1.1 of RFC 6962) and PROOF/SUBPROOF (consistency, section 2.1.2).
 *
 * The tree is never held whole. Everything here asks a `ReadSubtree` callback for the hashes of *perfect* subtrees
 * (a power-of-two run of leaves starting at a multiple of its length), the nodes a log stores once they are complete
 * and never changes again. A proof or root then costs O(log n) reads and hashes, whatever the log's size; the
 * ragged right edge of a tree is hashed here from the perfect subtrees under it.
 */
import { TransparencyLogError } from './bytes.js';
import { webCryptoTreeHasher, type TreeHasher } from './tree-hasher.js';

/**
 * The hash of leaves [start, end) when that run is a perfect subtree: `end - start` a power of two and `start` a
 * multiple of it. For a single leaf (`end = start + 1`) it is the leaf hash.
 */
export type ReadSubtree = (start: number, end: number) => Uint8Array | Promise<Uint8Array>;

/** A perfect subtree and its hash, as a log stores it. */
export interface StoredSubtree {
  start: number;
  end: number;
  hash: Uint8Array;
}

/** The largest power of two strictly less than n (n >= 2): where RFC 6962 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Whether [start, end) is a perfect subtree. Arithmetic, not `&`: JavaScript's bit operators stop at 32 bits. */
function isPerfectSubtree(start: number, end: number): boolean {
  const size = end - start;
  if (size < 1) return false;
  let power = 1;
  while (power < size) power *= 2;
  return power === size && start % size === 0;
}

function assertTreeSize(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TransparencyLogError('invalid_tree_range', `${name} must be a whole number from 0 up, not ${value}`);
  }
}

/**
 * MTH(D[start:end]) for a non-empty run whose start is a multiple of the power of two it splits at (true of every
 * run the proofs and the root ask for): read when perfect, otherwise split where RFC 6962 splits and hash the halves.
 */
export async function hashSubtree(
  start: number,
  end: number,
  readSubtree: ReadSubtree,
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<Uint8Array> {
  if (isPerfectSubtree(start, end)) return readSubtree(start, end);
  const k = splitPoint(end - start);
  const left = await hashSubtree(start, start + k, readSubtree, hasher);
  const right = await hashSubtree(start + k, end, readSubtree, hasher);
  return hasher.hashChildren(left, right);
}

/** The root hash of the tree of the first `size` leaves (the hash of no bytes when the tree is empty). */
export async function computeRootHash(
  size: number,
  readSubtree: ReadSubtree,
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<Uint8Array> {
  assertTreeSize('tree size', size);
  if (size === 0) return hasher.hashEmpty();
  return hashSubtree(0, size, readSubtree, hasher);
}

/**
 * The inclusion proof of leaf `index` in the tree of `size` leaves: RFC 6962's PATH(m, D[n]), the sibling hashes
 * from the leaf up to the root, lowest first (RFC 9162 section 2.1.3.1).
 */
export async function generateInclusionProof(
  index: number,
  size: number,
  readSubtree: ReadSubtree,
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<Uint8Array[]> {
  assertTreeSize('leaf index', index);
  assertTreeSize('tree size', size);
  if (index >= size)
    throw new TransparencyLogError('invalid_tree_range', `leaf ${index} is not in a tree of ${size} leaves`);
  const path: Uint8Array[] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) {
      path.push(await hashSubtree(start + k, end, readSubtree, hasher));
      end = start + k;
    } else {
      path.push(await hashSubtree(start, start + k, readSubtree, hasher));
      start += k;
    }
  }
  return path.reverse();
}

/**
 * The consistency proof that the tree of `first` leaves is a prefix of the tree of `second` leaves: RFC 6962's
 * PROOF(m, D[n]) = SUBPROOF(m, D[n], true) (RFC 9162 section 2.1.4.1). Empty when `first` is 0 or equals `second`.
 */
export async function generateConsistencyProof(
  first: number,
  second: number,
  readSubtree: ReadSubtree,
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<Uint8Array[]> {
  assertTreeSize('first tree size', first);
  assertTreeSize('second tree size', second);
  if (first > second)
    throw new TransparencyLogError('invalid_tree_range', `a tree of ${first} leaves cannot precede one of ${second}`);
  if (first === 0 || first === second) return [];
  const proof: Uint8Array[] = [];
  let m = first;
  let start = 0;
  let end = second;
  let isWholeOldTree = true;
  // SUBPROOF(m, D[start:end], b), unrolled: each step descends into one half and records the other half's hash.
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      proof.push(await hashSubtree(start + k, end, readSubtree, hasher));
      end = start + k;
    } else {
      proof.push(await hashSubtree(start, start + k, readSubtree, hasher));
      start += k;
      m -= k;
      isWholeOldTree = false;
    }
  }
  if (!isWholeOldTree) proof.push(await hashSubtree(start, end, readSubtree, hasher));
  return proof.reverse();
}

/**
 * The perfect subtrees that leaf `index` completes, smallest first (the leaf itself, then every subtree whose last
 * leaf it is): what a log appends to its store with the leaf so that later proofs read instead of rehashing.
 */
export async function computeSubtreesCompletedBy(
  index: number,
  leafHash: Uint8Array,
  readSubtree: ReadSubtree,
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<StoredSubtree[]> {
  assertTreeSize('leaf index', index);
  const completed: StoredSubtree[] = [{ start: index, end: index + 1, hash: leafHash }];
  let hash = leafHash;
  for (let size = 1; (index + 1) % (size * 2) === 0; size *= 2) {
    const start = index + 1 - size * 2;
    hash = await hasher.hashChildren(await readSubtree(start, start + size), hash);
    completed.push({ start, end: index + 1, hash });
  }
  return completed;
}

/**
 * A `ReadSubtree` over leaf hashes held in memory, remembering every perfect subtree it hashes: for tests, for a
 * verifier holding a whole small log, and for migrating existing entries into a store.
 */
export function createLeafHashReader(
  leafHashes: readonly Uint8Array[],
  hasher: TreeHasher = webCryptoTreeHasher,
): ReadSubtree {
  const known = new Map<string, Promise<Uint8Array>>();
  const read = (start: number, end: number): Promise<Uint8Array> => {
    if (!isPerfectSubtree(start, end) || end > leafHashes.length) {
      return Promise.reject(
        new TransparencyLogError(
          'invalid_tree_range',
          `no perfect subtree [${start}, ${end}) among ${leafHashes.length} leaves`,
        ),
      );
    }
    const key = `${start}:${end}`;
    let hash = known.get(key);
    if (!hash) {
      const middle = start + (end - start) / 2;
      hash =
        end - start === 1
          ? Promise.resolve(leafHashes[start] as Uint8Array)
          : Promise.all([read(start, middle), read(middle, end)]).then(([left, right]) =>
              hasher.hashChildren(left, right),
            );
      known.set(key, hash);
    }
    return hash;
  };
  return read;
}
