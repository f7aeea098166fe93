import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsOf } from '@sh/shared/launcher';
import {
  createTestDatabase,
  deleteKeysUnder,
  NOBODY_URL,
  startServiceProcess,
  testQueuePrefix,
  TEST_REDIS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@sh/shared/testing';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

export const REPLICAS_INTERNAL_TOKEN = 'replicas-test-internal-token-0123';
/** Records signs a checkpoint at most this often, and notifications scans for reminders due this often. */
export const CHECKPOINT_INTERVAL_MS = 1000;
export const REMINDER_INTERVAL_MS = 1000;

/** What the two-replica test runs against (startTwoReplicas). */
export interface TwoReplicas {
  identity: ServiceProcess;
  records: [ServiceProcess, ServiceProcess];
  notifications: [ServiceProcess, ServiceProcess];
  recordsDb: TestDatabase;
  notificationsDb: TestDatabase;
  smtp: SmtpCapture;
  /** The Redis prefix every part shares: the event queues and the scheduled jobs live under it. */
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Two replicas each of records and of notifications as production runs them (their main.ts, their own processes),
 * the replicas of a service on one database, everything on one Redis prefix, identity for the password re-check,
 * and a capturing SMTP server. Records' database is migrated and holds what `seed` puts in it before its replicas
 * start (LOOKUP_ANSWERS_PREWARM on, so both walk it at start-up); notifications' holds only the kit's tables, so its
 * two replicas apply its migrations as they start, at the same moment.
 */
export async function startTwoReplicas(seed: (recordsDb: TestDatabase) => Promise<void>): Promise<TwoReplicas> {
  const prefix = testQueuePrefix();
  const started: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const close of started.splice(0).reverse()) await close().catch(() => undefined);
  };
  try {
    const smtp = await startSmtpCapture();
    started.push(() => smtp.close());
    const [recordsDb, notificationsDb] = await Promise.all([
      createTestDatabase('records', migrationsOf('records')),
      createTestDatabase('notifications', mkdtempSync(path.join(tmpdir(), 'no-migrations-'))),
    ]);
    started.push(
      () => recordsDb.drop(),
      () => notificationsDb.drop(),
      () => deleteKeysUnder(TEST_REDIS_URL, prefix),
    );
    await seed(recordsDb);
    // Identity starts beside the replicas, on a port chosen first: records calls it only for a request's password check.
    const identityPort = await freePort();
    const shared = {
      INTERNAL_TOKEN: REPLICAS_INTERNAL_TOKEN,
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      REDIS_KEY_PREFIX: prefix,
    };
    const startIdentity = () =>
      startServiceProcess('identity', { env: { INTERNAL_TOKEN: REPLICAS_INTERNAL_TOKEN, PORT: String(identityPort) } });
    const startRecords = () =>
      startServiceProcess('records', {
        db: recordsDb,
        env: {
          ...shared,
          LOG_CHECKPOINT_INTERVAL_MS: String(CHECKPOINT_INTERVAL_MS),
          LOOKUP_ANSWERS_PREWARM: 'true',
        },
      });
    // Notifications asks records only for MOT expiries, which the reminders here do not need.
    const startNotifications = () =>
      startServiceProcess('notifications', {
        db: notificationsDb,
        env: {
          ...shared,
          RECORDS_URL: NOBODY_URL,
          SMTP_URL: smtp.url,
          REMINDER_SCAN_INTERVAL_MS: String(REMINDER_INTERVAL_MS),
        },
      });
    const starting = [startRecords(), startRecords(), startNotifications(), startNotifications(), startIdentity()];
    const settled = await Promise.allSettled(starting);
    // Stopped together, before the databases they use are dropped.
    started.push(() =>
      Promise.all(settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined))),
    );
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const [recordsA, recordsB, notificationsA, notificationsB, identity] = settled.map(
      (outcome) => (outcome as PromiseFulfilledResult<ServiceProcess>).value,
    ) as [ServiceProcess, ServiceProcess, ServiceProcess, ServiceProcess, ServiceProcess];
    const records: [ServiceProcess, ServiceProcess] = [recordsA, recordsB];
    const notifications: [ServiceProcess, ServiceProcess] = [notificationsA, notificationsB];
    return { identity, records, notifications, recordsDb, notificationsDb, smtp, prefix, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A port free on 127.0.0.1 now (the system's pick), for a process that must be told its address before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
