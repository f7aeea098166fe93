import { z } from 'zod';
import { DEV_INTERNAL_TOKEN, LOCAL_DATABASES, LOCAL_PORTS } from './services.js';

/**
 * Whether an environment may fall back on the built-in development defaults (local Postgres, test keys and
 * secrets): only when NODE_ENV says development or test. Unset, production or anything else needs every variable.
 */
export function usesDevelopmentDefaults(env: { NODE_ENV?: string }): boolean {
  return env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
}

/** Fields every service reads. NODE_ENV unset counts as production. */
export const baseConfigShape = {
  NODE_ENV: z.string().min(1).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  REDIS_URL: z.string().url(),
  /** The prefix of every key the platform keeps in Redis: queues, rate limits, the lookup cache, allowances. */
  REDIS_KEY_PREFIX: z.string().min(1).default('sh'),
  /**
   * Where the process serves its Prometheus metrics (GET /metrics), apart from its API port so that nothing routed to
   * the API reaches them; unset, it serves none (docs/operations.md#metrics).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The OpenTelemetry collector's base URL (OTLP over HTTP); unset, nothing is traced (docs/operations.md#traces). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
};

/**
 * Variables renamed, by their old name. For this release the old name is still read, with a warning, where the new
 * one is not set; the next release reads only the new one. BULLMQ_PREFIX prefixed every key in Redis, not BullMQ's alone.
 */
export const RENAMED_VARIABLES: Readonly<Record<string, string>> = { BULLMQ_PREFIX: 'REDIS_KEY_PREFIX' };

/** `env` with each renamed variable that is set only under its old name set under its new one too; `warn` hears of each old name set. */
export function withRenamedVariables(env: NodeJS.ProcessEnv, warn: (message: string) => void): NodeJS.ProcessEnv {
  let renamed = env;
  for (const [old, name] of Object.entries(RENAMED_VARIABLES)) {
    if (!env[old]) continue;
    if (env[name]) {
      warn(`${old} is not read: ${name} is set. ${old} is its old name; remove it.`);
    } else {
      renamed = { ...renamed, [name]: env[old] };
      warn(`${old} is deprecated: read as ${name} for this release only. Set ${name} instead.`);
    }
  }
  return renamed;
}

/** A PEM given on one line with literal "\n" (as many secret stores hold it) becomes a real PEM again. */
export const pemText = z.string().transform((value) => value.replace(/\\n/g, '\n'));

/**
 * How a service verifies access tokens: identity's public key from JWT_PUBLIC_KEY, or else fetched from
 * IDENTITY_URL (see createTokenVerifier).
 */
export const tokenVerifierConfigShape = {
  IDENTITY_URL: z.string().url(),
  JWT_PUBLIC_KEY: pemText.optional(),
};

/** The development default of tokenVerifierConfigShape: identity where `npm start` runs it. */
export const tokenVerifierDevDefaults = { IDENTITY_URL: `http://127.0.0.1:${LOCAL_PORTS.identity}` };

/** Thrown by parseConfig; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment against a zod shape. When NODE_ENV is development or test, `devDefaults` fill in
 * variables that are not set (local Postgres, Redis, test keys); otherwise every required variable must be given.
 */
export function parseConfig<S extends z.ZodRawShape>(
  shape: S,
  env: NodeJS.ProcessEnv,
  devDefaults: Partial<Record<keyof S, string>> = {},
): z.infer<z.ZodObject<S>> {
  const source: Record<string, string | undefined> = { ...env };
  if (usesDevelopmentDefaults(env)) {
    for (const [key, value] of Object.entries(devDefaults)) {
      if (source[key] === undefined || source[key] === '') source[key] = value as string;
    }
  }
  for (const key of Object.keys(source)) if (source[key] === '') delete source[key];
  const result = z.object(shape).safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const missing = source[name] === undefined;
    return missing ? `${name} is required` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Parses config at start-up; on failure prints every problem and exits non-zero. */
export function loadConfig<S extends z.ZodRawShape>(
  service: string,
  shape: S,
  devDefaults: Partial<Record<keyof S, string>> = {},
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<S>> {
  try {
    return parseConfig(
      shape,
      withRenamedVariables(env, (message) => process.stderr.write(`[${service}] ${message}\n`)),
      devDefaults,
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`[${service}] ${error.message}\n`);
    process.exit(1);
  }
}

/** Local development defaults shared by the services (one Postgres server, one database per service). */
export function localDatabaseUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:5432/${database}`;
}
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** A service that owns a database (LOCAL_DATABASES names them). */
export type DatabaseService = keyof typeof LOCAL_DATABASES;

/**
 * Fields every service that owns a database reads, beyond baseConfigShape: its port, its database, and the internal
 * token that proves the gateway (and the other services) on its /internal/ routes.
 */
export function databaseServiceConfigShape(service: DatabaseService) {
  return {
    ...baseConfigShape,
    PORT: z.coerce.number().int().min(0).max(65535).default(LOCAL_PORTS[service]),
    DATABASE_URL: z.string().url(),
    INTERNAL_TOKEN: z.string().min(16),
    /**
     * true: the service applies its migrations as it starts (npm start, compose); false: a one-shot migrate command
     * does, once per release, and the service waits for it (docs/deployment.md#migrations).
     */
    MIGRATE_AT_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  };
}

/**
 * The development defaults of databaseServiceConfigShape: the service's local database, the local Redis and the
 * development internal token.
 */
export function databaseServiceDevDefaults(service: DatabaseService) {
  return {
    DATABASE_URL: localDatabaseUrl(LOCAL_DATABASES[service]),
    REDIS_URL: LOCAL_REDIS_URL,
    INTERNAL_TOKEN: DEV_INTERNAL_TOKEN,
  };
}

/**
 * The configuration of a service that owns a database and checks its callers' tokens: databaseServiceConfigShape,
 * tokenVerifierConfigShape and the service's own fields.
 */
export function serviceConfigShape<S extends z.ZodRawShape>(service: DatabaseService, own: S) {
  return { ...databaseServiceConfigShape(service), ...tokenVerifierConfigShape, ...own };
}

/**
 * Reads a service's configuration once (loadConfig), outside production with the development defaults of its
 * database, of the token verifier and its own; exits naming every bad variable.
 */
export function loadServiceConfig<S extends z.ZodRawShape>(
  service: DatabaseService,
  shape: S,
  ownDevDefaults: Partial<Record<keyof S, string>>,
  env: NodeJS.ProcessEnv,
): z.infer<z.ZodObject<S>> {
  const devDefaults = { ...databaseServiceDevDefaults(service), ...tokenVerifierDevDefaults, ...ownDevDefaults };
  return loadConfig(service, shape, devDefaults as Partial<Record<keyof S, string>>, env);
}
