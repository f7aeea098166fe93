import type { Queryable } from '@sh/shared/server';

/**
 * Records a signing key in the key history, once however many replicas start with it at the same moment; fills in
 * the public half of a key the history knew only by id (one that signed before the history was kept).
 */
export async function registerSigningKey(db: Queryable, key: { keyId: string; publicKeyPem: string }): Promise<void> {
  await db.query(
    `INSERT INTO signing_key_history (key_id, public_key) VALUES ($1, $2)
     ON CONFLICT (key_id) DO UPDATE SET public_key = EXCLUDED.public_key WHERE signing_key_history.public_key IS NULL`,
    [key.keyId, key.publicKeyPem],
  );
}
