import type { PoolClient, Queryable } from '@sh/shared/server';

export interface LogCheckpointRow {
  tree_size: string;
  root_hash: Buffer;
  note: string;
}

/** The latest checkpoint issued, or null before the first. */
export async function findLatestLogCheckpoint(db: Queryable): Promise<LogCheckpointRow | null> {
  const { rows } = await db.query<LogCheckpointRow>(
    'SELECT tree_size, root_hash, note FROM log_checkpoints ORDER BY tree_size DESC LIMIT 1',
  );
  return rows[0] ?? null;
}

/** When the latest checkpoint was issued, or null before the first. */
export async function findLatestCheckpointTime(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>('SELECT max(issued_at) AS at FROM log_checkpoints');
  return rows[0]?.at ?? null;
}

/** The checkpoint issued at a tree size, or null when none was. */
export async function findLogCheckpoint(db: Queryable, treeSize: number): Promise<LogCheckpointRow | null> {
  const { rows } = await db.query<LogCheckpointRow>(
    'SELECT tree_size, root_hash, note FROM log_checkpoints WHERE tree_size = $1',
    [treeSize],
  );
  return rows[0] ?? null;
}

/**
 * The first checkpoint that covers a leaf: the smallest tree size larger than its index (the checkpoint issued just
 * after it was appended), or null while none does.
 */
export async function findCoveringLogCheckpoint(db: Queryable, leafIndex: number): Promise<LogCheckpointRow | null> {
  const { rows } = await db.query<LogCheckpointRow>(
    'SELECT tree_size, root_hash, note FROM log_checkpoints WHERE tree_size > $1 ORDER BY tree_size LIMIT 1',
    [leafIndex],
  );
  return rows[0] ?? null;
}

/** Keeps a signed checkpoint for good, and moves its key's period in the log's key history on to it. */
export async function insertLogCheckpoint(
  client: PoolClient,
  checkpoint: {
    treeSize: number;
    rootHash: Uint8Array;
    note: string;
    verifierKey: string;
    keyId: string;
    issuedAt: Date;
  },
): Promise<void> {
  await client.query(
    `INSERT INTO log_keys (verifier_key, key_id, first_used_at, last_used_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (verifier_key) DO UPDATE SET last_used_at = greatest(log_keys.last_used_at, EXCLUDED.last_used_at)`,
    [checkpoint.verifierKey, checkpoint.keyId, checkpoint.issuedAt],
  );
  await client.query(
    'INSERT INTO log_checkpoints (tree_size, root_hash, note, verifier_key, issued_at) VALUES ($1, $2, $3, $4, $5)',
    [
      checkpoint.treeSize,
      Buffer.from(checkpoint.rootHash),
      checkpoint.note,
      checkpoint.verifierKey,
      checkpoint.issuedAt,
    ],
  );
}

/** Every key that has signed checkpoints, oldest first, with its first and last checkpoint. */
export async function findLogKeys(
  db: Queryable,
): Promise<{ verifier_key: string; key_id: string; first_used_at: Date; last_used_at: Date }[]> {
  const { rows } = await db.query<{ verifier_key: string; key_id: string; first_used_at: Date; last_used_at: Date }>(
    'SELECT verifier_key, key_id, first_used_at, last_used_at FROM log_keys ORDER BY first_used_at, verifier_key',
  );
  return rows;
}
