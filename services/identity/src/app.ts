import { createRevokedUsers, createServiceApp, type ServiceAppDeps, createTokenVerifier } from '@sh/shared/server';
import type { SigningKeys } from './domain/signing-keys.js';
import { DEV_API_KEY_HASH_KEY, DEV_SECOND_FACTOR_KEY } from './config.js';
import type { SecondFactorSettings } from './domain/second-factor-settings.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { authRoutes } from './routes/auth.js';
import { internalRoutes } from './routes/internal.js';
import { secondFactorRoutes } from './routes/second-factor.js';
import { teamRoutes } from './routes/team.js';
import { userRoutes } from './routes/users.js';

export interface IdentityAppDeps extends ServiceAppDeps {
  keys: SigningKeys;
  /** Prefix of identity's Redis keys (REDIS_KEY_PREFIX). */
  keyPrefix?: string;
  /** Two-step verification: the key of the stored secrets and whether admins must have it (tests: development's key, not required). */
  secondFactor?: Omit<SecondFactorSettings, 'attempts'>;
  /** API_KEY_HASH_KEY, the HMAC key of stored API keys (tests: development's key). */
  apiKeyHashKey?: Buffer;
}

/** Builds the identity service's app (no listen), for main.ts and the tests. */
export function buildIdentityApp(deps: IdentityAppDeps) {
  // A removed technician's tokens stop counting at once (docs/product.md#the-garages-team).
  const revokedUsers = deps.redis ? createRevokedUsers(deps.redis, deps.keyPrefix ?? 'sh') : null;
  const verifier = createTokenVerifier({ publicKey: deps.keys.publicKey, revokedUsers: revokedUsers ?? undefined });
  return createServiceApp({
    ...deps,
    service: 'identity',
    routes: (app) => {
      // Every check of a password the user already has (other services' re-checks, an e-mail or password change)
      // shares one budget per account.
      const passwordFailures = deps.redis ? { redis: deps.redis, keyPrefix: deps.keyPrefix ?? 'sh' } : null;
      app.use(internalRoutes({ pool: deps.pool, internalToken: deps.internalToken, passwordFailures }));
      // Wrong second-factor codes have the same budget, under a name of their own.
      const secondFactor: SecondFactorSettings = {
        encryptionKey: deps.secondFactor?.encryptionKey ?? Buffer.from(DEV_SECOND_FACTOR_KEY, 'base64'),
        isRequiredForAdmins: deps.secondFactor?.isRequiredForAdmins ?? false,
        attempts: passwordFailures && { ...passwordFailures, budget: 'second-factor' },
      };
      app.use(authRoutes({ pool: deps.pool, keys: deps.keys, verifier, secondFactor }));
      app.use(
        secondFactorRoutes({ pool: deps.pool, keys: deps.keys, verifier, settings: secondFactor, passwordFailures }),
      );
      app.use(userRoutes({ pool: deps.pool, keys: deps.keys, verifier, passwordFailures }));
      app.use(teamRoutes({ pool: deps.pool, verifier, revokedUsers }));
      app.use(
        apiKeyRoutes({
          pool: deps.pool,
          verifier,
          passwordFailures,
          internalToken: deps.internalToken,
          settings: {
            keys: deps.keys,
            hashKey: deps.apiKeyHashKey ?? Buffer.from(DEV_API_KEY_HASH_KEY, 'base64'),
          },
        }),
      );
    },
  });
}
