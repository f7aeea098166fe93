import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/** The garage whose referral code this is. */
export async function findGarageByReferralCode(db: Queryable, referralCode: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(`SELECT ${GARAGE_COLUMNS} FROM garages WHERE referral_code = $1`, [
    referralCode,
  ]);
  return rows[0] ?? null;
}
