import { writeEvent, type PoolClient } from '@sh/shared/server';
import type { GarageRow } from '../store/garage-row.js';

/** Writes garage.registered into the outbox, in the transaction that stored the garage. */
export async function publishGarageRegistered(client: PoolClient, garage: GarageRow): Promise<void> {
  await writeEvent(client, 'garage.registered', {
    garageId: garage.id,
    name: garage.name,
    address: garage.address,
    email: garage.email,
    phone: garage.phone,
    fullName: garage.full_name,
    referralCode: garage.referral_code,
    referredBy: garage.referred_by,
    slug: garage.slug,
  });
}
