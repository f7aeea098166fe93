import type { PoolClient } from '@sh/shared/server';
import { computeSubtreesCompletedBy } from '@sh/shared/transparency-log';
import { appendLogLeaf } from '../store/append-log-leaf.js';
import { lockLogHead } from '../store/lock-log-head.js';
import { storedSubtreeReader } from '../store/read-log-subtree.js';
import { LOG_TREE_HASHER, logEntryOf, type LoggedChainEntry } from './log-entry.js';

/**
 * Appends a chain entry to the transparency log, in the caller's transaction, and answers its leaf index. The log's
 * head stays locked until that transaction ends, so concurrent writers take consecutive indexes and the log never
 * forks. Lock order: a writer holds its vehicle's chain (lockVehicleChain) before it calls this, never after.
 */
export async function appendToLog(client: PoolClient, entry: LoggedChainEntry): Promise<number> {
  const leafIndex = await lockLogHead(client);
  const leafHash = await LOG_TREE_HASHER.hashLeaf(logEntryOf(entry));
  const completed = await computeSubtreesCompletedBy(leafIndex, leafHash, storedSubtreeReader(client), LOG_TREE_HASHER);
  await appendLogLeaf(client, {
    leafIndex,
    registration: entry.registration,
    position: entry.position,
    leafHash,
    completed,
  });
  return leafIndex;
}
