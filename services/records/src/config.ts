import { z } from 'zod';
import { baseConfigShape, tokenVerifierConfigShape, DEV_INTERNAL_TOKEN, loadConfig, LOCAL_DATABASES, LOCAL_PORTS, LOCAL_REDIS_URL, localDatabaseUrl } from '@sh/shared/server';

export const configShape = {
  ...baseConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(LOCAL_PORTS.records),
  DATABASE_URL: z.string().url(),
  ...tokenVerifierConfigShape,
  INTERNAL_TOKEN: z.string().min(16),
};

export type RecordsConfig = ReturnType<typeof readConfig>;

/** Reads the records service's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig('records', configShape, {
    DATABASE_URL: localDatabaseUrl(LOCAL_DATABASES.records),
    REDIS_URL: LOCAL_REDIS_URL,
    IDENTITY_URL: `http://127.0.0.1:${LOCAL_PORTS.identity}`,
    INTERNAL_TOKEN: DEV_INTERNAL_TOKEN,
  }, env);
}
