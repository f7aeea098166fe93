import { z } from 'zod';
import { DVLA_API_URL, DVLA_LIMITS } from './clients/dvla.js';
import { DVSA_API_URL, DVSA_LIMITS, DVSA_SCOPE, DVSA_TOKEN_URL } from './clients/dvsa.js';
import { DEFAULT_EXPORT_LIMITS } from './domain/export-garage-records.js';
import { DEFAULT_IMPORT_BATCH_ROWS } from './domain/record-import/import-garage-records.js';
import { DEVELOPMENT_LOG, RECORD_IMPORT_MAX_ROWS } from '@sh/shared/contract';
import { ANSWER_ENCODINGS } from '@sh/shared/lookup-cache';
import {
  DEV_LOG_SIGNING_KEY,
  pemText,
  usesDevelopmentDefaults,
  loadServiceConfig,
  serviceConfigShape,
} from '@sh/shared/server';

/** Where `npm start` runs the DVLA and DVSA doubles (the launcher, packages/shared/src/launcher/stack.ts). */
export const LOCAL_DOUBLE_PORTS = { dvla: 4012, dvsa: 4013 } as const;

const privateKeyPem = pemText.pipe(
  z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key (Ed25519, PKCS#8)' }),
);

/** The configuration shape; the receipt signing key is required in production only (development keeps one in the database). */
export function configShapeFor(env: NodeJS.ProcessEnv) {
  return serviceConfigShape('records', {
    /**
     * A read replica of records' own database (a streaming standby of DATABASE_URL's server): the public lookup's
     * misses read it when it has replayed every write their answers must show, the primary otherwise
     * (packages/shared/src/lookup-cache/README.md, "Read replicas"). Unset, every read goes to the primary. Without a
     * user of its own it takes DATABASE_URL's user and password (databaseReadUrl).
     */
    DATABASE_READ_URL: z.string().url().optional(),
    /** Ed25519 private key (PKCS#8 PEM) that signs record receipts. */
    RECORDS_SIGNING_KEY: usesDevelopmentDefaults(env) ? privateKeyPem.optional() : privateKeyPem,
    /** DVLA's Vehicle Enquiry Service and its key (the buyer's report: the vehicle's details). */
    DVLA_API_URL: z.string().url().default(DVLA_API_URL),
    DVLA_API_KEY: z.string().min(1),
    /** DVSA's MOT History API, its OAuth2 token endpoint, client credentials and key (the buyer's report: MOT tests). */
    DVSA_API_URL: z.string().url().default(DVSA_API_URL),
    DVSA_TOKEN_URL: z.string().url().default(DVSA_TOKEN_URL),
    DVSA_SCOPE: z.string().min(1).default(DVSA_SCOPE),
    DVSA_CLIENT_ID: z.string().min(1),
    DVSA_CLIENT_SECRET: z.string().min(1),
    DVSA_API_KEY: z.string().min(1),
    /**
     * Calls a UTC day to DVLA and to DVSA, across every records instance (a budget in Redis): past it, the report
     * lists the source as missing until midnight. Set to the quota each service granted our key.
     */
    DVLA_DAILY_ALLOWANCE: z.coerce.number().int().min(1).default(DVLA_LIMITS.perDay),
    DVSA_DAILY_ALLOWANCE: z.coerce.number().int().min(1).default(DVSA_LIMITS.perDay),
    /** The transparency log's name: its checkpoints' origin line and its key's name (a URL-like name we own). */
    LOG_ORIGIN: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^\s+]+$/, { message: 'must be one word, with no spaces or +' }),
    /** The Ed25519 signer key of the log's checkpoints, as `npm run log:key -- <LOG_ORIGIN>` prints it (line 1). */
    LOG_SIGNING_KEY: z
      .string()
      .startsWith('PRIVATE+KEY+', { message: 'must be a signer key as npm run log:key prints it' }),
    /** How often records checks whether the log grew and, if it did, signs a checkpoint of it. */
    LOG_CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(30_000),
    /**
     * true: publish every vehicle's lookup answer in Redis at start and twice a day (those not published yet), so
     * that the gateway answers any lookup without asking records; false: only answers built for a lookup are.
     */
    LOOKUP_ANSWERS_PREWARM: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * How published answers are stored in Redis: br (compressed, 774 bytes a vehicle measured) or plain (uncompressed,
     * 2,693, published at a fraction of records' CPU); bench:lookup runs a plain records beside the br one to compare
     * them in one run (bench/README.md).
     */
    LOOKUP_ANSWERS_ENCODING: z.enum(ANSWER_ENCODINGS).default('br'),
    /** Exports one garage may stream at once from an instance (besides the instance's four for all): one more is a 429. */
    RECORD_EXPORTS_PER_GARAGE: z.coerce
      .number()
      .int()
      .min(1)

      .default(DEFAULT_EXPORT_LIMITS.perGarage),
    /** How long an export may take to be written, however slowly it is read; then it is cut off and its slot freed. */
    RECORD_EXPORT_DEADLINE_MS: z.coerce.number().int().min(1000).default(DEFAULT_EXPORT_LIMITS.deadlineMs),
    /**
     * Records of an import sealed to a transaction, each holding the log's head lock: another garage's new record
     * waits for one batch (about 100 ms at 1,000), not the whole file.
     */
    RECORD_IMPORT_BATCH_ROWS: z.coerce
      .number()
      .int()
      .min(1)
      .max(RECORD_IMPORT_MAX_ROWS)
      .default(DEFAULT_IMPORT_BATCH_ROWS),
    /** How long each database statement of an export (a batch of its cursor) may run. */
    RECORD_EXPORT_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(DEFAULT_EXPORT_LIMITS.statementTimeoutMs),
  });
}

export type RecordsConfig = ReturnType<typeof readConfig>;

/**
 * The read replica's URL, or undefined when DATABASE_READ_URL is unset. A URL that names no user takes DATABASE_URL's
 * user and password, as a streaming replica has its primary's roles: a deployment then keeps the password in one
 * secret (CloudNativePG's, docs/deployment.md#postgres) and the replica's address in its configuration.
 */
export function databaseReadUrl(config: Pick<RecordsConfig, 'DATABASE_URL' | 'DATABASE_READ_URL'>): string | undefined {
  if (config.DATABASE_READ_URL === undefined) return undefined;
  const read = new URL(config.DATABASE_READ_URL);
  if (read.username === '') {
    const primary = new URL(config.DATABASE_URL);
    read.username = primary.username;
    read.password = primary.password;
  }
  return read.toString();
}

/** Reads the records service's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadServiceConfig(
    'records',
    configShapeFor(env),
    {
      LOG_ORIGIN: DEVELOPMENT_LOG.origin,
      LOG_SIGNING_KEY: DEV_LOG_SIGNING_KEY,
      // The local doubles (doubles/src/dvla and dvsa) and the development credentials they accept.
      DVLA_API_URL: `http://127.0.0.1:${LOCAL_DOUBLE_PORTS.dvla}`,
      DVLA_API_KEY: 'dev-dvla-key',
      DVSA_API_URL: `http://127.0.0.1:${LOCAL_DOUBLE_PORTS.dvsa}`,
      DVSA_TOKEN_URL: `http://127.0.0.1:${LOCAL_DOUBLE_PORTS.dvsa}/oauth2/token`,
      DVSA_CLIENT_ID: 'dev-dvsa-client',
      DVSA_CLIENT_SECRET: 'dev-dvsa-client-secret',
      DVSA_API_KEY: 'dev-dvsa-key',
    },
    env,
  );
}
