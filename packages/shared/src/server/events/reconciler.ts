/**
 * The outbox does not trust Redis to keep a job. A Redis that restarts without its data, or a failover to a replica
 * that had not yet received the last writes, loses jobs the relay had published (their outbox rows marked): the
 * reconciler publishes those events again, until every subscriber's queue has been seen to finish them.
 *
 * A subscriber "has" an event once its queue was seen holding the event's job completed (completed jobs are kept ten
 * minutes, eventJobOptions): the consumer committed the event id to its processed_events before that. Each pass
 * reads the published rows not yet delivered to every subscriber (event_outbox.delivered_at is null) and asks each
 * subscriber's queue not yet seen to complete the event for the state of its job, whose id is the event id:
 * - completed: that subscriber is added to the row's delivered_to; once all are, delivered_at is set, the row's
 *   secret fields (a confirmation or reset token, which its consumers fetched from the publisher when they applied
 *   it: no job carries one) are dropped in the same statement, and the row is never looked at again;
 * - waiting, active, delayed, prioritized: on its way, asked again next pass; failed (the dead-letter set, for a
 *   person to replay): left there, and asked again next pass, so that a dead letter Redis loses goes round again;
 * - missing: the job is added again with the same id (republishEvent). If it had in fact completed and was since
 *   removed (more than the ten minutes, or the 10,000 newest, before a pass saw it) the consumer finds the event id
 *   in its processed_events and changes nothing, and the next pass sees the new job completed.
 * So the rule holds for any age: an event is re-published while it is published, not yet seen completed by every
 * subscriber, and its job is missing, and never after; an event with secret fields too, as they stay in its row
 * until then. The events no service hears count as delivered once published.
 *
 * It runs once across a service's replicas: a pass holds a Postgres advisory lock (of the service's database, not
 * of Redis, which may have lost it with everything else); a replica that cannot take it skips the pass. Two passes
 * at once would still be harmless: an add with an id the queue holds adds nothing, and consumers are idempotent.
 * It runs at start, every `intervalMs` (30 s), and as soon as its Redis connection is ready again after it was lost.
 */
import type pg from 'pg';
import type { Logger } from 'pino';
import { EVENT_SUBSCRIBERS } from '../../contract/events.js';
import { startBatchLoop } from '../batch-loop.js';
import { envelopeOf, type OutboxRow } from './outbox.js';
import { openServiceQueues, republishEvent } from './queues.js';
import { createRequestRedis, untilReady } from './redis-connections.js';
import { SECRET_FIELDS_BY_NAME } from './secret-fields.js';

/** The advisory lock a reconciler pass holds in the service's database (the migrations hold 727274). */
export const RECONCILER_LOCK = 727_275;

export interface ReconcilerOptions {
  pool: pg.Pool;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  /** How often a pass runs (30 s); a pass also runs at start and whenever Redis is back after being lost. */
  intervalMs?: number;
  /** How many outbox rows one query of a pass reads (500). */
  batchSize?: number;
  /** How long one Redis command of a pass may take (5 s); a pass that cannot reach Redis ends and is tried later. */
  commandTimeoutMs?: number;
}

/** What one pass did: rows looked at, jobs added again, rows found delivered to every subscriber. */
export interface ReconcilePass {
  /** False when another replica held the lock and this pass did nothing. */
  ran: boolean;
  checked: number;
  republished: number;
  delivered: number;
}

export interface Reconciler {
  /** Runs one pass now (after any pass already running). */
  reconcile(): Promise<ReconcilePass>;
  stop(): Promise<void>;
}

type UndeliveredRow = OutboxRow & { delivered_to: string[] };

export function startReconciler(options: ReconcilerOptions): Reconciler {
  const { pool, logger, prefix } = options;
  const batchSize = options.batchSize ?? 500;
  const commandTimeoutMs = options.commandTimeoutMs ?? 5000;
  const connection = createRequestRedis(options.redisUrl, { commandTimeoutMs });
  const queues = openServiceQueues(connection, prefix); // a queue's errors are reported by the pass that failed
  let lastPass: ReconcilePass = { ran: false, checked: 0, republished: 0, delivered: 0 };

  /** Looks at one batch of undelivered rows; returns what it did. */
  const reconcileRows = async (rows: UndeliveredRow[]): Promise<{ republished: number; delivered: number }> => {
    let republished = 0;
    const updates: Array<{ id: string; deliveredTo: string[]; isDelivered: boolean }> = [];
    for (const row of rows) {
      const event = envelopeOf(row);
      const subscribers = EVENT_SUBSCRIBERS[row.name] ?? [];
      const deliveredTo = new Set(row.delivered_to);
      const pending = subscribers.filter((service) => !deliveredTo.has(service));
      const states = await Promise.all(pending.map((service) => queues.queueOf(service).getJobState(row.id)));
      for (const [i, service] of pending.entries()) {
        const state = states[i];
        if (state === 'completed') deliveredTo.add(service);
        else if (state !== 'unknown') continue;
        else {
          await republishEvent(queues.queueOf(service), event);
          republished += 1;
          logger.info(
            { eventId: row.id, event: row.name, to: service },
            'event re-published: its job was missing from Redis',
          );
        }
      }
      const isDelivered = subscribers.every((service) => deliveredTo.has(service));
      if (isDelivered || deliveredTo.size > row.delivered_to.length)
        updates.push({ id: row.id, deliveredTo: [...deliveredTo], isDelivered });
    }
    if (updates.length > 0) {
      await pool.query(
        `UPDATE event_outbox o
            SET delivered_to = string_to_array(u.delivered_to, ','), delivered_at = CASE WHEN u.is_delivered THEN now() END,
                payload = CASE WHEN u.is_delivered THEN o.payload - ARRAY(SELECT jsonb_array_elements_text($4::jsonb -> o.name)) ELSE o.payload END
           FROM unnest($1::uuid[], $2::text[], $3::boolean[]) AS u(id, delivered_to, is_delivered)
          WHERE o.id = u.id`,
        [
          updates.map((u) => u.id),
          updates.map((u) => u.deliveredTo.join(',')),
          updates.map((u) => u.isDelivered),
          SECRET_FIELDS_BY_NAME,
        ],
      );
    }
    return { republished, delivered: updates.filter((u) => u.isDelivered).length };
  };

  const pass = async (): Promise<ReconcilePass> => {
    await untilReady(connection, commandTimeoutMs);
    const client = await pool.connect();
    let isLockHeld = false;
    let isClientBroken = false;
    try {
      const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        RECONCILER_LOCK,
      ]);
      isLockHeld = locked[0]?.ok === true;
      if (!isLockHeld) return { ran: false, checked: 0, republished: 0, delivered: 0 };
      const done: ReconcilePass = { ran: true, checked: 0, republished: 0, delivered: 0 };
      // Rows still on their way are read again by the next pass, not by this one: it goes through the ids once.
      for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
        const { rows } = await client.query<UndeliveredRow>(
          `SELECT id, name, version, payload, occurred_at, delivered_to FROM event_outbox
            WHERE published_at IS NOT NULL AND delivered_at IS NULL AND id > $1
            ORDER BY id LIMIT $2`,
          [after, batchSize],
        );
        if (rows.length === 0) break;
        const result = await reconcileRows(rows);
        done.checked += rows.length;
        done.republished += result.republished;
        done.delivered += result.delivered;
        if (rows.length < batchSize) break;
        after = rows[rows.length - 1]!.id;
      }
      if (done.republished > 0)
        logger.warn({ republished: done.republished }, 'events re-published: their jobs were missing from Redis');
      return done;
    } finally {
      if (isLockHeld) {
        await client.query('SELECT pg_advisory_unlock($1)', [RECONCILER_LOCK]).catch(() => (isClientBroken = true));
      }
      // A client that may still hold the lock leaves the pool: its session ends, and the lock with it.
      client.release(isClientBroken);
    }
  };

  const passes = startBatchLoop({
    runBatch: async () => {
      lastPass = await pass();
      return 0; // a pass goes through every batch itself; the next one waits for the interval
    },
    batchSize,
    pollMs: options.intervalMs ?? 30_000,
    onError: (error) => logger.warn({ err: error }, 'outbox reconciler could not finish a pass; it tries again later'),
  });

  let hasBeenReady = connection.status === 'ready';
  const onReady = () => {
    if (hasBeenReady) {
      // Redis is back, maybe without the jobs it held: look now rather than at the next interval.
      passes
        .flush()
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'outbox reconciler could not finish a pass; it tries again later'),
        );
    }
    hasBeenReady = true;
  };
  connection.on('ready', onReady);

  return {
    async reconcile() {
      await passes.flush();
      return lastPass;
    },
    async stop() {
      connection.off('ready', onReady);
      await passes.stop();
      await queues.close();
      connection.disconnect();
    },
  };
}
