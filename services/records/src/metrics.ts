/**
 * Records' own metrics (docs/operations.md#metrics): the database each lookup miss read, and gauges read when
 * Prometheus scrapes: what is left today of the DVLA and DVSA allowances, the transparency log's size, and how long ago
 * its latest checkpoint was signed.
 */
import {
  allowanceUsedToday,
  registerCounter,
  registerScrapeGauge,
  type Logger,
  type Queryable,
  type Redis,
} from '@sh/shared/server';
import { findLogSize } from './store/find-log-size.js';

/** Why a lookup miss read the database it read (domain/read-misses.ts). */
export type MissReadReason =
  'caught_up' | 'no_replica' | 'position_unknown' | 'replica_behind' | 'replica_away' | 'replica_failed';

/** Lookups records answered (none was published in Redis), by the database read and why. */
export const lookupMissReads = registerCounter({
  name: 'lookup_miss_reads_total',
  help: 'Lookups records answered (none was published), by the database read (primary, replica) and why.',
  labelNames: ['database', 'reason'] as const,
});

export interface AllowanceOfSource {
  source: 'dvla' | 'dvsa';
  /** The key of its token bucket (createTokenBucketLimiter). */
  key: string;
  perDay: number;
}

export function registerRecordsMetrics(options: {
  pool: Queryable;
  redis: Redis;
  allowances: readonly AllowanceOfSource[];
  logger: Logger;
}): void {
  const { pool, redis, logger } = options;
  registerScrapeGauge({
    name: 'outside_allowance_left_today',
    help: "Calls left today of an outside source's daily allowance (DVLA, DVSA), across every records instance.",
    labelNames: ['source'] as const,
    logger,
    async collect(gauge) {
      for (const { source, key, perDay } of options.allowances) {
        gauge.set({ source }, Math.max(0, perDay - (await allowanceUsedToday(redis, key))));
      }
    },
  });
  registerScrapeGauge({
    name: 'transparency_log_size',
    help: 'Entries in the transparency log, as last committed.',
    logger,
    collect: async (gauge) => gauge.set(await findLogSize(pool)),
  });
  const latestCheckpoint = async () => {
    const { rows } = await pool.query<{ age: number | null; size: string | null }>(
      `SELECT extract(epoch FROM now() - issued_at)::float8 AS age, tree_size AS size
         FROM log_checkpoints ORDER BY tree_size DESC LIMIT 1`,
    );
    return rows[0];
  };
  // Checkpoints are signed only while the log grows (LOG_CHECKPOINT_INTERVAL_MS): an old one is a fault only when the
  // log is larger than it (the alert in deploy/k8s/base/monitoring.yaml).
  registerScrapeGauge({
    name: 'transparency_log_checkpoint_age_seconds',
    help: "How long ago the log's latest checkpoint was signed (absent before the first).",
    logger,
    async collect(gauge) {
      const latest = await latestCheckpoint();
      if (latest?.age != null) gauge.set(latest.age);
    },
  });
  registerScrapeGauge({
    name: 'transparency_log_checkpoint_size',
    help: 'The size of the log the latest checkpoint signs (0 before the first).',
    logger,
    collect: async (gauge) => gauge.set(Number((await latestCheckpoint())?.size ?? 0)),
  });
}
