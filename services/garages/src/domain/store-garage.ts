import { withTransaction, type Pool, type PoolClient } from '@sh/shared/server';
import { publishGarageRegistered } from '../events/publish-garage-registered.js';
import type { GarageRow } from '../store/garage-row.js';
import { insertGarage, type NewGarage } from '../store/insert-garage.js';
import { generateReferralCode } from './referral-code.js';

/** How many fresh referral codes to draw when one is taken (a collision is already a one-in-a-billion event). */
const REFERRAL_CODE_ATTEMPTS = 5;

/** The stored garage, or which of its details another garage took first (nothing was stored). */
export type StoreGarageResult = { outcome: 'stored'; garage: GarageRow } | { outcome: 'email_taken' | 'company_taken' };

/**
 * Stores a new garage with a fresh referral code and announces garage.registered, in one transaction: both
 * commit or neither does.
 */
export async function storeGarage(pool: Pool, garage: Omit<NewGarage, 'referralCode'>): Promise<StoreGarageResult> {
  return withTransaction(pool, async (client) => {
    const stored = await insertWithFreshReferralCode(client, garage);
    if (stored.outcome === 'stored') await publishGarageRegistered(client, stored.garage);
    return stored;
  });
}

/** Inserts the garage with a new referral code, drawing another when the code is already taken. */
async function insertWithFreshReferralCode(
  client: PoolClient,
  garage: Omit<NewGarage, 'referralCode'>,
): Promise<StoreGarageResult> {
  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const inserted = await insertGarage(client, { ...garage, referralCode: generateReferralCode() });
    if (inserted.outcome === 'inserted') return { outcome: 'stored', garage: inserted.garage };
    if (inserted.outcome !== 'referral_code_taken') return { outcome: inserted.outcome };
  }
  throw new Error(`no free referral code after ${REFERRAL_CODE_ATTEMPTS} attempts`);
}
