import { createServiceApp, type ServiceAppDeps, type TokenVerifier } from '@sh/shared/server';
import { contactRoutes } from './routes/contact.js';

export interface NotificationsAppDeps extends ServiceAppDeps {
  verifier: TokenVerifier;
}

/** Builds the notifications service's app (no listen), for main.ts and the tests. */
export function buildNotificationsApp(deps: NotificationsAppDeps) {
  return createServiceApp({
    ...deps,
    service: 'notifications',
    routes: (app) => {
      app.use(contactRoutes(deps.pool, deps.verifier));
    },
  });
}
