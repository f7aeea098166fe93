/**
 * A job that runs every so often, across restarts and replicas: a BullMQ job scheduler (kept in Redis, so a restart
 * does not reset it and every replica's upsert is the same one) and a worker that runs it. One run at a time on a
 * replica; two replicas may run at once, so the work itself must be safe to run twice (claim with SKIP LOCKED,
 * unique keys). A run a dead process left behind is taken up again once BullMQ sees it stalled.
 */
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { createRedis } from './redis-connections.js';

export interface ScheduledJob {
  /** Runs the job now, in this process, after any run in hand (tests, and a first run at start-up). */
  runNow(): Promise<void>;
  close(): Promise<void>;
}

export function startScheduledJob(options: {
  /** The queue's and the scheduler's name, e.g. 'reminders.notifications'. */
  name: string;
  everyMs: number;
  redisUrl: string;
  prefix: string;
  logger: Logger;
  run: () => Promise<unknown>;
}): ScheduledJob {
  const { name, logger } = options;
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = () => {
    const next = running.catch(() => undefined).then(options.run);
    running = next;
    return next;
  };
  const queueConnection = createRedis(options.redisUrl);
  const queue = new Queue(name, { connection: queueConnection, prefix: options.prefix });
  queue.on('error', (error) => logger.warn({ err: error, job: name }, 'scheduled job queue error'));
  queue
    .upsertJobScheduler(
      name,
      { every: options.everyMs },
      { name, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
    )
    .catch((error: unknown) =>
      logger.warn({ err: error, job: name }, 'could not schedule the job; will run when Redis is back'),
    );
  const workerConnection = createRedis(options.redisUrl);
  const worker = new Worker(name, () => runOnce(), {
    connection: workerConnection,
    prefix: options.prefix,
    concurrency: 1,
  });
  worker.on('error', (error) => logger.warn({ err: error, job: name }, 'scheduled job worker error'));
  worker.on('failed', (_job, error) =>
    logger.warn({ err: error, job: name }, 'scheduled job failed; it runs again at its next time'),
  );
  return {
    runNow: async () => {
      await runOnce();
    },
    async close() {
      await worker.close();
      await queue.close();
      workerConnection.disconnect();
      queueConnection.disconnect();
    },
  };
}
