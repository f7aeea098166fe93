import { z } from 'zod';
import {
  databaseServiceConfigShape,
  databaseServiceDevDefaults,
  loadConfig,
  pemText,
  usesDevelopmentDefaults,
} from '@sh/shared/server';

const privateKeyPem = pemText.pipe(z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }));

/** Development's key for the stored TOTP secrets (production sets its own SECOND_FACTOR_KEY). */
export const DEV_SECOND_FACTOR_KEY = Buffer.alloc(32, 'wrenchmark-development-2fa-key!!').toString('base64');

/** Development's HMAC key of stored API keys (production sets its own API_KEY_HASH_KEY). */
export const DEV_API_KEY_HASH_KEY = Buffer.alloc(32, 'wrenchmark-development-api-keys!').toString('base64');

/** 32 random bytes, base64 (`openssl rand -base64 32`): the TOTP secrets' AES-256-GCM key, the API keys' HMAC key. */
const base64Key32 = z
  .string()
  .transform((text) => Buffer.from(text, 'base64'))
  .refine((key) => key.length === 32, { message: 'must be 32 bytes, base64 (openssl rand -base64 32)' });

/** The configuration shape; the signing key is required in production only (development keeps one in the database). */
export function configShapeFor(env: NodeJS.ProcessEnv) {
  const isProduction = !usesDevelopmentDefaults(env);
  return {
    ...databaseServiceConfigShape('identity'),
    /** RS256 private key (PKCS#8 or PKCS#1 PEM) that signs access tokens. */
    JWT_PRIVATE_KEY: isProduction ? privateKeyPem : privateKeyPem.optional(),
    /** The first admin of a deployment, created at start-up when no such user exists. */
    ADMIN_EMAIL: z.string().trim().toLowerCase().email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    /** Encrypts each user's TOTP secret at rest; required in production. */
    SECOND_FACTOR_KEY: base64Key32,
    /** The HMAC-SHA-256 key API keys are stored under (docs/architecture.md#api-keys); required in production. */
    API_KEY_HASH_KEY: base64Key32,
    /** Whether every admin must have two-step verification before anything else: on in production unless set to false. */
    REQUIRE_ADMIN_SECOND_FACTOR: z
      .enum(['true', 'false'])
      .default(isProduction ? 'true' : 'false')
      .transform((value) => value === 'true'),
  };
}

export type IdentityConfig = ReturnType<typeof readConfig>;

/** Reads identity's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(
    'identity',
    configShapeFor(env),
    {
      ...databaseServiceDevDefaults('identity'),
      SECOND_FACTOR_KEY: DEV_SECOND_FACTOR_KEY,
      API_KEY_HASH_KEY: DEV_API_KEY_HASH_KEY,
    },
    env,
  );
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    process.stderr.write(
      '[identity] Invalid configuration:\n  - ADMIN_EMAIL and ADMIN_PASSWORD must be set together\n',
    );
    process.exit(1);
  }
  return config;
}
