import type { Queryable } from '@sh/shared/server';
import { findGarageByReferralCode } from './find-garage-by-referral-code.js';
import { findGarageDuplicates } from './find-garage-duplicates.js';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

export interface NewGarage {
  id: string;
  name: string;
  companyName: string;
  companyNumber: string;
  email: string;
  phone: string;
  address: string;
  fullName: string;
  referralCode: string;
  referredBy: string | null;
}

/** The stored garage, or which unique detail another garage already has (nothing was inserted). */
export type InsertGarageResult =
  { outcome: 'inserted'; garage: GarageRow } | { outcome: 'email_taken' | 'company_taken' | 'referral_code_taken' };

/**
 * Inserts a garage unless another garage has its e-mail, company number or referral code. The unique indexes
 * decide (ON CONFLICT DO NOTHING waits for a competing insert to commit or roll back), so two simultaneous
 * signups cannot both succeed; then the committed rival is read to say which detail it took, e-mail first.
 */
export async function insertGarage(db: Queryable, garage: NewGarage): Promise<InsertGarageResult> {
  const { rows } = await db.query<GarageRow>(
    `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code, referred_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT DO NOTHING
     RETURNING ${GARAGE_COLUMNS}`,
    [
      garage.id,
      garage.name,
      garage.companyName,
      garage.companyNumber,
      garage.email,
      garage.phone,
      garage.address,
      garage.fullName,
      garage.referralCode,
      garage.referredBy,
    ],
  );
  if (rows[0]) return { outcome: 'inserted', garage: rows[0] };
  const duplicates = await findGarageDuplicates(db, garage.email, garage.companyNumber);
  if (duplicates.hasEmailDuplicate) return { outcome: 'email_taken' };
  if (duplicates.hasCompanyDuplicate) return { outcome: 'company_taken' };
  if (await findGarageByReferralCode(db, garage.referralCode)) return { outcome: 'referral_code_taken' };
  throw new Error(
    `garage ${garage.id} was not inserted, yet no garage holds its e-mail, company number or referral code`,
  );
}
