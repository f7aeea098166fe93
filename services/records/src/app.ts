import { createServiceApp, type Logger, type Pool, type Redis } from '@sh/shared/server';
import { lookupRoutes } from './routes/lookup.js';

/** Builds the records service's app (no listen), for main.ts and the tests. */
export function buildRecordsApp(deps: { pool: Pool; redis?: Redis; logger: Logger }) {
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      app.use(lookupRoutes(deps.pool));
    },
  });
}
