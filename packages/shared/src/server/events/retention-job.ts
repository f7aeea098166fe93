/**
 * A service's retention job (docs/product.md#retention): a scheduled job, once across replicas and restarts, that
 * erases what it keeps past its period. The erasing is the service's; it answers how much of each kind it erased.
 */
import type { Logger } from 'pino';
import type { Pool } from '../store/db.js';
import { startScheduledJob, type ScheduledJob } from './scheduled-job.js';

/** How often a retention job runs: a constant, since the periods it enforces are in days and months. */
export const RETENTION_SCAN_INTERVAL_MS = 60 * 60 * 1000;

export function startRetentionJob(options: {
  /** The service whose data it erases: the job is `retention.<service>`. */
  service: string;
  pool: Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  /** Erases what is past its period; answers how many of each kind it erased, e.g. { customerContacts: 3 }. */
  erase: (pool: Pool, now: Date) => Promise<object>;
  everyMs?: number;
  now?: () => Date;
}): ScheduledJob {
  const { pool, logger } = options;
  return startScheduledJob({
    name: `retention.${options.service}`,
    everyMs: options.everyMs ?? RETENTION_SCAN_INTERVAL_MS,
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger,
    run: async () => {
      const erased = await options.erase(pool, options.now?.() ?? new Date());
      if (Object.values(erased).some((count) => typeof count === 'number' && count > 0))
        logger.info(erased, 'personal data past its retention period erased');
    },
  });
}
