import {
  adminOpsRoutes,
  createServiceApp,
  type Logger,
  type Pool,
  type Redis,
  type TokenVerifier,
} from '@sh/shared/server';
import type { CompaniesHouseClient } from './clients/companies-house.js';
import type { IdentityClient } from './clients/identity.js';
import { companyRoutes } from './routes/companies.js';
import { garageSuspensionRoutes } from './routes/garage-suspension.js';
import { garageRoutes } from './routes/garages.js';
import { internalAdminRoutes } from './routes/internal-admin.js';
import { usersPhoneRoutes } from './routes/users-phone.js';

export interface GaragesAppDeps {
  pool: Pool;
  redis?: Redis;
  logger: Logger;
  verifier: TokenVerifier;
  companiesHouse: CompaniesHouseClient;
  identity: IdentityClient;
  companyTokenSecret: string;
  /** Proves the gateway on /internal/ routes. */
  internalToken: string;
  /** Garages' own event queue, for the admin's view of it (its counts, its dead events and their retry). */
  queue?: { redisUrl: string; prefix: string };
}

/** Builds the garages service's app (no listen), for main.ts and the tests. */
export function buildGaragesApp(deps: GaragesAppDeps) {
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      // For the gateway's admin calls: the garages list, garages' audit, its event queue and a retry of a dead event.
      app.use(internalAdminRoutes(deps));
      app.use(
        adminOpsRoutes({ service: 'garages', pool: deps.pool, internalToken: deps.internalToken, queue: deps.queue }),
      );
      app.use(companyRoutes(deps));
      app.use(garageSuspensionRoutes(deps));
      app.use(garageRoutes(deps));
      app.use(usersPhoneRoutes(deps));
    },
  });
}
