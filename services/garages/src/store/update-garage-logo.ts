import type { Queryable } from '@sh/shared/server';
import type { StoredLogo } from './find-garage-logo.js';

/** Replaces a garage's logo with an image already re-encoded; answers when it changed, or null for no such garage. */
export async function updateGarageLogo(
  db: Queryable,
  id: string,
  image: { data: Buffer; type: StoredLogo['logo_type'] },
): Promise<Date | null> {
  const { rows } = await db.query<{ logo_updated_at: Date }>(
    `UPDATE garages SET logo = $2, logo_type = $3, logo_updated_at = now(), updated_at = now() WHERE id = $1
     RETURNING logo_updated_at`,
    [id, image.data, image.type],
  );
  return rows[0]?.logo_updated_at ?? null;
}
