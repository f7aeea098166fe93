import {
  adminOpsRoutes,
  createServiceApp,
  type Logger,
  type Pool,
  type Redis,
  type TokenVerifier,
} from '@sh/shared/server';
import type { MotExpiryLookup } from './clients/mot-expiry.js';
import { contactRoutes } from './routes/contact.js';
import { reminderRoutes } from './routes/reminders.js';

export interface NotificationsAppDeps {
  pool: Pool;
  redis?: Redis;
  logger: Logger;
  verifier: TokenVerifier;
  /** Proves the gateway on /internal/ routes. */
  internalToken: string;
  /** Notifications' own event queue, for the admin's view of it (its counts, its dead events and their retry). */
  queue?: { redisUrl: string; prefix: string };
  /**
   * The MOT expiry DVSA reports, for a garage whose reminders are due from it (records' vehicle report); without it
   * (tests of other calls) none is known, and such reminders fall back to 11 months after the service.
   */
  lookupMotExpiry?: MotExpiryLookup;
}

/** Builds the notifications service's app (no listen), for main.ts and the tests. */
export function buildNotificationsApp(deps: NotificationsAppDeps) {
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      // For the gateway's admin calls: notifications' audit, its event queue and a retry of a dead event.
      app.use(
        adminOpsRoutes({
          service: 'notifications',
          pool: deps.pool,
          internalToken: deps.internalToken,
          queue: deps.queue,
        }),
      );
      app.use(contactRoutes(deps.pool, deps.verifier));
      app.use(
        reminderRoutes({
          pool: deps.pool,
          verifier: deps.verifier,
          lookupMotExpiry: deps.lookupMotExpiry ?? (async () => null),
        }),
      );
    },
  });
}
