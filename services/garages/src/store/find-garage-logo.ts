import type { Queryable } from '@sh/shared/server';

/** A garage's stored logo: the re-encoded image, its media type and when it last changed. */
export interface StoredLogo {
  logo: Buffer;
  logo_type: 'image/png' | 'image/webp';
  logo_updated_at: Date;
}

/** The logo of the garage with this slug, or null when it has none (or there is no such garage). */
export async function findGarageLogo(db: Queryable, slug: string): Promise<StoredLogo | null> {
  const { rows } = await db.query<StoredLogo>(
    'SELECT logo, logo_type, logo_updated_at FROM garages WHERE slug = $1 AND logo IS NOT NULL',
    [slug],
  );
  return rows[0] ?? null;
}
