import type { PoolClient } from '@sh/shared/server';

/**
 * Claims an Idempotency-Key for a record about to be stored. A key already used answers the record it made (a
 * concurrent claim of the same key waits for the first transaction, then sees its record).
 */
export async function claimIdempotencyKey(
  client: PoolClient,
  claim: { garageId: string; key: string; fingerprint: string; recordId: string },
): Promise<{ outcome: 'claimed' } | { outcome: 'used'; recordId: string; fingerprint: string }> {
  const inserted = await client.query(
    `INSERT INTO idempotency_keys (garage_id, key, request_fingerprint, record_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (garage_id, key) DO NOTHING`,
    [claim.garageId, claim.key, claim.fingerprint, claim.recordId],
  );
  if (inserted.rowCount === 1) return { outcome: 'claimed' };
  const { rows } = await client.query<{ record_id: string; request_fingerprint: string }>(
    'SELECT record_id, request_fingerprint FROM idempotency_keys WHERE garage_id = $1 AND key = $2',
    [claim.garageId, claim.key],
  );
  const row = rows[0]!;
  return { outcome: 'used', recordId: row.record_id, fingerprint: row.request_fingerprint };
}
