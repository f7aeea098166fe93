import type { Queryable } from '@sh/shared/server';

const DEV_KEY_ID = 'development';

/** The stored development private key (PEM), if one was made before. */
export async function findDevelopmentSigningKey(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ private_key: string }>('SELECT private_key FROM signing_keys WHERE id = $1', [DEV_KEY_ID]);
  return rows[0]?.private_key ?? null;
}

/** Stores the development key unless another process stored one first. */
export async function insertDevelopmentSigningKey(db: Queryable, privateKey: string, publicKey: string): Promise<void> {
  await db.query('INSERT INTO signing_keys (id, private_key, public_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
    DEV_KEY_ID,
    privateKey,
    publicKey,
  ]);
}
