import type { Queryable } from '@sh/shared/server';
import { DEVELOPMENT_KEY_ID } from './find-development-signing-key.js';

/** Stores the development key unless another process stored one first. */
export async function insertDevelopmentSigningKey(db: Queryable, privateKey: string, publicKey: string): Promise<void> {
  await db.query(
    'INSERT INTO signing_keys (id, private_key, public_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [DEVELOPMENT_KEY_ID, privateKey, publicKey],
  );
}
