import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/** The garage with this id. */
export async function findGarageById(db: Queryable, id: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(`SELECT ${GARAGE_COLUMNS} FROM garages WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
