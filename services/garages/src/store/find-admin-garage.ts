import type { Queryable } from '@sh/shared/server';
import { ADMIN_GARAGE_SELECT, type AdminGarageRow } from './admin-garage-row.js';

/** One garage as the admin's list shows it. */
export async function findAdminGarage(db: Queryable, garageId: string): Promise<AdminGarageRow | null> {
  const { rows } = await db.query<AdminGarageRow>(`${ADMIN_GARAGE_SELECT} WHERE g.id = $1`, [garageId]);
  return rows[0] ?? null;
}
