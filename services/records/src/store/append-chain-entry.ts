import type { PoolClient } from '@sh/shared/server';

/** What an entry seals: a record as logged, an amendment of it (named by amendmentId), or its withdrawal. */
export type ChainEntryKind = 'record' | 'amendment' | 'withdrawal';

/** Appends an entry to a locked vehicle chain and moves its head. */
export async function appendChainEntry(
  client: PoolClient,
  entry: {
    registration: string;
    position: number;
    kind: ChainEntryKind;
    recordId: string;
    amendmentId: string | null;
    hash: string;
    prevHash: string | null;
    signedAt: Date;
    signature: string;
    keyId: string;
  },
): Promise<void> {
  await client.query(
    `INSERT INTO chain_entries (registration, position, kind, record_id, amendment_id, hash, prev_hash, signed_at, signature, key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.registration, entry.position, entry.kind, entry.recordId, entry.amendmentId, entry.hash, entry.prevHash, entry.signedAt,
      entry.signature, entry.keyId,
    ],
  );
  await client.query('UPDATE vehicle_chains SET length = $2, head_hash = $3 WHERE registration = $1', [
    entry.registration,
    entry.position,
    entry.hash,
  ]);
}
