/**
 * Proof verification exactly as RFC 9162 gives it: section 2.1.3.2 (inclusion) and section 2.1.4.2 (consistency).
 * This is the code a doubting visitor runs, so it follows the RFC's numbered steps rather than anything cleverer.
 *
 * The RFC's bit operations are written with division and remainder: JavaScript's `>>` and `&` work on 32 bits, and a
 * log may grow past 2^31 entries. Every hash (leaf, root, proof element) must be 32 bytes; anything else fails.
 */
import { equalBytes } from './bytes.js';
import { HASH_SIZE, webCryptoTreeHasher, type TreeHasher } from './tree-hasher.js';

function isOdd(value: number): boolean {
  return value % 2 === 1;
}

function halve(value: number): number {
  return Math.floor(value / 2);
}

function isHash(value: Uint8Array): boolean {
  return value.length === HASH_SIZE;
}

function isPowerOfTwo(value: number): boolean {
  let power = 1;
  while (power < value) power *= 2;
  return power === value;
}

function isTreeSize(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/**
 * Whether `inclusionPath` proves that the leaf with hash `leafHash` sits at `leafIndex` in the tree of `treeSize`
 * leaves whose root is `rootHash` (RFC 9162 section 2.1.3.2). True only when every step checks out.
 */
export async function verifyInclusion(
  leafIndex: number,
  treeSize: number,
  leafHash: Uint8Array,
  inclusionPath: readonly Uint8Array[],
  rootHash: Uint8Array,
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<boolean> {
  if (
    !isTreeSize(leafIndex) ||
    !isTreeSize(treeSize) ||
    !isHash(leafHash) ||
    !isHash(rootHash) ||
    !inclusionPath.every(isHash)
  )
    return false;
  // 1. Compare leaf_index from the inclusion_proof input with tree_size; if leaf_index >= tree_size, fail.
  if (leafIndex >= treeSize) return false;
  // 2. Set fn to leaf_index and sn to tree_size - 1.
  let fn = leafIndex;
  let sn = treeSize - 1;
  // 3. Set r to hash.
  let r = leafHash;
  // 4. For each value p in the inclusion_path array:
  for (const p of inclusionPath) {
    // a. If sn is 0, then stop the iteration and fail the proof verification.
    if (sn === 0) return false;
    // b. If LSB(fn) is set, or if fn is equal to sn, then:
    if (isOdd(fn) || fn === sn) {
      // i. Set r to HASH(0x01 || p || r).
      r = await hasher.hashChildren(p, r);
      // ii. If LSB(fn) is not set, then right-shift both fn and sn equally until either LSB(fn) is set or fn is 0.
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = halve(fn);
          sn = halve(sn);
        }
      }
    } else {
      // Otherwise: Set r to HASH(0x01 || r || p).
      r = await hasher.hashChildren(r, p);
    }
    // c. Finally, right-shift both fn and sn one time.
    fn = halve(fn);
    sn = halve(sn);
  }
  // 5. Compare sn to 0. Compare r against the root_hash. If sn is equal to 0 and r and the root_hash are equal,
  //    then the log has proven the inclusion of hash. Otherwise, fail the proof verification.
  return sn === 0 && equalBytes(r, rootHash);
}

/**
 * Whether `consistencyPath` proves that the tree of `firstSize` leaves with root `firstHash` is a prefix of the tree
 * of `secondSize` leaves with root `secondHash` (RFC 9162 section 2.1.4.2).
 *
 * The RFC's algorithm is for 0 < first < second. The two cases it leaves out are settled as RFC 9162 section 2.1.4.1
 * defines their proofs: equal sizes are consistent only with an empty proof and equal roots; the empty tree is a
 * prefix of every tree, with an empty proof.
 */
export async function verifyConsistency(
  firstSize: number,
  secondSize: number,
  firstHash: Uint8Array,
  secondHash: Uint8Array,
  consistencyPath: readonly Uint8Array[],
  hasher: TreeHasher = webCryptoTreeHasher,
): Promise<boolean> {
  if (!isTreeSize(firstSize) || !isTreeSize(secondSize) || firstSize > secondSize) return false;
  if (!isHash(firstHash) || !isHash(secondHash) || !consistencyPath.every(isHash)) return false;
  if (firstSize === secondSize) return consistencyPath.length === 0 && equalBytes(firstHash, secondHash);
  if (firstSize === 0) return consistencyPath.length === 0;
  // 1. If consistency_path is an empty array, stop and fail the proof verification.
  if (consistencyPath.length === 0) return false;
  // 2. If first is an exact power of 2, then prepend first_hash to the consistency_path array.
  const path = isPowerOfTwo(firstSize) ? [firstHash, ...consistencyPath] : [...consistencyPath];
  // 3. Set fn to first - 1 and sn to second - 1.
  let fn = firstSize - 1;
  let sn = secondSize - 1;
  // 4. If LSB(fn) is set, then right-shift both fn and sn equally until LSB(fn) is not set.
  while (isOdd(fn)) {
    fn = halve(fn);
    sn = halve(sn);
  }
  // 5. Set both fr and sr to the first value in the consistency_path array.
  let fr = path[0] as Uint8Array;
  let sr = fr;
  // 6. For each subsequent value c in the consistency_path array:
  for (const c of path.slice(1)) {
    // a. If sn is 0, then stop the iteration and fail the proof verification.
    if (sn === 0) return false;
    // b. If LSB(fn) is set, or if fn is equal to sn, then:
    if (isOdd(fn) || fn === sn) {
      // i. Set fr to HASH(0x01 || c || fr). Set sr to HASH(0x01 || c || sr).
      fr = await hasher.hashChildren(c, fr);
      sr = await hasher.hashChildren(c, sr);
      // ii. If LSB(fn) is not set, then right-shift both fn and sn equally until either LSB(fn) is set or fn is 0.
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = halve(fn);
          sn = halve(sn);
        }
      }
    } else {
      // Otherwise: Set sr to HASH(0x01 || sr || c).
      sr = await hasher.hashChildren(sr, c);
    }
    // c. Finally, right-shift both fn and sn one time.
    fn = halve(fn);
    sn = halve(sn);
  }
  // 7. Verify that fr equals first_hash, that sr equals second_hash, and that sn is 0.
  return sn === 0 && equalBytes(fr, firstHash) && equalBytes(sr, secondHash);
}
