import { createServiceApp, type Logger, type Pool, type Redis, type TokenVerifier } from '@sh/shared/server';
import type { PasswordChecker } from './clients/identity.js';
import type { ReceiptSigner } from './domain/signing-key.js';
import { integrityRoutes } from './routes/integrity.js';
import { lookupRoutes } from './routes/lookup.js';
import { serviceRecordRoutes } from './routes/service-records.js';

export interface RecordsAppDeps {
  pool: Pool;
  redis?: Redis;
  logger: Logger;
  verifier: TokenVerifier;
  signer: ReceiptSigner;
  identity: PasswordChecker;
  now?: () => Date;
}

/** Builds the records service's app (no listen), for main.ts and the tests. */
export function buildRecordsApp(deps: RecordsAppDeps) {
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      app.use(lookupRoutes(deps.pool));
      app.use(integrityRoutes({ pool: deps.pool, signer: deps.signer }));
      app.use(serviceRecordRoutes(deps));
    },
  });
}
