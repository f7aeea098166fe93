import { z } from 'zod';
import { baseConfigShape, pemText, usesDevelopmentDefaults, tokenVerifierConfigShape, DEV_INTERNAL_TOKEN, loadConfig, LOCAL_DATABASES, LOCAL_PORTS, LOCAL_REDIS_URL, localDatabaseUrl } from '@sh/shared/server';

const privateKeyPem = pemText.pipe(z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key (Ed25519, PKCS#8)' }));

/** The configuration shape; the receipt signing key is required in production only (development keeps one in the database). */
export function configShapeFor(env: NodeJS.ProcessEnv) {
  return {
    ...baseConfigShape,
    PORT: z.coerce.number().int().min(0).max(65535).default(LOCAL_PORTS.records),
    DATABASE_URL: z.string().url(),
    ...tokenVerifierConfigShape,
    INTERNAL_TOKEN: z.string().min(16),
    /** Ed25519 private key (PKCS#8 PEM) that signs record receipts. */
    RECORDS_SIGNING_KEY: usesDevelopmentDefaults(env) ? privateKeyPem.optional() : privateKeyPem,
  };
}

export type RecordsConfig = ReturnType<typeof readConfig>;

/** Reads the records service's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig('records', configShapeFor(env), {
    DATABASE_URL: localDatabaseUrl(LOCAL_DATABASES.records),
    REDIS_URL: LOCAL_REDIS_URL,
    IDENTITY_URL: `http://127.0.0.1:${LOCAL_PORTS.identity}`,
    INTERNAL_TOKEN: DEV_INTERNAL_TOKEN,
  }, env);
}
