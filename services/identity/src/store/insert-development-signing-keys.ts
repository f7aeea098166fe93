import type { Queryable } from '@sh/shared/server';
import { DEVELOPMENT_SIGNING_KEY_ID } from './development-signing-key-id.js';

/** Stores a development key pair unless another process stored one first. */
export async function insertDevelopmentSigningKeys(
  db: Queryable,
  keys: { privateKey: string; publicKey: string },
): Promise<void> {
  await db.query(
    'INSERT INTO signing_keys (id, private_key, public_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [DEVELOPMENT_SIGNING_KEY_ID, keys.privateKey, keys.publicKey],
  );
}
