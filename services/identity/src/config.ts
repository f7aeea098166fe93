import { z } from 'zod';
import { baseConfigShape, pemText, usesDevelopmentDefaults, DEV_INTERNAL_TOKEN, loadConfig, LOCAL_DATABASES, LOCAL_PORTS, LOCAL_REDIS_URL, localDatabaseUrl } from '@sh/shared/server';

const privateKeyPem = pemText.pipe(z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }));

/** The configuration shape; the signing key is required in production only (development keeps one in the database). */
export function configShapeFor(env: NodeJS.ProcessEnv) {
  const isProduction = !usesDevelopmentDefaults(env);
  return {
    ...baseConfigShape,
    PORT: z.coerce.number().int().min(0).max(65535).default(LOCAL_PORTS.identity),
    DATABASE_URL: z.string().url(),
    INTERNAL_TOKEN: z.string().min(16),
    /** RS256 private key (PKCS#8 or PKCS#1 PEM) that signs access tokens. */
    JWT_PRIVATE_KEY: isProduction ? privateKeyPem : privateKeyPem.optional(),
    /** The first admin of a deployment, created at start-up when no such user exists. */
    ADMIN_EMAIL: z.string().trim().toLowerCase().email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
  };
}

export type IdentityConfig = ReturnType<typeof readConfig>;

/** Reads identity's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig('identity', configShapeFor(env), {
    DATABASE_URL: localDatabaseUrl(LOCAL_DATABASES.identity),
    REDIS_URL: LOCAL_REDIS_URL,
    INTERNAL_TOKEN: DEV_INTERNAL_TOKEN,
  }, env);
  if (Boolean(config.ADMIN_EMAIL) !== Boolean(config.ADMIN_PASSWORD)) {
    process.stderr.write('[identity] Invalid configuration:\n  - ADMIN_EMAIL and ADMIN_PASSWORD must be set together\n');
    process.exit(1);
  }
  return config;
}
