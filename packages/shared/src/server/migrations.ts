/**
 * A service's migrations outside its start-up: the one-shot command a deployment runs once per release (each
 * service's `src/migrate.ts`, the Kubernetes Job of docs/deployment.md#migrations), and the wait of a service started
 * with MIGRATE_AT_START=false until that command has applied them.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  baseConfigShape,
  databaseServiceDevDefaults,
  loadConfig,
  usesDevelopmentDefaults,
  type DatabaseService,
} from './config.js';
import { createLogger } from './logger.js';
import { createPool, ensureDatabase, migrate, pendingMigrations, type Pool } from './store/db.js';

/** How long a service started with MIGRATE_AT_START=false waits for its migrations before it gives up. */
export const MIGRATION_WAIT_MS = 300_000;

/**
 * Applies one service's migrations to the database of DATABASE_URL and returns what it applied; the database is
 * created first outside production, as the service's own start-up does. Reads only NODE_ENV, LOG_LEVEL and
 * DATABASE_URL. Two at once are harmless: `migrate` holds an advisory lock.
 */
export async function migrateService(
  service: DatabaseService,
  migrationsDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const shape = {
    NODE_ENV: baseConfigShape.NODE_ENV,
    LOG_LEVEL: baseConfigShape.LOG_LEVEL,
    DATABASE_URL: z.string().url(),
  };
  const config = loadConfig(service, shape, { DATABASE_URL: databaseServiceDevDefaults(service).DATABASE_URL }, env);
  const logger = createLogger(`${service}-migrate`, config.LOG_LEVEL);
  if (usesDevelopmentDefaults(config)) await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, 1);
  try {
    const applied = await migrate(pool, migrationsDir, logger);
    logger.info({ applied: applied.length }, applied.length > 0 ? 'migrations applied' : 'no migration to apply');
    return applied;
  } finally {
    await pool.end();
  }
}

/**
 * Waits until every migration of `migrationsDir` has been applied to the pool's database by someone else (the
 * release's migrate Job), checking every `intervalMs`; throws, naming what is missing, after `timeoutMs`.
 */
export async function waitForMigrations(
  pool: Pool,
  migrationsDir: string,
  logger: Logger,
  { timeoutMs = MIGRATION_WAIT_MS, intervalMs = 2000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let said = false;
  for (;;) {
    const pending = await pendingMigrations(pool, migrationsDir);
    if (pending.length === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `${pending.length} migration(s) not applied after ${Math.round(timeoutMs / 1000)} s (${pending.join(', ')}): ` +
          "MIGRATE_AT_START is false, so run this service's migrate command (docs/deployment.md#migrations)",
      );
    }
    if (!said) logger.info({ pending }, 'waiting for the migrate command to apply these migrations');
    said = true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
