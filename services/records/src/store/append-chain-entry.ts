import type { PoolClient } from '@sh/shared/server';

/** Appends an entry to a locked vehicle chain and moves its head. */
export async function appendChainEntry(
  client: PoolClient,
  entry: {
    registration: string;
    position: number;
    kind: 'record';
    recordId: string;
    hash: string;
    prevHash: string | null;
    signedAt: Date;
    signature: string;
    keyId: string;
  },
): Promise<void> {
  await client.query(
    `INSERT INTO chain_entries (registration, position, kind, record_id, hash, prev_hash, signed_at, signature, key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [entry.registration, entry.position, entry.kind, entry.recordId, entry.hash, entry.prevHash, entry.signedAt, entry.signature, entry.keyId],
  );
  await client.query('UPDATE vehicle_chains SET length = $2, head_hash = $3 WHERE registration = $1', [
    entry.registration,
    entry.position,
    entry.hash,
  ]);
}
