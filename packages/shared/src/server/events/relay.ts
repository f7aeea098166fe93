/**
 * The outbox relay: publishes a service's outbox rows to every subscriber's queue, claiming them first so that two
 * replicas rarely publish the same row, and trying again later whatever Redis does.
 */
import type { JobsOptions } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  EVENTS,
  EVENT_SUBSCRIBERS,
  type TEventEnvelope,
  type TEventName,
  type TServiceName,
} from '../../contract/events.js';
import { startBatchLoop } from '../batch-loop.js';
import { eventsPublished } from '../metrics.js';
import { withTimeout } from '../timeout.js';
import { envelopeOf, type OutboxRow } from './outbox.js';
import { eventJobOptions, openServiceQueues } from './queues.js';
import { createRequestRedis, untilReady } from './redis-connections.js';

export interface RelayOptions {
  pool: pg.Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** How long publishing one batch to Redis may take before the relay gives up and tries again later (5 s). */
  publishTimeoutMs?: number;
  /** How long the rows a relay claimed stay its own before another relay may take them over (60 s). */
  claimMs?: number;
}

export interface Relay {
  /** Publishes what is waiting now; resolves with how many events went out. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/** The events that count as delivered once published: those no service subscribes to. */
const DELIVERED_ONCE_PUBLISHED = (Object.keys(EVENTS) as TEventName[]).filter(
  (name) => (EVENT_SUBSCRIBERS[name] ?? []).length === 0,
);

/**
 * Publishes outbox rows to every subscriber's queue, job id = event id, then marks them published. No transaction
 * is open while Redis is called: rows are first claimed for `claimMs` in one short statement (so that two relays
 * rarely publish the same row), then published (without their secret fields, envelopeOf), then marked in another;
 * the reconciler drops the secret fields from the row once every subscriber's job was seen completed. A relay that
 * dies or gives up between publishing and marking leaves the claim to expire and the row is published again:
 * BullMQ ignores a job id it holds, and consumers ignore an event id they have applied. A job that Redis loses
 * after the row is marked (a restart without its data, a failover) is published again by the reconciler
 * (reconciler.ts).
 */
export function startRelay(options: RelayOptions): Relay {
  const { pool, logger, prefix } = options;
  const pollMs = options.pollMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5000;
  const claimMs = Math.max(options.claimMs ?? 60_000, publishTimeoutMs * 2);
  const connection = createRequestRedis(options.redisUrl, { commandTimeoutMs: publishTimeoutMs });
  const queues = openServiceQueues(connection, prefix); // a queue's errors are reported by the batch that failed

  const claimBatch = async (): Promise<OutboxRow[]> => {
    const { rows } = await pool.query<OutboxRow>(
      `UPDATE event_outbox SET claimed_until = now() + $2 * interval '1 millisecond'
        WHERE id IN (SELECT id FROM event_outbox
                      WHERE published_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
                      ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, name, version, payload, occurred_at, trace_parent`,
      [batchSize, claimMs],
    );
    return rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id.localeCompare(b.id));
  };

  const publish = async (rows: OutboxRow[]): Promise<void> => {
    const jobsByService = new Map<TServiceName, Array<{ name: string; data: TEventEnvelope; opts: JobsOptions }>>();
    for (const row of rows) {
      const event = envelopeOf(row);
      for (const service of EVENT_SUBSCRIBERS[row.name] ?? []) {
        const jobs = jobsByService.get(service) ?? [];
        // The job carries the trace of the request that wrote the event to the consumer (tracing.ts).
        const opts = row.trace_parent
          ? { ...eventJobOptions(row.id), telemetry: { metadata: row.trace_parent } }
          : eventJobOptions(row.id);
        jobs.push({ name: row.name, data: event, opts });
        jobsByService.set(service, jobs);
      }
    }
    // BullMQ waits for a connection to be ready before its first command, however long that takes: ask only a
    // connection that is, so that calls do not pile up while Redis is away.
    await untilReady(connection, publishTimeoutMs);
    const adding = Promise.all([...jobsByService].map(([service, jobs]) => queues.queueOf(service).addBulk(jobs)));
    await withTimeout(adding, publishTimeoutMs, 'Redis');
  };

  const publishBatch = async (): Promise<number> => {
    const rows = await claimBatch();
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    try {
      await publish(rows);
    } catch (error) {
      await pool
        .query('UPDATE event_outbox SET claimed_until = NULL WHERE id = ANY($1::uuid[]) AND published_at IS NULL', [
          ids,
        ])
        .catch(() => undefined);
      throw error;
    }
    await pool.query(
      `UPDATE event_outbox
          SET published_at = now(), claimed_until = NULL, delivered_at = CASE WHEN name = ANY($2::text[]) THEN now() END
        WHERE id = ANY($1::uuid[])`,
      [ids, DELIVERED_ONCE_PUBLISHED],
    );
    for (const row of rows) eventsPublished.inc({ event: row.name });
    logger.debug({ count: rows.length }, 'events published');
    return rows.length;
  };

  const batches = startBatchLoop({
    runBatch: publishBatch,
    batchSize,
    pollMs,
    onError: (error) =>
      logger.warn({ err: error }, 'outbox relay could not publish; its events wait in the outbox and it tries again'),
  });

  return {
    flush: batches.flush,
    async stop() {
      await batches.stop();
      await queues.close();
      connection.disconnect();
    },
  };
}
