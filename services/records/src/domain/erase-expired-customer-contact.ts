import { RETENTION } from '@sh/shared/contract';
import type { Pool } from '@sh/shared/server';
import { eraseExpiredCustomerContact } from '../store/erase-expired-customer-contact.js';

const BATCH = 500;

/** The moment before which a record's customer contact is past its period (RETENTION.customerContactMonths). */
export function customerContactCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION.customerContactMonths);
  return cutoff;
}

/**
 * Erases every customer contact past its period, a batch per transaction (the retention job's work, in the kit's
 * startRetentionJob); answers how many records it erased.
 */
export async function eraseCustomerContactPastRetention(
  pool: Pool,
  now: Date = new Date(),
): Promise<{ customerContacts: number }> {
  const cutoff = customerContactCutoff(now);
  let erased = 0;
  for (;;) {
    const batch = await eraseExpiredCustomerContact(pool, cutoff, BATCH);
    erased += batch;
    if (batch < BATCH) return { customerContacts: erased };
  }
}
