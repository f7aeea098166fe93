import type { Queryable } from '@sh/shared/server';

/** The id of the one development key row in signing_keys. */
export const DEVELOPMENT_KEY_ID = 'development';

/** The stored development private key (PEM), if one was made before. */
export async function findDevelopmentSigningKey(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ private_key: string }>('SELECT private_key FROM signing_keys WHERE id = $1', [
    DEVELOPMENT_KEY_ID,
  ]);
  return rows[0]?.private_key ?? null;
}
