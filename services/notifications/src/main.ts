import {
  createTokenVerifier,
  fetchEventSecretsFrom,
  migrationsBeside,
  startRetentionJob,
  startScheduledJob,
  startService,
} from '@sh/shared/server';
import { motExpiryFromRecords } from './clients/mot-expiry.js';
import { buildNotificationsApp } from './app.js';
import { mailDomainOf, readConfig } from './config.js';
import { createMailTransport } from './delivery/create-mail-transport.js';
import { startMailSender } from './delivery/start-mail-sender.js';
import { scanServiceReminders } from './domain/scan-service-reminders.js';
import { eraseExpiredPersonalData } from './store/erase-expired-personal-data.js';
import { createNotificationsHandlers } from './events/handlers.js';

const config = readConfig();
const lookupMotExpiry = motExpiryFromRecords(config.RECORDS_URL);
const mailContext = { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL };
await startService({
  name: 'notifications',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url) },
  consumes: {
    service: 'notifications',
    handlers: createNotificationsHandlers(mailContext),
    // The one-time tokens of the confirmation, reset and e-mail-change mails: identity holds them, no job does.
    fetchSecrets: fetchEventSecretsFrom({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }),
  },
  prepare: ({ pool, logger }) => {
    const transport = createMailTransport(config.SMTP_URL);
    const sender = startMailSender({
      pool,
      transport,
      from: config.MAIL_FROM,
      messageIdDomain: mailDomainOf(config.MAIL_FROM),
      logger,
    });
    logger.info({ smtp: new URL(config.SMTP_URL).host, publicUrl: config.PUBLIC_URL }, 'mail delivery started');
    // Service reminders due are queued by a scheduled job, every REMINDER_SCAN_INTERVAL_MS, once across replicas.
    const reminders = startScheduledJob({
      name: 'reminders.notifications',
      everyMs: config.REMINDER_SCAN_INTERVAL_MS,
      redisUrl: config.REDIS_URL,
      prefix: config.REDIS_KEY_PREFIX,
      logger,
      run: async () => {
        const scan = await scanServiceReminders({ pool, context: mailContext, lookupMotExpiry });
        if (scan.workedOut + scan.queued > 0) logger.info(scan, 'service reminders scanned');
      },
    });
    // Personal data past its retention period is erased every hour, once across replicas (docs/product.md#retention).
    const retention = startRetentionJob({
      service: 'notifications',
      pool,
      redisUrl: config.REDIS_URL,
      prefix: config.REDIS_KEY_PREFIX,
      logger,
      erase: eraseExpiredPersonalData,
    });
    // A first run at start-up, so a backlog is erased before the first scheduled time.
    retention.runNow().catch((error: unknown) => logger.warn({ err: error }, 'the retention job failed at start-up'));
    return { transport, sender, reminders, retention };
  },
  closers: ({ transport, sender, reminders, retention }) => [
    () => retention.close(),
    () => reminders.close(),
    () => sender.stop(),
    () => transport.close(),
  ],
  app: ({ pool, redis, logger }) =>
    buildNotificationsApp({
      pool,
      redis,
      logger,
      verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
      internalToken: config.INTERNAL_TOKEN,
      queue: { redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX },
      lookupMotExpiry,
    }),
});
