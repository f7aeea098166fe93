import { startScheduledJob, type Logger, type Pool, type ScheduledJob } from '@sh/shared/server';
import { eraseExpiredPersonalData } from '../store/erase-expired-personal-data.js';

/** How often the retention job runs: a constant, since the periods it enforces are in days and months. */
export const RETENTION_SCAN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The retention job (docs/product.md#retention): a scheduled job, once across replicas and restarts, that erases the
 * mail addresses, contact messages, callback requests, reminder offers and unsubscribed reminders past their period.
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
    name: 'retention.notifications',
    everyMs: options.everyMs ?? RETENTION_SCAN_INTERVAL_MS,
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger,
    run: async () => {
      const erased = await eraseExpiredPersonalData(pool, options.now?.() ?? new Date());
      if (Object.values(erased).some((count) => count > 0))
        logger.info(erased, 'personal data past its retention period erased');
    },
  });
}
