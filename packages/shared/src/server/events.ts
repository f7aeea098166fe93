import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
export type { Redis };
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  EVENTS,
  EVENT_SUBSCRIBERS,
  eventsFor,
  type TEventEnvelope,
  type TEventName,
  type TEventPayload,
  type TServiceName,
} from '../contract/events.js';
import { startBatchLoop } from './batch-loop.js';
import type { Queryable } from './db.js';

/** The BullMQ queue a service consumes its events from. */
export function queueNameFor(service: TServiceName): string {
  return `events.${service}`;
}

/** Opens a Redis connection fit for BullMQ workers (no per-request retry limit). */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/**
 * Writes an event into the outbox. Call it with the client of the transaction that makes the state
 * change, so that the change and its event commit or roll back together.
 */
export async function writeEvent<N extends TEventName>(db: Queryable, name: N, payload: TEventPayload<N>): Promise<string> {
  const definition = EVENTS[name];
  const parsed = definition.payload.parse(payload);
  const id = randomUUID();
  await db.query('INSERT INTO event_outbox (id, name, version, payload) VALUES ($1, $2, $3, $4)', [
    id,
    name,
    definition.version,
    JSON.stringify(parsed),
  ]);
  return id;
}

/**
 * Drops the events not published yet whose payload field `field` equals `value`, in the caller's transaction:
 * for compensation, when the change they announced is undone before anyone heard of it.
 */
export async function discardUnpublishedEvents(db: Queryable, about: { field: string; value: string }): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM event_outbox WHERE published_at IS NULL AND payload->>$1 = $2', [about.field, about.value]);
  return rowCount ?? 0;
}

export interface RelayOptions {
  pool: pg.Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
}

export interface Relay {
  /** Publishes what is waiting now; resolves with how many events went out. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

const JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  // Completed jobs are kept ten minutes, so a relay re-publishing after a crash is recognised by BullMQ as well
  // as by the consumer's inbox, without leaving payloads (which may carry one-time tokens) in Redis for long.
  removeOnComplete: { age: 600, count: 10_000 },
  removeOnFail: false,
} as const;

/**
 * Publishes outbox rows to every subscriber's queue, job id = event id, then marks them published.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so two relays never publish the same row at once; a relay
 * that dies after publishing but before marking re-publishes on restart, and consumers ignore the repeat.
 */
export function startRelay(options: RelayOptions): Relay {
  const { pool, logger, prefix } = options;
  const pollMs = options.pollMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const connection = createRedis(options.redisUrl);
  const queues = new Map<TServiceName, Queue>();

  const queueFor = (service: TServiceName): Queue => {
    let queue = queues.get(service);
    if (!queue) {
      queue = new Queue(queueNameFor(service), { connection, prefix });
      queues.set(service, queue);
    }
    return queue;
  };

  const publishBatch = async (): Promise<number> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; name: TEventName; version: number; payload: unknown; occurred_at: Date }>(
        `SELECT id, name, version, payload, occurred_at FROM event_outbox
          WHERE published_at IS NULL ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      for (const row of rows) {
        const event = {
          id: row.id,
          name: row.name,
          version: row.version,
          occurredAt: row.occurred_at.toISOString(),
          payload: row.payload,
        } as TEventEnvelope;
        for (const service of EVENT_SUBSCRIBERS[row.name] ?? []) {
          await queueFor(service).add(row.name, event, { ...JOB_OPTIONS, jobId: row.id });
        }
      }
      if (rows.length > 0) {
        await client.query('UPDATE event_outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
      }
      await client.query('COMMIT');
      if (rows.length > 0) logger.debug({ count: rows.length }, 'events published');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  const batches = startBatchLoop({
    runBatch: publishBatch,
    batchSize,
    pollMs,
    onError: (error) => logger.warn({ err: error }, 'outbox relay failed; retrying'),
  });

  return {
    flush: batches.flush,
    async stop() {
      await batches.stop();
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
}

/** Handles one event inside the consumer's transaction; the inbox insert commits with its effects. */
export type EventHandler<N extends TEventName> = (db: pg.PoolClient, event: TEventEnvelope<N>) => Promise<void>;
export type EventHandlers = { [N in TEventName]?: EventHandler<N> };

export interface ConsumerOptions {
  service: TServiceName;
  pool: pg.Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  handlers: EventHandlers;
  concurrency?: number;
}

/** Throw this from a handler for a failure that a retry cannot fix (bad payload, unknown entity for good). */
export class PermanentEventError extends Error {}

/**
 * Applies one event at most once: the event id goes into processed_events in the same transaction as
 * the handler's writes, so a redelivered event finds its id there and changes nothing.
 */
export async function applyEventOnce(
  pool: pg.Pool,
  handlers: EventHandlers,
  event: TEventEnvelope,
): Promise<'applied' | 'duplicate'> {
  const handler = handlers[event.name] as EventHandler<TEventName> | undefined;
  if (!handler) throw new PermanentEventError(`No handler for ${event.name}`);
  const definition = EVENTS[event.name];
  const parsed = definition.payload.safeParse(event.payload);
  if (!parsed.success) throw new PermanentEventError(`Bad payload for ${event.name}: ${parsed.error.message}`);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const inserted = await client.query(
      'INSERT INTO processed_events (event_id, name) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING',
      [event.id, event.name],
    );
    if (inserted.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    await handler(client, { ...event, payload: parsed.data } as TEventEnvelope);
    await client.query('COMMIT');
    return 'applied';
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface Consumer {
  worker: Worker;
  /**
   * Resolves once the service's queue holds no job waiting, delayed or in progress: every event handed to this
   * consumer so far has been handled (or has failed for good). Rejects after `timeoutMs`.
   */
  whenIdle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the service's worker. Fails at once if an event the service subscribes to has no handler. */
export function startConsumer(options: ConsumerOptions): Consumer {
  const missing = eventsFor(options.service).filter((name) => !options.handlers[name]);
  if (missing.length > 0) {
    throw new Error(`${options.service} subscribes to ${missing.join(', ')} but has no handler for it`);
  }
  const connection = createRedis(options.redisUrl);
  const worker = new Worker(
    queueNameFor(options.service),
    async (job: Job<TEventEnvelope>) => {
      try {
        const outcome = await applyEventOnce(options.pool, options.handlers, job.data);
        options.logger.info({ eventId: job.data.id, event: job.data.name, outcome }, 'event consumed');
      } catch (error) {
        if (error instanceof PermanentEventError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    { connection, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('failed', (job, error) => {
    options.logger.error({ eventId: job?.data.id, event: job?.data.name, err: error }, 'event handling failed');
  });
  worker.on('error', (error) => options.logger.warn({ err: error }, 'event worker error'));
  return {
    worker,
    async whenIdle(timeoutMs = 10_000) {
      const queueConnection = createRedis(options.redisUrl);
      const queue = new Queue(queueNameFor(options.service), { connection: queueConnection, prefix: options.prefix });
      try {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
          if (Object.values(counts).every((count) => count === 0)) return;
          if (Date.now() > deadline) throw new Error(`${options.service} consumer still busy after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        await queue.close();
        queueConnection.disconnect();
      }
    },
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
