import type { Queryable } from '@sh/shared/server';
import { GARAGE_RECORD_SELECT, type GarageRecordRow } from './garage-record-row.js';

/** One record of a garage, with its receipt; null when it is not that garage's. */
export async function findGarageRecord(
  db: Queryable,
  garageId: string,
  recordId: string,
): Promise<GarageRecordRow | null> {
  const { rows } = await db.query<GarageRecordRow>(`${GARAGE_RECORD_SELECT} WHERE r.id = $1 AND r.garage_id = $2`, [
    recordId,
    garageId,
  ]);
  return rows[0] ?? null;
}
