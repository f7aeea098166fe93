import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, createRedis, createTokenVerifier, ensureDatabase, migrate, runService, startConsumer, startRelay } from '@sh/shared/server';
import { buildNotificationsApp } from './app.js';
import { mailDomainOf, readConfig } from './config.js';
import { createMailTransport } from './delivery/create-mail-transport.js';
import { startMailSender } from './delivery/start-mail-sender.js';
import { createNotificationsHandlers } from './events/handlers.js';

const config = readConfig();
const logger = createLogger('notifications', config.LOG_LEVEL);
if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
const pool = createPool(config.DATABASE_URL, 10);
await migrate(pool, path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations'), logger);
const redis = createRedis(config.REDIS_URL);
const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, logger });
const consumer = startConsumer({
  service: 'notifications',
  pool,
  redisUrl: config.REDIS_URL,
  prefix: config.BULLMQ_PREFIX,
  logger,
  handlers: createNotificationsHandlers({ publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL }),
});
const transport = createMailTransport(config.SMTP_URL);
const sender = startMailSender({ pool, transport, from: config.MAIL_FROM, messageIdDomain: mailDomainOf(config.MAIL_FROM), logger });
logger.info({ smtp: new URL(config.SMTP_URL).host, publicUrl: config.PUBLIC_URL }, 'mail delivery started');
await runService({
  name: 'notifications',
  app: buildNotificationsApp({ pool, redis, logger, verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }) }),
  host: config.HOST,
  port: config.PORT,
  logger,
  onClose: [() => consumer.close(), () => sender.stop(), () => transport.close(), () => relay.stop(), () => pool.end(), () => redis.quit()],
});
