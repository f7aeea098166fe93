import { createTokenVerifier, fetchEventSecretsFrom, migrationsBeside, startService } from '@sh/shared/server';
import { buildNotificationsApp } from './app.js';
import { mailDomainOf, readConfig } from './config.js';
import { createMailTransport } from './delivery/create-mail-transport.js';
import { startMailSender } from './delivery/start-mail-sender.js';
import { createNotificationsHandlers } from './events/handlers.js';

const config = readConfig();
await startService({
  name: 'notifications',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url) },
  consumes: {
    service: 'notifications',
    handlers: createNotificationsHandlers({ publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL }),
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
    return { transport, sender };
  },
  closers: ({ transport, sender }) => [() => sender.stop(), () => transport.close()],
  app: ({ pool, redis, logger }) =>
    buildNotificationsApp({
      pool,
      redis,
      logger,
      verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
      internalToken: config.INTERNAL_TOKEN,
      queue: { redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX },
    }),
});
