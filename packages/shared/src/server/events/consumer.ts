/**
 * The consumer: a service's BullMQ worker applies each event handed to it at most once (its processed_events inbox,
 * in the handler's transaction), retries what failed by the retry policy, and leaves what fails for good in the
 * dead-letter set.
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { EVENTS, eventsFor, type TEventEnvelope, type TEventName, type TServiceName } from '../../contract/events.js';
import { EVENT_RETRY, eventRetryDelayMs, queueNameFor, type EventRetryPolicy } from './queues.js';
import { eventsConsumed } from '../metrics.js';
import { inSpan, SpanKind } from '../tracing.js';
import { createRedis } from './redis-connections.js';
import { lacksSecretFields, secretFieldsOf, type EventSecretsFetcher } from './secret-fields.js';

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
    // In the trace of the request that wrote the event, which the job carries (relay.ts, tracing.ts).
    (job: Job<TEventEnvelope>) =>
      inSpan(
        `consume ${job.data.name}`,
        {
          kind: SpanKind.CONSUMER,
          traceParent: job.opts.telemetry?.metadata,
          attributes: { 'event.name': job.data.name },
        },
        async () => {
          try {
            const outcome = await applyEventOnce(options.pool, options.handlers, job.data, options.fetchSecrets);
            eventsConsumed.inc({ event: job.data.name, outcome });
            options.logger.info({ eventId: job.data.id, event: job.data.name, outcome }, 'event consumed');
          } catch (error) {
            eventsConsumed.inc({ event: job.data.name, outcome: 'failed' });
            if (error instanceof PermanentEventError) throw new UnrecoverableError(error.message);
            throw error;
          }
        },
      ),
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
