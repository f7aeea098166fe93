/**
 * The dead-letter set: events a consumer gave up on stay in its queue's failed set (removeOnFail: false). These
 * functions list them and the queues' counts (for the admin status page) and re-deliver them (npm run
 * events:replay). Consumers are idempotent by event id, so re-delivering an event they applied changes nothing.
 */
import type { Queue } from 'bullmq';
import { EVENT_SUBSCRIBERS, type TEventEnvelope, type TEventName, type TServiceName } from '../../contract/events.js';
import type { Queryable } from '../store/db.js';
import { withTimeout } from '../timeout.js';
import { envelopeOf, type OutboxRow } from './outbox.js';
import { CONSUMING_SERVICES, openServiceQueues, republishEvent } from './queues.js';
import { createRequestRedis } from './redis-connections.js';

/** An event a consumer gave up on, as the admin status page lists it. */
export interface DeadEvent {
  id: string;
  name: TEventName;
  failedReason: string;
  attempts: number;
  failedAt: Date;
}

/** The jobs of one service's queue by state: waiting to run, running, waiting for a retry, dead. */
export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** What a replay did with one event for one queue (or, for an event it could not find, for none). */
export type ReplayOutcome =
  | {
      eventId: string;
      service: TServiceName;
      /**
       * requeued: its dead job goes round again with fresh attempts; promoted: a retry that was waiting runs now;
       * redelivered: a new job carries it (the consumer ignores it if it applied it already); already queued: on
       * its way. A redelivered event's job carries no secret field: its consumer asks the publisher for them.
       */
      outcome: 'requeued' | 'promoted' | 'redelivered' | 'already queued';
    }
  | { eventId: string; outcome: 'not found' | 'not published yet' };

/** What to replay, and where to find it. */
export interface ReplayOptions {
  redisUrl: string;
  prefix: string;
  /** The events to re-deliver; without them, every dead event of every queue. */
  eventIds?: string[];
  /** Databases whose outbox may hold the events, for those of which no job is left in Redis. */
  outboxes?: Queryable[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opens the service queues on a connection that fails fast when Redis is away, and closes them after `work`. */
async function withQueues<T>(
  redisUrl: string,
  prefix: string,
  work: (queueOf: (service: TServiceName) => Queue) => Promise<T>,
): Promise<T> {
  const connection = createRequestRedis(redisUrl, { commandTimeoutMs: 5000 });
  const queues = openServiceQueues(connection, prefix);
  try {
    const where = `Redis at ${new URL(redisUrl).host}`;
    await withTimeout(connection.ping(), 5000, where).catch((error: Error) => {
      throw new Error(`${where} did not answer: ${error.message}`, { cause: error });
    });
    return await work(queues.queueOf);
  } finally {
    await queues.close();
    connection.disconnect();
  }
}

/** The events `service`'s consumer gave up on, oldest first. */
export async function listDeadEvents(redisUrl: string, prefix: string, service: TServiceName): Promise<DeadEvent[]> {
  return withQueues(redisUrl, prefix, async (queueOf) => {
    const jobs = await queueOf(service).getFailed(0, -1);
    return jobs.map(deadEventOf).sort((a, b) => a.failedAt.getTime() - b.failedAt.getTime());
  });
}

/** How many jobs of one service's queue wait, run, wait for a retry, and lie dead, and its dead events. */
export async function queueStatus(
  redisUrl: string,
  prefix: string,
  service: TServiceName,
): Promise<{ counts: QueueCounts; deadEvents: DeadEvent[] }> {
  return withQueues(redisUrl, prefix, async (queueOf) => {
    const queue = queueOf(service);
    const counts = await countsOf(queue);
    const jobs = await queue.getFailed(0, 99);
    return {
      counts,
      deadEvents: jobs.map(deadEventOf).sort((a, b) => a.failedAt.getTime() - b.failedAt.getTime()),
    };
  });
}

/** Sends one dead event of `service`'s queue round again with fresh attempts; 'not found' when no such dead job is left. */
export async function retryDeadEvent(
  redisUrl: string,
  prefix: string,
  service: TServiceName,
  jobId: string,
): Promise<{ outcome: 'requeued' | 'not found'; name?: TEventName }> {
  return withQueues(redisUrl, prefix, async (queueOf) => {
    const job = await queueOf(service).getJob(jobId);
    if (!job || (await job.getState()) !== 'failed') return { outcome: 'not found' };
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return { outcome: 'requeued', name: job.name as TEventName };
  });
}

/** How many jobs of a queue wait (prioritized ones too), run, wait for a retry, and lie dead. */
async function countsOf(queue: Queue): Promise<QueueCounts> {
  const found = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
  return {
    waiting: (found.waiting ?? 0) + (found.prioritized ?? 0),
    active: found.active ?? 0,
    delayed: found.delayed ?? 0,
    failed: found.failed ?? 0,
  };
}

function deadEventOf(job: {
  id?: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  finishedOn?: number;
  timestamp: number;
}): DeadEvent {
  return {
    id: String(job.id),
    name: job.name as TEventName,
    failedReason: job.failedReason,
    attempts: job.attemptsMade,
    failedAt: new Date(job.finishedOn ?? job.timestamp),
  };
}

/** How many jobs wait, run, wait for a retry, and lie dead in each service's queue. */
export async function queueCounts(redisUrl: string, prefix: string): Promise<Record<TServiceName, QueueCounts>> {
  return withQueues(redisUrl, prefix, async (queueOf) => {
    const counts = {} as Record<TServiceName, QueueCounts>;
    for (const service of CONSUMING_SERVICES) counts[service] = await countsOf(queueOf(service));
    return counts;
  });
}

/**
 * Re-delivers events. Without ids, every dead event of every queue goes round again with fresh attempts. With ids,
 * each event goes again to every service that subscribes to it, from its dead or finished job, or else from the
 * outbox of whichever database holds it. A replay of an event its consumers applied changes nothing.
 */
export async function replayEvents(options: ReplayOptions): Promise<ReplayOutcome[]> {
  return withQueues(options.redisUrl, options.prefix, async (queueOf) => {
    const outcomes: ReplayOutcome[] = [];
    if (!options.eventIds) {
      for (const service of CONSUMING_SERVICES) {
        for (const job of (await queueOf(service).getFailed(0, -1)).reverse()) {
          await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
          outcomes.push({ eventId: String(job.id), service, outcome: 'requeued' });
        }
      }
      return outcomes;
    }
    for (const eventId of options.eventIds) {
      outcomes.push(...(await replayEvent(eventId, queueOf, options.outboxes ?? [])));
    }
    return outcomes;
  });
}

async function replayEvent(
  eventId: string,
  queueOf: (service: TServiceName) => Queue,
  outboxes: Queryable[],
): Promise<ReplayOutcome[]> {
  if (!UUID.test(eventId)) return [{ eventId, outcome: 'not found' }];
  const jobs = new Map<TServiceName, Awaited<ReturnType<Queue['getJob']>>>();
  for (const service of CONSUMING_SERVICES) {
    const job = await queueOf(service).getJob(eventId);
    if (job) jobs.set(service, job);
  }
  let event = [...jobs.values()][0]?.data as TEventEnvelope | undefined;
  if (!event) {
    const row = await findInOutboxes(eventId, outboxes);
    if (!row) return [{ eventId, outcome: 'not found' }];
    if (!row.published_at) return [{ eventId, outcome: 'not published yet' }];
    event = envelopeOf(row);
  }
  const outcomes: ReplayOutcome[] = [];
  for (const service of EVENT_SUBSCRIBERS[event.name] ?? []) {
    const queue = queueOf(service);
    const job = jobs.get(service);
    const state = job ? await job.getState() : 'unknown';
    if (job && state === 'failed') {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      outcomes.push({ eventId, service, outcome: 'requeued' });
    } else if (job && state === 'delayed') {
      await job.promote();
      outcomes.push({ eventId, service, outcome: 'promoted' });
    } else if (state !== 'completed' && state !== 'unknown') {
      outcomes.push({ eventId, service, outcome: 'already queued' });
    } else {
      await job?.remove();
      await republishEvent(queue, event);
      outcomes.push({ eventId, service, outcome: 'redelivered' });
    }
  }
  return outcomes;
}

async function findInOutboxes(eventId: string, outboxes: Queryable[]) {
  for (const outbox of outboxes) {
    const { rows } = await outbox.query<OutboxRow & { published_at: Date | null }>(
      'SELECT id, name, version, payload, occurred_at, published_at FROM event_outbox WHERE id = $1',
      [eventId],
    );
    if (rows[0]) return rows[0];
  }
  return undefined;
}
