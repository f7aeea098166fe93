import type { PoolClient } from '@sh/shared/server';
import type { FieldDisclosure } from '@sh/shared/transparency-log';

/** What an entry seals: a record as logged, an amendment of it (named by amendmentId), or its withdrawal. */
export type ChainEntryKind = 'record' | 'amendment' | 'withdrawal';

/**
 * Appends a format-2 entry to a locked vehicle chain, with the canonical JSON it hashed and its committed fields'
 * values and salts (migration 008), and moves the chain's head.
 */
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
    content: string;
    fields: readonly FieldDisclosure[];
  },
): Promise<void> {
  await client.query(
    `INSERT INTO chain_entries (registration, position, kind, record_id, amendment_id, hash, prev_hash, signed_at, signature, key_id, format, content)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 2, $11)`,
    [
      entry.registration,
      entry.position,
      entry.kind,
      entry.recordId,
      entry.amendmentId,
      entry.hash,
      entry.prevHash,
      entry.signedAt,
      entry.signature,
      entry.keyId,
      entry.content,
    ],
  );
  if (entry.fields.length > 0) {
    await client.query(
      `INSERT INTO entry_fields (registration, position, path, value, salt)
       SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[])`,
      [
        entry.registration,
        entry.position,
        entry.fields.map((f) => f.path),
        entry.fields.map((f) => f.value),
        entry.fields.map((f) => f.salt),
      ],
    );
  }
  await client.query('UPDATE vehicle_chains SET length = $2, head_hash = $3 WHERE registration = $1', [
    entry.registration,
    entry.position,
    entry.hash,
  ]);
}
