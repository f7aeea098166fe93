import type { Queryable } from '@sh/shared/server';

/** The development key pair kept in the database. */
const DEV_KEY_ID = 'development';

/** The stored development key pair, if one was made before. */
export async function findDevelopmentSigningKeys(db: Queryable): Promise<{ privateKey: string; publicKey: string } | null> {
  const { rows } = await db.query<{ private_key: string; public_key: string }>(
    'SELECT private_key, public_key FROM signing_keys WHERE id = $1',
    [DEV_KEY_ID],
  );
  const row = rows[0];
  return row ? { privateKey: row.private_key, publicKey: row.public_key } : null;
}

/** Stores a development key pair unless another process stored one first. */
export async function insertDevelopmentSigningKeys(db: Queryable, keys: { privateKey: string; publicKey: string }): Promise<void> {
  await db.query('INSERT INTO signing_keys (id, private_key, public_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
    DEV_KEY_ID,
    keys.privateKey,
    keys.publicKey,
  ]);
}
