import type { Queryable } from '@sh/shared/server';
import { DEVELOPMENT_SIGNING_KEY_ID } from './development-signing-key-id.js';

/** The stored development key pair, if one was made before. */
export async function findDevelopmentSigningKeys(
  db: Queryable,
): Promise<{ privateKey: string; publicKey: string } | null> {
  const { rows } = await db.query<{ private_key: string; public_key: string }>(
    'SELECT private_key, public_key FROM signing_keys WHERE id = $1',
    [DEVELOPMENT_SIGNING_KEY_ID],
  );
  const row = rows[0];
  return row ? { privateKey: row.private_key, publicKey: row.public_key } : null;
}
