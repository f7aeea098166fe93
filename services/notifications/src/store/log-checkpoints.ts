import type { Queryable } from '@sh/shared/server';

/** A checkpoint of records' transparency log as notifications keeps it for receipt mails. */
export interface KeptCheckpoint {
  treeSize: number;
  rootHash: string;
  note: string;
}

/** Keeps a checkpoint records announced; one per tree size (a redelivered announcement changes nothing). */
export async function insertLogCheckpoint(
  db: Queryable,
  checkpoint: KeptCheckpoint & { issuedAt: string },
): Promise<void> {
  await db.query(
    'INSERT INTO log_checkpoints (tree_size, root_hash, note, issued_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tree_size) DO NOTHING',
    [checkpoint.treeSize, checkpoint.rootHash, checkpoint.note, checkpoint.issuedAt],
  );
}

/** The first kept checkpoint that covers a leaf (the smallest tree size larger than its index), or null while none does. */
export async function findCoveringCheckpoint(db: Queryable, leafIndex: number): Promise<KeptCheckpoint | null> {
  const { rows } = await db.query<{ tree_size: string; root_hash: string; note: string }>(
    'SELECT tree_size, root_hash, note FROM log_checkpoints WHERE tree_size > $1 ORDER BY tree_size LIMIT 1',
    [leafIndex],
  );
  const row = rows[0];
  return row ? { treeSize: Number(row.tree_size), rootHash: row.root_hash, note: row.note } : null;
}

/**
 * Forgets checkpoints issued more than `days` days before the newest kept one, but never the newest: a receipt whose
 * event comes later than that (a dead event replayed) is then mailed with a later checkpoint, which covers its leaf
 * as well, instead of the first that did. Answers how many went.
 */
export async function forgetOldCheckpoints(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM log_checkpoints
      WHERE issued_at < (SELECT max(issued_at) FROM log_checkpoints) - make_interval(days => $1)
        AND tree_size < (SELECT max(tree_size) FROM log_checkpoints)`,
    [days],
  );
  return rowCount ?? 0;
}
