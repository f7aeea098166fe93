import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/** Sets the opening hours and services of a garage's public page; null when there is no such garage. */
export async function updateGarageDetails(
  db: Queryable,
  id: string,
  details: { openingHours: string; servicesOffered: string },
): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(
    `UPDATE garages SET opening_hours = $2, services_offered = $3, updated_at = now() WHERE id = $1
     RETURNING ${GARAGE_COLUMNS}`,
    [id, details.openingHours, details.servicesOffered],
  );
  return rows[0] ?? null;
}
