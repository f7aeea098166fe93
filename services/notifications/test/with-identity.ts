import { Queue } from 'bullmq';
import pg from 'pg';
import type { TServiceName } from '@sh/shared/contract';
import { migrationsOf } from '@sh/shared/launcher';
import {
  createRedis,
  fetchEventSecretsFrom,
  queueNameFor,
  RECONCILER_LOCK,
  startConsumer,
  startReconciler,
  type Consumer,
  type Reconciler,
} from '@sh/shared/server';
import {
  capturingLogger,
  createTestDatabase,
  startServiceProcess,
  testQueuePrefix,
  TEST_REDIS_URL,
  type TestDatabase,
} from '@sh/shared/testing';
import { createMailTransport, type MailTransport } from '../src/delivery/create-mail-transport.js';
import { startMailSender, type MailSender } from '../src/delivery/start-mail-sender.js';
import { createNotificationsHandlers } from '../src/events/handlers.js';
import { MIGRATIONS_DIR, TEST_CONTEXT, TEST_FROM, TEST_RETRY } from './harness.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

const IDENTITY_MIGRATIONS = migrationsOf('identity');
export const IDENTITY_INTERNAL_TOKEN = 'notifications-test-internal-token-0123';

export interface IdentityAndNotifications {
  identityUrl: string;
  identityDb: TestDatabase;
  notificationsDb: TestDatabase;
  smtp: SmtpCapture;
  /** Every line any part of the stack logged, at every level. */
  logLines: string[];
  /** Resolves once no mail is waiting or being sent (each one is sent or has failed for good). */
  whenMailSettled(): Promise<void>;
  /** Runs a pass of identity's outbox reconciler now (its own passes are ten minutes apart here). */
  reconcile(): ReturnType<Reconciler['reconcile']>;
  /** Starts notifications' consumer, when the stack was started without it. */
  startConsumer(): void;
  stop(): Promise<void>;
}

/**
 * Identity (its own process, on a real port, with its own database, its outbox relay and reconciler) and notifications
 * (its consumer, which fetches the tokens from identity's /internal/events/{id}/secret, and its delivery loop) wired
 * through one BullMQ prefix on the real Redis (or `redisUrl`), with mail going to a capturing SMTP server: a reset or
 * confirmation mail travels the whole way it does in production. With `deferConsumer`, startConsumer() starts it.
 *
 * Identity's reconciler passes are the test's to run (reconcile()): the test holds the reconciler's advisory lock in
 * identity's database on a connection of its own, from before identity starts, so identity's own passes skip as
 * another replica's would; the test's reconciler takes the lock on that same connection, where it is its own.
 */
export async function startIdentityAndNotifications(
  options: { redisUrl?: string; deferConsumer?: boolean } = {},
): Promise<IdentityAndNotifications> {
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const { logger, written: logLines } = capturingLogger('trace');
  const prefix = testQueuePrefix();
  const identityDb = await createTestDatabase('identity', IDENTITY_MIGRATIONS);
  const notificationsDb = await createTestDatabase('notifications', MIGRATIONS_DIR);
  // One connection, held while the stack runs, holding the reconciler's lock; the test's reconciler locks on it.
  const lockHolder = await identityDb.pool.connect();
  await lockHolder.query('SELECT pg_advisory_lock($1)', [RECONCILER_LOCK]);
  const reconcilerPool = {
    connect: async () => ({ query: lockHolder.query.bind(lockHolder), release: () => undefined }),
    query: identityDb.pool.query.bind(identityDb.pool),
  } as unknown as pg.Pool;
  const identity = await startServiceProcess('identity', {
    db: identityDb,
    env: { INTERNAL_TOKEN: IDENTITY_INTERNAL_TOKEN, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix },
    logLevel: 'trace',
    onLine: (line) => logLines.push(`${line}\n`),
  });
  const reconciler: Reconciler = startReconciler({
    pool: reconcilerPool,
    redisUrl,
    prefix,
    logger,
    intervalMs: 600_000,
  });
  let consumer: Consumer | undefined;
  const startNotificationsConsumer = () => {
    consumer ??= startConsumer({
      service: 'notifications',
      pool: notificationsDb.pool,
      redisUrl,
      prefix,
      logger,
      handlers: createNotificationsHandlers(TEST_CONTEXT),
      fetchSecrets: fetchEventSecretsFrom({ baseUrl: identity.url, internalToken: IDENTITY_INTERNAL_TOKEN }),
    });
  };
  if (!options.deferConsumer) startNotificationsConsumer();
  const smtp = await startSmtpCapture();
  const transport: MailTransport = createMailTransport(smtp.url);
  const sender: MailSender = startMailSender({
    pool: notificationsDb.pool,
    transport,
    from: TEST_FROM,
    messageIdDomain: 'servicehistory.test',
    logger,
    retry: TEST_RETRY,
    pollMs: 50,
  });

  return {
    identityUrl: identity.url,
    identityDb,
    notificationsDb,
    smtp,
    logLines,
    reconcile: () => reconciler.reconcile(),
    startConsumer: startNotificationsConsumer,
    async whenMailSettled() {
      // Identity's relay (every 200 ms) has published every event.
      for (;;) {
        const { rows } = await identityDb.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM event_outbox WHERE published_at IS NULL',
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await consumer?.whenIdle();
      for (;;) {
        const { rows } = await notificationsDb.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM mail_queue WHERE status IN ('pending', 'sending')",
        );
        if (rows[0]!.n === 0) return;
        await sender.flush();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await consumer?.close();
      await sender.stop();
      transport.close();
      await reconciler.stop();
      await identity.stop();
      lockHolder.release();
      const connection = createRedis(redisUrl);
      const services: TServiceName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];
      for (const service of services) {
        const queue = new Queue(queueNameFor(service), { connection, prefix });
        await queue.obliterate({ force: true });
        await queue.close();
      }
      const keysLeft = await connection.keys(`${prefix}*`);
      if (keysLeft.length > 0) await connection.del(...keysLeft);
      connection.disconnect();
      await smtp.close();
      await identityDb.drop();
      await notificationsDb.drop();
    },
  };
}

/**
 * Every text-like column (text, varchar, json, jsonb) of every table in the database's public schema that holds
 * `needle` anywhere, as "table.column" (information_schema tells which columns there are, so a table added later
 * is searched too).
 */
export async function columnsHolding(db: pg.Pool, needle: string): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
      ORDER BY table_name, column_name`,
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${pg.escapeIdentifier(table)} WHERE strpos(${pg.escapeIdentifier(column)}::text, $1) > 0`,
      [needle],
    );
    if (rows[0]!.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}
