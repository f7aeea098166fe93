import type { PoolClient } from '@sh/shared/server';
import type { StoredSubtree } from '@sh/shared/transparency-log';

/**
 * Appends a leaf at the locked log head's index, with the perfect subtrees it completes (those of two leaves or
 * more: a single leaf's hash is the leaf row), and moves the head on.
 */
export async function appendLogLeaf(
  client: PoolClient,
  leaf: { leafIndex: number; registration: string; position: number; leafHash: Uint8Array; completed: StoredSubtree[] },
): Promise<void> {
  await client.query('INSERT INTO log_leaves (leaf_index, registration, position, leaf_hash) VALUES ($1, $2, $3, $4)', [
    leaf.leafIndex,
    leaf.registration,
    leaf.position,
    Buffer.from(leaf.leafHash),
  ]);
  const subtrees = leaf.completed.filter((subtree) => subtree.end - subtree.start > 1);
  if (subtrees.length > 0) {
    await client.query(
      `INSERT INTO log_subtrees (start_index, end_index, hash)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bytea[])`,
      [subtrees.map((s) => s.start), subtrees.map((s) => s.end), subtrees.map((s) => Buffer.from(s.hash))],
    );
  }
  await client.query('UPDATE log_head SET size = $1 WHERE id', [leaf.leafIndex + 1]);
}
