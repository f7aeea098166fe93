import path from 'node:path';
import { expect } from 'vitest';
import { Queue } from 'bullmq';
import type { TEventName, TEventPayload, TServiceName } from '@sh/shared/contract';
import {
  createRedis,
  queueNameFor,
  readEventSecrets,
  startConsumer,
  startRelay,
  writeEvent,
  type Consumer,
  type Relay,
} from '@sh/shared/server';
import { createTestDatabase, testLogger, testQueuePrefix, TEST_REDIS_URL, type TestDatabase } from '@sh/shared/testing';
import { createMailTransport, type MailTransport } from '../src/delivery/create-mail-transport.js';
import { startMailSender, type MailSender } from '../src/delivery/start-mail-sender.js';
import type { RetryPolicy } from '../src/domain/plan-mail-retry.js';
import type { MailContext } from '../src/domain/mail-layout.js';
import { createNotificationsHandlers } from '../src/events/handlers.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../migrations');
export const TEST_CONTEXT: MailContext = {
  publicUrl: 'https://www.servicehistory.test',
  supportEmail: 'help@servicehistory.test',
};
export const TEST_FROM = 'Service History <no-reply@servicehistory.test>';
export const TEST_INTERNAL_TOKEN = 'notifications-test-internal-token-0123';
/** Short delays so that a retry happens within a test, still long enough to measure. */
export const TEST_RETRY: RetryPolicy = { baseDelayMs: 400, maxDelayMs: 2000, maxAttempts: 4 };

export interface Platform {
  db: TestDatabase;
  smtp: SmtpCapture;
  relay: Relay;
  consumer: Consumer;
  transport: MailTransport;
  sender: MailSender;
  prefix: string;
  /** Writes an event to the outbox, as a producing service would; the relay takes it from there. */
  publish<N extends TEventName>(name: N, payload: TEventPayload<N>): Promise<string>;
  startExtraSender(): MailSender;
  /** Resolves once the consumer has handled the event (its id is in processed_events). */
  waitUntilProcessed(eventId: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The notifications service's moving parts on real Postgres, Redis and SMTP: a throwaway database
 * (whose outbox stands in for a producing service's), the relay, the consumer, the delivery loop and a
 * capturing SMTP server.
 */
export async function startPlatform(): Promise<Platform> {
  const db = await createTestDatabase('notifications', MIGRATIONS_DIR);
  const smtp = await startSmtpCapture();
  const prefix = testQueuePrefix();
  const relay = startRelay({ pool: db.pool, redisUrl: TEST_REDIS_URL, prefix, logger: testLogger, pollMs: 50 });
  const consumer = startConsumer({
    service: 'notifications',
    pool: db.pool,
    redisUrl: TEST_REDIS_URL,
    prefix,
    logger: testLogger,
    handlers: createNotificationsHandlers(TEST_CONTEXT),
    // The outbox standing in for identity's is this database's: its secret fields are read as identity serves them.
    fetchSecrets: (event) => readEventSecrets(db.pool, event.id),
  });
  const transport = createMailTransport(smtp.url);
  const newSender = () =>
    startMailSender({
      pool: db.pool,
      transport,
      from: TEST_FROM,
      messageIdDomain: 'servicehistory.test',
      logger: testLogger,
      retry: TEST_RETRY,
      pollMs: 50,
    });
  const sender = newSender();
  const extraSenders: MailSender[] = [];

  return {
    db,
    smtp,
    relay,
    consumer,
    transport,
    sender,
    prefix,
    publish: (name, payload) => writeEvent(db.pool, name, payload),
    async waitUntilProcessed(eventId) {
      await expect
        .poll(() =>
          db.pool.query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId]).then((r) => r.rowCount),
        )
        .toBe(1);
    },
    startExtraSender() {
      const extra = newSender();
      extraSenders.push(extra);
      return extra;
    },
    async stop() {
      await consumer.close();
      await Promise.all([sender, ...extraSenders].map((s) => s.stop()));
      transport.close();
      await relay.stop();
      await removeQueues(prefix);
      await smtp.close();
      await db.drop();
    },
  };
}

/** Removes every queue this test file's relay filled (other subscribers' too), so Redis is left clean. */
async function removeQueues(prefix: string): Promise<void> {
  const connection = createRedis(TEST_REDIS_URL);
  const services: TServiceName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];
  for (const service of services) {
    const queue = new Queue(queueNameFor(service), { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  connection.disconnect();
}

/** The href of the link whose text is `label` in a mail's HTML, unescaped. */
export function linkLabelled(html: string, label: string): URL {
  const match = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(html);
  if (!match?.[1]) throw new Error(`No link labelled "${label}"`);
  return new URL(
    match[1]
      .replaceAll('&amp;', '&')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>'),
  );
}

/** Resolves after `ms`: used only to give a wrong extra mail the chance to arrive before counting. */
export const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
