import {
  type TLogConsistencyProof,
  type TLogConsistencyProofQuery,
  type TLogInclusionProof,
  type TLogInclusionProofQuery,
  TRANSPARENCY_LOG_MESSAGES,
} from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { encodeBase64, generateConsistencyProof, generateInclusionProof } from '@sh/shared/transparency-log';
import { findLogSize } from '../store/find-log-size.js';
import { storedSubtreeReader } from '../store/read-log-subtree.js';
import { LOG_TREE_HASHER } from './log-entry.js';

function refuse(message: string, field: string): never {
  throw new AppError('validation_failed', message, { errors: [{ path: field, message }] });
}

/** The inclusion proof of a leaf in the tree of the log's first `size` leaves (RFC 9162 section 2.1.3.1). */
export async function proveInclusion(
  db: Queryable,
  { leaf, size }: TLogInclusionProofQuery,
): Promise<TLogInclusionProof> {
  if (leaf >= size) refuse(TRANSPARENCY_LOG_MESSAGES.leafNotInTree, 'leaf');
  if (size > (await findLogSize(db))) refuse(TRANSPARENCY_LOG_MESSAGES.sizeBeyondLog, 'size');
  const read = storedSubtreeReader(db);
  const [leafHash, hashes] = await Promise.all([
    read(leaf, leaf + 1),
    generateInclusionProof(leaf, size, read, LOG_TREE_HASHER),
  ]);
  return { leafIndex: leaf, treeSize: size, leafHash: encodeBase64(leafHash), hashes: hashes.map(encodeBase64) };
}

/** The consistency proof between the trees of the log's first `from` and first `to` leaves (RFC 9162 section 2.1.4.1). */
export async function proveConsistency(
  db: Queryable,
  { from, to }: TLogConsistencyProofQuery,
): Promise<TLogConsistencyProof> {
  if (from > to) refuse(TRANSPARENCY_LOG_MESSAGES.fromAfterTo, 'from');
  if (to > (await findLogSize(db))) refuse(TRANSPARENCY_LOG_MESSAGES.sizeBeyondLog, 'to');
  const hashes = await generateConsistencyProof(from, to, storedSubtreeReader(db), LOG_TREE_HASHER);
  return { from, to, hashes: hashes.map(encodeBase64) };
}
