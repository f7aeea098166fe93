/**
 * The gauges of a service's events, read when Prometheus scrapes (docs/operations.md#metrics): its outbox (how many
 * events wait to be published, and how long the oldest has waited: the outbox lag) and its own queue (jobs by state;
 * the failed ones are its dead letters).
 */
import { Queue } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { TServiceName } from '../../contract/events.js';
import { registerScrapeGauge } from '../metrics.js';
import { queueNameFor } from './queues.js';
import { createRequestRedis } from './redis-connections.js';

/** The states of a queue's jobs counted in event_queue_jobs. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

export interface EventMetrics {
  close(): Promise<void>;
}

/** Registers the outbox gauges, and the queue gauges when `consumes` names the service's queue. */
export function registerEventMetrics(options: {
  pool: pg.Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  consumes?: TServiceName;
}): EventMetrics {
  const { pool, logger } = options;
  const outbox = async () => {
    const { rows } = await pool.query<{ waiting: number; lag: number }>(
      `SELECT count(*)::int AS waiting, coalesce(extract(epoch FROM now() - min(occurred_at)), 0)::float8 AS lag
         FROM event_outbox WHERE published_at IS NULL`,
    );
    return rows[0]!;
  };
  registerScrapeGauge({
    name: 'outbox_unpublished_events',
    help: 'Events written to the outbox and not yet published.',
    logger,
    collect: async (gauge) => gauge.set((await outbox()).waiting),
  });
  registerScrapeGauge({
    name: 'outbox_lag_seconds',
    help: 'How long the oldest event not yet published has waited in the outbox (0 when none waits).',
    logger,
    collect: async (gauge) => gauge.set((await outbox()).lag),
  });
  if (!options.consumes) return { close: async () => undefined };

  const queueName = queueNameFor(options.consumes);
  const connection = createRequestRedis(options.redisUrl, { commandTimeoutMs: 2000 });
  const queue = new Queue(queueName, { connection, prefix: options.prefix });
  queue.on('error', () => undefined); // a scrape while Redis is away leaves the gauges empty (registerScrapeGauge)
  registerScrapeGauge({
    name: 'event_queue_jobs',
    help: "Jobs in this service's event queue, by state.",
    labelNames: ['queue', 'state'] as const,
    logger,
    async collect(gauge) {
      const counts = await queue.getJobCounts(...QUEUE_STATES);
      for (const state of QUEUE_STATES) gauge.set({ queue: queueName, state }, counts[state] ?? 0);
    },
  });
  registerScrapeGauge({
    name: 'event_dead_letters',
    help: "Events that failed for good and wait in this service's dead-letter set (npm run events:replay).",
    labelNames: ['queue'] as const,
    logger,
    collect: async (gauge) => gauge.set({ queue: queueName }, (await queue.getJobCounts('failed')).failed ?? 0),
  });
  return {
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}
