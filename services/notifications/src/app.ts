import { createServiceApp, type Logger, type Pool, type Redis, type TokenVerifier } from '@sh/shared/server';
import { contactRoutes } from './routes/contact.js';

/** Builds the notifications service's app (no listen), for main.ts and the tests. */
export function buildNotificationsApp(deps: { pool: Pool; redis?: Redis; logger: Logger; verifier: TokenVerifier }) {
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      app.use(contactRoutes(deps.pool, deps.verifier));
    },
  });
}
