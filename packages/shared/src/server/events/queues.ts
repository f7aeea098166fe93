/**
 * The BullMQ queues and jobs that carry events: one queue per consuming service, one job per event and subscriber
 * (job id = event id), the options every such job has, and the retry policy its consumer applies to it.
 */
import { Queue, type JobsOptions } from 'bullmq';
import { EVENT_SUBSCRIBERS, type TEventEnvelope, type TServiceName } from '../../contract/events.js';
import type { Redis } from './redis-connections.js';

/** The BullMQ queue a service consumes its events from. */
export function queueNameFor(service: TServiceName): string {
  return `events.${service}`;
}

/** The services that consume at least one event, and so have a queue. */
export const CONSUMING_SERVICES: readonly TServiceName[] = [...new Set(Object.values(EVENT_SUBSCRIBERS).flat())].sort();

/** The consuming services' queues on one connection, each opened when first asked for, and closed together. */
export interface ServiceQueues {
  queueOf: (service: TServiceName) => Queue;
  close: () => Promise<void>;
}

/**
 * Opens the services' queues on `connection` as they are asked for. A queue's errors are left to the command that
 * met them (it rejects), so that a Redis that is away is reported once, by its caller.
 */
export function openServiceQueues(connection: Redis, prefix: string): ServiceQueues {
  const queues = new Map<TServiceName, Queue>();
  return {
    queueOf(service) {
      let queue = queues.get(service);
      if (!queue) {
        queue = new Queue(queueNameFor(service), { connection, prefix });
        queue.on('error', () => undefined);
        queues.set(service, queue);
      }
      return queue;
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}

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
 * Adds a job carrying `event` to one subscriber's queue again, with its own job id: while the queue holds a job of
 * that id (waiting, running, or kept finished) BullMQ adds nothing, and a consumer that applied it ignores it.
 */
export async function republishEvent(queue: Queue, event: TEventEnvelope): Promise<void> {
  await queue.add(event.name, event, eventJobOptions(event.id));
}
