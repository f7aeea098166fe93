import { createServiceApp, type ServiceAppDeps, type TokenVerifier } from '@sh/shared/server';
import type { MotExpiryLookup } from './clients/mot-expiry.js';
import { contactRoutes } from './routes/contact.js';
import { reminderRoutes } from './routes/reminders.js';

export interface NotificationsAppDeps extends ServiceAppDeps {
  verifier: TokenVerifier;
  /**
   * The MOT expiry DVSA reports, for a garage whose reminders are due from it (records' vehicle report); without it
   * (tests of other calls) none is known, and such reminders fall back to 11 months after the service.
   */
  lookupMotExpiry?: MotExpiryLookup;
}

/** Builds the notifications service's app (no listen), for main.ts and the tests. */
export function buildNotificationsApp(deps: NotificationsAppDeps) {
  return createServiceApp({
    ...deps,
    service: 'notifications',
    routes: (app) => {
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
