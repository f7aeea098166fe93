import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/** Sets a garage's phone; answers the updated garage, or null when there is no such garage. */
export async function updateGaragePhone(db: Queryable, id: string, phone: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(
    `UPDATE garages SET phone = $2, updated_at = now() WHERE id = $1 RETURNING ${GARAGE_COLUMNS}`,
    [id, phone],
  );
  return rows[0] ?? null;
}
