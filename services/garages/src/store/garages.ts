import type { Queryable } from '@sh/shared/server';

export interface GarageRow {
  id: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  full_name: string;
  referral_code: string;
  referred_by: string | null;
  subscription_status: 'inactive' | 'trialing' | 'active' | 'past_due' | 'canceled';
  stripe_customer_id: string | null;
  subscription_id: string | null;
  subscription_state_at: number | null;
  created_at: Date;
}

const GARAGE_COLUMNS = `id, name, address, email, phone, full_name, referral_code, referred_by, subscription_status,
  stripe_customer_id, subscription_id, subscription_state_at, created_at`;

/** The unique indexes a garage insert can violate, by name (Postgres reports the constraint). */
export const GARAGE_UNIQUE_CONSTRAINTS = {
  email: 'garages_email_unique',
  companyNumber: 'garages_company_number_unique',
} as const;

/** The garage with this id. */
export async function findGarageById(db: Queryable, id: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(`SELECT ${GARAGE_COLUMNS} FROM garages WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The garage whose referral code this is. */
export async function findGarageByReferralCode(db: Queryable, referralCode: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(`SELECT ${GARAGE_COLUMNS} FROM garages WHERE referral_code = $1`, [referralCode]);
  return rows[0] ?? null;
}

/** Whether a garage already has this e-mail, and whether one already has this company number. */
export async function findDuplicates(
  db: Queryable,
  email: string,
  companyNumber: string,
): Promise<{ hasEmailDuplicate: boolean; hasCompanyDuplicate: boolean }> {
  const { rows } = await db.query<{ has_email: boolean; has_company: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM garages WHERE email = $1) AS has_email,
            EXISTS (SELECT 1 FROM garages WHERE companies_house_number = $2) AS has_company`,
    [email, companyNumber],
  );
  return { hasEmailDuplicate: rows[0]!.has_email, hasCompanyDuplicate: rows[0]!.has_company };
}

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

/**
 * Inserts a garage unless its referral code is taken (then answers null so the caller can draw another code).
 * A taken e-mail or company number raises Postgres' unique violation on its named index.
 */
export async function insertGarage(db: Queryable, garage: NewGarage): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(
    `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code, referred_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (referral_code) DO NOTHING
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
  return rows[0] ?? null;
}

/** Sets a garage's phone; answers the updated garage, or null when there is no such garage. */
export async function updateGaragePhone(db: Queryable, id: string, phone: string): Promise<GarageRow | null> {
  const { rows } = await db.query<GarageRow>(
    `UPDATE garages SET phone = $2, updated_at = now() WHERE id = $1 RETURNING ${GARAGE_COLUMNS}`,
    [id, phone],
  );
  return rows[0] ?? null;
}

/**
 * Stores a garage's subscription state unless a newer one is already held (stateAt in unix milliseconds), so
 * events applied out of order end in the newest state. Ids that an event leaves null keep their value.
 */
export async function updateGarageSubscription(
  db: Queryable,
  change: { garageId: string; status: GarageRow['subscription_status']; customerId: string | null; subscriptionId: string | null; stateAt: number },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE garages
        SET subscription_status = $2,
            stripe_customer_id = COALESCE($3, stripe_customer_id),
            subscription_id = COALESCE($4, subscription_id),
            subscription_state_at = $5,
            updated_at = now()
      WHERE id = $1 AND (subscription_state_at IS NULL OR subscription_state_at <= $5)`,
    [change.garageId, change.status, change.customerId, change.subscriptionId, change.stateAt],
  );
  return (result.rowCount ?? 0) > 0;
}
