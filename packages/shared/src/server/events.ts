import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
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
import { callInternal } from './auth.js';
import type { Queryable } from './store/db.js';
import { withTimeout } from './timeout.js';

/** The BullMQ queue a service consumes its events from. */
export function queueNameFor(service: TServiceName): string {
  return `events.${service}`;
}

/**
 * Opens a Redis connection fit for BullMQ workers: a command waits for as long as Redis is away. Never use it on
 * a request path (see createRequestRedis).
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/**
 * Opens a Redis connection for request paths, readiness checks and the relay: while Redis is away a command fails
 * after `commandTimeoutMs` (default 300 ms) instead of waiting for it to come back, so the caller can carry on
 * without it. The connection keeps reconnecting in the background. With `autoPipelining`, the commands of one tick
 * of the event loop go out in one write (under load, one syscall for many requests' commands, not one each); not
 * for a connection handed to BullMQ.
 */
export function createRequestRedis(
  url: string,
  options: { commandTimeoutMs?: number; autoPipelining?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    enableAutoPipelining: options.autoPipelining ?? false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 300,
    connectTimeout: 2000,
    enableReadyCheck: true,
    lazyConnect: false,
  });
  // Each failed command reports itself to its caller; without a listener ioredis prints every reconnect attempt.
  redis.on('error', () => undefined);
  return redis;
}

/** Each event's definition, typed so that a secret field must name a field of its event's payload. */
const DEFINITIONS: {
  readonly [N in TEventName]: {
    version: number;
    payload: (typeof EVENTS)[N]['payload'];
    secretFields?: readonly (keyof TEventPayload<N> & string)[];
  };
} = EVENTS;

/** The payload fields of an event that must not outlive its delivery (its definition's secretFields). */
export function secretFieldsOf(name: TEventName): readonly string[] {
  return DEFINITIONS[name].secretFields ?? [];
}

/** The services that consume at least one event, and so have a queue. */
export const CONSUMING_SERVICES: readonly TServiceName[] = [...new Set(Object.values(EVENT_SUBSCRIBERS).flat())].sort();

/**
 * How a consumer retries an event whose handler failed: waits double from `baseDelayMs` up to `maxDelayMs`, for
 * `attempts` attempts in all; what still fails lands in the dead-letter set (the queue's failed jobs).
 */
export interface EventRetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  attempts: number;
}

/**
 * About 28 hours of retries: twelve waits doubling from 1 s to 34 min (68 min in all), then 27 waits of an hour.
 * A consumer that is down for a day still gets every event.
 */
export const EVENT_RETRY: EventRetryPolicy = { baseDelayMs: 1000, maxDelayMs: 3_600_000, attempts: 40 };

/** The BullMQ backoff type of event jobs: the consumer's policy decides the waits and when to give up. */
export const EVENT_BACKOFF_TYPE = 'event-retry';

/** How many attempts a job allows at most; a consumer's policy stops it earlier (eventRetryDelayMs answers -1). */
const JOB_ATTEMPTS_CEILING = 10_000;

/** How long to wait after `attemptsMade` failed attempts, or -1 once the policy's attempts are spent. */
export function eventRetryDelayMs(attemptsMade: number, policy: EventRetryPolicy): number {
  if (attemptsMade >= Math.min(policy.attempts, JOB_ATTEMPTS_CEILING)) return -1;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attemptsMade - 1));
}

/**
 * The options of the job that carries event `eventId` to one queue. Failed jobs stay (the dead-letter set);
 * delivered ones stay ten minutes, so that a relay re-publishing after a crash is recognised by BullMQ as well as
 * by the consumer's inbox, and so that the reconciler sees them completed. No job carries a secret field (envelopeOf),
 * so an event that has some is kept like any other.
 */
export function eventJobOptions(eventId: string): JobsOptions {
  return {
    jobId: eventId,
    attempts: JOB_ATTEMPTS_CEILING,
    backoff: { type: EVENT_BACKOFF_TYPE },
    removeOnComplete: { age: 600, count: 10_000 },
    removeOnFail: false,
    stackTraceLimit: 3,
  };
}

/**
 * Writes an event into the outbox. Call it with the client of the transaction that makes the state
 * change, so that the change and its event commit or roll back together.
 */
export async function writeEvent<N extends TEventName>(
  db: Queryable,
  name: N,
  payload: TEventPayload<N>,
): Promise<string> {
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
export async function discardUnpublishedEvents(
  db: Queryable,
  about: { field: string; value: string },
): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM event_outbox WHERE published_at IS NULL AND payload->>$1 = $2', [
    about.field,
    about.value,
  ]);
  return rowCount ?? 0;
}

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

/** Resolves once `redis` is connected and ready, or rejects after `ms`. */
export async function untilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  let onReady: (() => void) | undefined;
  try {
    await withTimeout(new Promise<void>((resolve) => redis.once('ready', (onReady = resolve))), ms, 'Redis');
  } finally {
    if (onReady) redis.off('ready', onReady);
  }
}

/** An outbox row as the relay, the reconciler and a replay read it. */
export interface OutboxRow {
  id: string;
  name: TEventName;
  version: number;
  payload: unknown;
  occurred_at: Date;
}

/**
 * The event an outbox row holds, as its jobs carry it: without its secret fields. A secret never rides in a job; the
 * consumer asks the publisher for it (readEventSecrets, over GET /internal/events/{id}/secret) when it applies the
 * event, and the publisher drops it from the row once every subscriber's job was seen completed (the reconciler).
 */
export function envelopeOf(row: OutboxRow): TEventEnvelope {
  const payload = { ...(row.payload as Record<string, unknown>) };
  for (const field of secretFieldsOf(row.name)) delete payload[field];
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    occurredAt: row.occurred_at.toISOString(),
    payload,
  } as TEventEnvelope;
}

/** Whether the event's payload lacks a secret field of its definition, which its consumer must then fetch. */
export function lacksSecretFields(event: TEventEnvelope): boolean {
  return secretFieldsOf(event.name).some((field) => !(field in (event.payload as object)));
}

/**
 * The secret fields of an event its subscribers have not all completed yet, as its publisher's outbox holds
 * them; null when there is no such event, it has no secret fields, or they were dropped (delivered to every
 * subscriber). Served to consumers by the publisher's GET /internal/events/{id}/secret (internal token only).
 */
export async function readEventSecrets(db: Queryable, eventId: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ name: TEventName; payload: Record<string, unknown> }>(
    // Not "published_at IS NOT NULL": a consumer may take the job before the relay has marked its row.
    'SELECT name, payload FROM event_outbox WHERE id = $1 AND delivered_at IS NULL',
    [eventId],
  );
  const row = rows[0];
  const fields = row && EVENTS[row.name] ? secretFieldsOf(row.name) : [];
  if (!row || fields.length === 0 || !fields.every((field) => field in row.payload)) return null;
  return Object.fromEntries(fields.map((field) => [field, row.payload[field]]));
}

/**
 * Asks a consumed event's publisher for its secret fields; null when the publisher has none for it (delivered, or
 * unknown there). Throws when the publisher cannot answer, so that the event is retried.
 */
export type EventSecretsFetcher = (event: TEventEnvelope) => Promise<Record<string, unknown> | null>;

/** An EventSecretsFetcher that asks the publisher at `baseUrl` with the internal token. */
export function fetchEventSecretsFrom(options: {
  baseUrl: string;
  internalToken: string;
  timeoutMs?: number;
}): EventSecretsFetcher {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return async (event) => {
    const url = `${baseUrl}/internal/events/${encodeURIComponent(event.id)}/secret`;
    const result = await callInternal<Record<string, unknown>>(url, options.internalToken, {
      timeoutMs: options.timeoutMs ?? 5000,
    });
    if (result.status === 200 && result.body.data) return result.body.data;
    if (result.status === 404) return null;
    throw new Error(`the publisher answered ${result.status} when asked for the secret fields of event ${event.id}`);
  };
}

/**
 * Adds a job carrying `event` to one subscriber's queue again, with its own job id: while the queue holds a job of
 * that id (waiting, running, or kept finished) BullMQ adds nothing, and a consumer that applied it ignores it.
 */
export async function republishEvent(queue: Queue, event: TEventEnvelope): Promise<void> {
  await queue.add(event.name, event, eventJobOptions(event.id));
}

/** The events that count as delivered once published: those no service subscribes to. */
const DELIVERED_ONCE_PUBLISHED = (Object.keys(EVENTS) as TEventName[]).filter(
  (name) => (EVENT_SUBSCRIBERS[name] ?? []).length === 0,
);

/**
 * The secret fields of every event that has some, as the reconciler's delivered marking reads them to drop them:
 * `{ name: [field, ...] }`.
 */
export const SECRET_FIELDS_BY_NAME = JSON.stringify(
  Object.fromEntries(
    (Object.keys(EVENTS) as TEventName[]).flatMap((name) =>
      secretFieldsOf(name).length > 0 ? [[name, secretFieldsOf(name)]] : [],
    ),
  ),
);

/**
 * Publishes outbox rows to every subscriber's queue, job id = event id, then marks them published. No transaction
 * is open while Redis is called: rows are first claimed for `claimMs` in one short statement (so that two relays
 * rarely publish the same row), then published (without their secret fields, envelopeOf), then marked in another;
 * the reconciler drops the secret fields from the row once every subscriber's job was seen completed. A relay that
 * dies or gives up between publishing and marking leaves the claim to expire and the row is published again:
 * BullMQ ignores a job id it holds, and consumers ignore an event id they have applied. A job that Redis loses
 * after the row is marked (a restart without its data, a failover) is published again by the reconciler
 * (events-reconciler.ts).
 */
export function startRelay(options: RelayOptions): Relay {
  const { pool, logger, prefix } = options;
  const pollMs = options.pollMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5000;
  const claimMs = Math.max(options.claimMs ?? 60_000, publishTimeoutMs * 2);
  const connection = createRequestRedis(options.redisUrl, { commandTimeoutMs: publishTimeoutMs });
  const queues = new Map<TServiceName, Queue>();

  const queueFor = (service: TServiceName): Queue => {
    let queue = queues.get(service);
    if (!queue) {
      queue = new Queue(queueNameFor(service), { connection, prefix });
      queue.on('error', () => undefined); // reported by the batch that failed
      queues.set(service, queue);
    }
    return queue;
  };

  const claimBatch = async (): Promise<OutboxRow[]> => {
    const { rows } = await pool.query<OutboxRow>(
      `UPDATE event_outbox SET claimed_until = now() + $2 * interval '1 millisecond'
        WHERE id IN (SELECT id FROM event_outbox
                      WHERE published_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
                      ORDER BY occurred_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, name, version, payload, occurred_at`,
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
        jobs.push({ name: row.name, data: event, opts: eventJobOptions(row.id) });
        jobsByService.set(service, jobs);
      }
    }
    // BullMQ waits for a connection to be ready before its first command, however long that takes: ask only a
    // connection that is, so that calls do not pile up while Redis is away.
    await untilReady(connection, publishTimeoutMs);
    const adding = Promise.all([...jobsByService].map(([service, jobs]) => queueFor(service).addBulk(jobs)));
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
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
}

/**
 * Work a handler leaves for once its transaction has committed, such as marking cached answers stale: done earlier, a
 * reader could cache what the transaction had not yet written. It runs only when the event was applied, in the order
 * given; the event counts as handled by then, so a task handles (logs) its own failure.
 */
export type AfterCommit = (task: () => Promise<void>) => void;

/** Handles one event inside the consumer's transaction; the inbox insert commits with its effects. */
export type EventHandler<N extends TEventName> = (
  db: pg.PoolClient,
  event: TEventEnvelope<N>,
  afterCommit: AfterCommit,
) => Promise<void>;
export type EventHandlers = { [N in TEventName]?: EventHandler<N> };

export interface ConsumerOptions {
  service: TServiceName;
  pool: pg.Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  handlers: EventHandlers;
  concurrency?: number;
  /** How failed events are retried (EVENT_RETRY, over a day); tests give milliseconds. */
  retry?: Partial<EventRetryPolicy>;
  /** Where the secret fields of the events that have some are asked for (their publisher); needed to apply those. */
  fetchSecrets?: EventSecretsFetcher;
}

/** Throw this from a handler for a failure that a retry cannot fix (bad payload, unknown entity for good). */
export class PermanentEventError extends Error {}

/**
 * Applies one event at most once: the event id goes into processed_events in the same transaction as
 * the handler's writes, so a redelivered event finds its id there and changes nothing. The payload is checked
 * after that, so that a re-publish of an event whose secret fields were since dropped is a duplicate, not a failure.
 * An event whose job came without its secret fields (all do, envelopeOf) gets them from `fetchSecrets` first, before
 * any transaction is open; a publisher that has none left for it makes it a PermanentEventError, unless it is a
 * duplicate. What the handler left for after the commit (AfterCommit) runs once the transaction has committed, before it resolves.
 */
export async function applyEventOnce(
  pool: pg.Pool,
  handlers: EventHandlers,
  received: TEventEnvelope,
  fetchSecrets?: EventSecretsFetcher,
): Promise<'applied' | 'duplicate'> {
  const handler = handlers[received.name] as EventHandler<TEventName> | undefined;
  if (!handler) throw new PermanentEventError(`No handler for ${received.name}`);
  const definition = EVENTS[received.name];
  let event = received;
  if (lacksSecretFields(received) && fetchSecrets) {
    const secrets = await fetchSecrets(received);
    if (secrets) event = { ...received, payload: { ...(received.payload as object), ...secrets } } as TEventEnvelope;
  }
  const tasks: (() => Promise<void>)[] = [];
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
    const parsed = definition.payload.safeParse(event.payload);
    if (!parsed.success) {
      const gone = lacksSecretFields(event) ? ' (its publisher holds no secret fields for it any more)' : '';
      throw new PermanentEventError(`Bad payload for ${event.name}${gone}: ${parsed.error.message}`);
    }
    await handler(client, { ...event, payload: parsed.data } as TEventEnvelope, (task) => tasks.push(task));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  for (const task of tasks) await task();
  return 'applied';
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

/**
 * Starts the service's worker. Fails at once if an event the service subscribes to has no handler, or has secret
 * fields and there is no `fetchSecrets` to get them from its publisher. A failed event
 * is retried by `retry`'s policy; a PermanentEventError is not retried. Either way, what fails for good stays in
 * the queue's failed set, the dead-letter set that listDeadEvents lists and replayEvents re-delivers.
 */
export function startConsumer(options: ConsumerOptions): Consumer {
  const missing = eventsFor(options.service).filter((name) => !options.handlers[name]);
  if (missing.length > 0) {
    throw new Error(`${options.service} subscribes to ${missing.join(', ')} but has no handler for it`);
  }
  const secretBearing = eventsFor(options.service).filter((name) => secretFieldsOf(name).length > 0);
  if (secretBearing.length > 0 && !options.fetchSecrets) {
    throw new Error(
      `${options.service} subscribes to ${secretBearing.join(', ')}, whose secret fields no job carries, but has no fetchSecrets`,
    );
  }
  const retry: EventRetryPolicy = { ...EVENT_RETRY, ...options.retry };
  const connection = createRedis(options.redisUrl);
  const worker = new Worker(
    queueNameFor(options.service),
    async (job: Job<TEventEnvelope>) => {
      try {
        const outcome = await applyEventOnce(options.pool, options.handlers, job.data, options.fetchSecrets);
        options.logger.info({ eventId: job.data.id, event: job.data.name, outcome }, 'event consumed');
      } catch (error) {
        if (error instanceof PermanentEventError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 4,
      settings: { backoffStrategy: (attemptsMade: number) => eventRetryDelayMs(attemptsMade, retry) },
    },
  );
  worker.on('failed', (job, error) => {
    const about = { eventId: job?.data.id, event: job?.data.name, attempts: job?.attemptsMade, err: error };
    // A job moved to the failed set has finished; one that will be retried has not.
    if (job?.finishedOn)
      options.logger.error(about, 'event dead-lettered: it stays in the failed set until npm run events:replay');
    else options.logger.warn(about, 'event handling failed; it will be retried');
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
          if (Date.now() > deadline)
            throw new Error(`${options.service} consumer still busy after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
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
