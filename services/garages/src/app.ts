import { createServiceApp, type Logger, type Pool, type Redis, type TokenVerifier } from '@sh/shared/server';
import type { CompaniesHouseClient } from './clients/companies-house.js';
import type { IdentityClient } from './clients/identity.js';
import { companyRoutes } from './routes/companies.js';
import { garageRoutes } from './routes/garages.js';
import { usersPhoneRoutes } from './routes/users-phone.js';

export interface GaragesAppDeps {
  pool: Pool;
  redis?: Redis;
  logger: Logger;
  verifier: TokenVerifier;
  companiesHouse: CompaniesHouseClient;
  identity: IdentityClient;
  companyTokenSecret: string;
}

/** Builds the garages service's app (no listen), for main.ts and the tests. */
export function buildGaragesApp(deps: GaragesAppDeps) {
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      app.use(companyRoutes(deps));
      app.use(garageRoutes(deps));
      app.use(usersPhoneRoutes(deps));
    },
  });
}
