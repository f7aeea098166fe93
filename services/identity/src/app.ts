import { adminOpsRoutes, createServiceApp, createTokenVerifier, type Logger, type Pool, type Redis } from '@sh/shared/server';
import type { SigningKeys } from './domain/signing-keys.js';
import { authRoutes } from './routes/auth.js';
import { internalRoutes } from './routes/internal.js';
import { userRoutes } from './routes/users.js';

export interface IdentityAppDeps {
  pool: Pool;
  redis?: Redis;
  logger: Logger;
  keys: SigningKeys;
  internalToken: string;
  /** Prefix of identity's Redis keys (BULLMQ_PREFIX). */
  keyPrefix?: string;
  /** Identity's own event queue, for the admin's view of it (its counts, its dead events and their retry). */
  queue?: { redisUrl: string; prefix: string };
}

/** Builds the identity service's app (no listen), for main.ts and the tests. */
export function buildIdentityApp(deps: IdentityAppDeps) {
  const verifier = createTokenVerifier({ publicKey: deps.keys.publicKey });
  return createServiceApp({
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    routes: (app) => {
      // Every check of a password the user already has (other services' re-checks, an e-mail or password change)
      // shares one budget per account.
      const passwordFailures = deps.redis ? { redis: deps.redis, keyPrefix: deps.keyPrefix ?? 'sh' } : null;
      // For the gateway's admin calls: identity's audit, its event queue and a retry of a dead event.
      app.use(adminOpsRoutes({ service: 'identity', pool: deps.pool, internalToken: deps.internalToken, queue: deps.queue }));
      app.use(internalRoutes({ pool: deps.pool, internalToken: deps.internalToken, passwordFailures }));
      app.use(authRoutes({ pool: deps.pool, keys: deps.keys, verifier }));
      app.use(userRoutes({ pool: deps.pool, keys: deps.keys, verifier, passwordFailures }));
    },
  });
}
