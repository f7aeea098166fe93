import { createServiceApp, type ServiceAppDeps, type TokenVerifier } from '@sh/shared/server';
import type { CompaniesHouseClient } from './clients/companies-house.js';
import type { IdentityClient } from './clients/identity.js';
import { companyRoutes } from './routes/companies.js';
import { garageLogoUploadRoutes, garageProfileRoutes } from './routes/garage-profiles.js';
import { garageSuspensionRoutes } from './routes/garage-suspension.js';
import { garageRoutes } from './routes/garages.js';
import { internalAdminRoutes } from './routes/internal-admin.js';
import { usersPhoneRoutes } from './routes/users-phone.js';

export interface GaragesAppDeps extends ServiceAppDeps {
  verifier: TokenVerifier;
  companiesHouse: CompaniesHouseClient;
  identity: IdentityClient;
  companyTokenSecret: string;
}

/** Builds the garages service's app (no listen), for main.ts and the tests. */
export function buildGaragesApp(deps: GaragesAppDeps) {
  return createServiceApp({
    ...deps,
    service: 'garages',
    // Before the JSON parser: the logo's upload is an image, read by its own parser.
    rawRoutes: (app) => app.use(garageLogoUploadRoutes(deps)),
    routes: (app) => {
      // For the gateway's admin calls: the garages list.
      app.use(internalAdminRoutes(deps));
      app.use(companyRoutes(deps));
      app.use(garageSuspensionRoutes(deps));
      app.use(garageProfileRoutes(deps));
      app.use(garageRoutes(deps));
      app.use(usersPhoneRoutes(deps));
    },
  });
}
