import type { Queryable } from '@sh/shared/server';
import { findGarageByReferralCode } from '../store/find-garage-by-referral-code.js';

/** POST /garages/validate-referral: whether a garage owns this code, and that garage's name. */
export async function validateReferral(
  db: Queryable,
  referralCode: string,
): Promise<{ valid: boolean; referrerName: string | null }> {
  const referrer = await findGarageByReferralCode(db, referralCode);
  return referrer ? { valid: true, referrerName: referrer.name } : { valid: false, referrerName: null };
}
