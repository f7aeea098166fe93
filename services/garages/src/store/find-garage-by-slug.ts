import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/** The garage whose public page is /garages/{slug} (the unique index garages_slug_unique). */
export async function findGarageBySlug(db: Queryable, slug: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(`SELECT ${GARAGE_COLUMNS} FROM garages WHERE slug = $1`, [slug]);
  return rows[0] ?? null;
}
