import { RETENTION } from '@sh/shared/contract';
import { startScheduledJob, type Logger, type Pool, type ScheduledJob } from '@sh/shared/server';
import { eraseExpiredCustomerContact } from '../store/erase-expired-customer-contact.js';

/** How often the retention job runs: a constant, since the period it enforces is in months. */
export const RETENTION_SCAN_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 500;

/** The moment before which a record's customer contact is past its period (RETENTION.customerContactMonths). */
export function customerContactCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION.customerContactMonths);
  return cutoff;
}

/** Erases every customer contact past its period, a batch per transaction; answers how many records it erased. */
export async function eraseCustomerContactPastRetention(pool: Pool, now: Date = new Date()): Promise<number> {
  const cutoff = customerContactCutoff(now);
  let erased = 0;
  for (;;) {
    const batch = await eraseExpiredCustomerContact(pool, cutoff, BATCH);
    erased += batch;
    if (batch < BATCH) return erased;
  }
}

/**
 * The retention job (docs/product.md#retention): a scheduled job, once across replicas and restarts, that erases the
 * customer's e-mail and phone from records logged more than RETENTION.customerContactMonths ago.
 */
export function startRetentionJob(options: {
  pool: Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  everyMs?: number;
  now?: () => Date;
}): ScheduledJob {
  const { pool, logger } = options;
  return startScheduledJob({
    name: 'retention.records',
    everyMs: options.everyMs ?? RETENTION_SCAN_INTERVAL_MS,
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger,
    run: async () => {
      const erased = await eraseCustomerContactPastRetention(pool, options.now?.());
      if (erased > 0) logger.info({ erased }, 'customer contact past its retention period erased');
    },
  });
}
