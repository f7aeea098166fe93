import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPool, createRedis, migrate, runService, startConsumer, startRelay } from '@sh/shared/server';
import { buildRecordsApp } from './app.js';
import { readConfig } from './config.js';
import { recordsEventHandlers } from './events/handlers.js';

const config = readConfig();
const logger = createLogger('records', config.LOG_LEVEL);
const pool = createPool(config.DATABASE_URL, 20);
await migrate(pool, path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations'), logger);
const redis = createRedis(config.REDIS_URL);
const relay = startRelay({ pool, redisUrl: config.REDIS_URL, prefix: config.BULLMQ_PREFIX, logger });
const consumer = startConsumer({
  service: 'records',
  pool,
  redisUrl: config.REDIS_URL,
  prefix: config.BULLMQ_PREFIX,
  logger,
  handlers: recordsEventHandlers,
});
await runService({
  name: 'records',
  app: buildRecordsApp({ pool, redis, logger }),
  host: config.HOST,
  port: config.PORT,
  logger,
  onClose: [() => consumer.close(), () => relay.stop(), () => pool.end(), () => redis.quit()],
});
