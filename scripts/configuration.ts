/**
 * Which of the configuration variables (docs/operations.md#configuration) `npm start` hands to the services, and
 * which it sets itself.
 * A variable set in the environment of `npm start` reaches every process it starts, unless it is one the stack
 * must wire itself (listed below with the way to change it); a test checks this list against that table.
 */
export const PASSED_TO_SERVICES = [
  'LOG_LEVEL',
  'REDIS_KEY_PREFIX',
  'INTERNAL_TOKEN',
  'JWT_PRIVATE_KEY',
  'JWT_PUBLIC_KEY',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'COMPANIES_HOUSE_URL',
  'COMPANIES_HOUSE_API_KEY',
  'COMPANIES_HOUSE_RATE_LIMIT',
  'COMPANIES_HOUSE_RATE_WINDOW_SECONDS',
  'RECORDS_SIGNING_KEY',
  'COMPANY_TOKEN_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRODUCT_ID',
  'STRIPE_PRICE_ID',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
  'RATE_LIMIT_API_PER_MINUTE',
  'RATE_LIMIT_LOOKUP_PER_MINUTE',
  'RATE_LIMIT_AUTH_PER_MINUTE',
  'RATE_LIMIT_API_KEY_RECORDS_PER_MINUTE',
  'RATE_LIMIT_ONE_CLICK_PER_MINUTE',
  'TRUST_PROXY',
  'UPSTREAM_TIMEOUT_MS',
  'WEB_DIST',
  'DVLA_API_URL',
  'DVLA_API_KEY',
  'DVSA_API_URL',
  'DVSA_TOKEN_URL',
  'DVSA_SCOPE',
  'DVSA_CLIENT_ID',
  'DVSA_CLIENT_SECRET',
  'DVSA_API_KEY',
  'LOOKUP_ANSWERS_PREWARM',
  'DATABASE_READ_URL',
  'DVLA_DAILY_ALLOWANCE',
  'DVSA_DAILY_ALLOWANCE',
  'SECOND_FACTOR_KEY',
  'API_KEY_HASH_KEY',
  'REQUIRE_ADMIN_SECOND_FACTOR',
  'LOG_ORIGIN',
  'LOG_SIGNING_KEY',
  'LOG_CHECKPOINT_INTERVAL_MS',
  'RECORD_EXPORTS_PER_GARAGE',
  'RECORD_EXPORT_DEADLINE_MS',
  'RECORD_EXPORT_STATEMENT_TIMEOUT_MS',
  'RECORD_IMPORT_BATCH_ROWS',
  'REMINDER_SCAN_INTERVAL_MS',
  'MIGRATE_AT_START',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
] as const;

/**
 * The variables whose values are secrets: a deployment gives them from a secret store, never in a file of this
 * repository (the Kubernetes manifests reference them by name: docs/deployment.md#secrets). DATABASE_URL and SMTP_URL
 * carry passwords.
 */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'INTERNAL_TOKEN',
  'JWT_PRIVATE_KEY',
  'ADMIN_PASSWORD',
  'COMPANIES_HOUSE_API_KEY',
  'COMPANY_TOKEN_SECRET',
  'RECORDS_SIGNING_KEY',
  'LOG_SIGNING_KEY',
  'SECOND_FACTOR_KEY',
  'API_KEY_HASH_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'DVLA_API_KEY',
  'DVSA_CLIENT_ID',
  'DVSA_CLIENT_SECRET',
  'DVSA_API_KEY',
] as const;

/** One row of the configuration table: the variables it names and the parts of the platform that read them. */
export interface ConfigurationRow {
  variables: string[];
  usedBy: string;
}

/**
 * The rows of the configuration table of docs/operations.md (`markdown`, its text): the variables named in the first
 * column and the "Used by" column. The table starts at its header and ends at the first blank line.
 */
export function configurationTable(markdown: string): ConfigurationRow[] {
  // Prettier pads the columns: the header's cells are matched by name, whatever the spaces around them.
  const start = markdown.search(/^\| *Variable *\| *Used by *\|/m);
  if (start < 0) throw new Error('docs/operations.md has no configuration table (| Variable | Used by | ...)');
  const table = markdown.slice(start, markdown.indexOf('\n\n', start));
  return [...table.matchAll(/^\|([^|]+)\|([^|]+)\|/gm)]
    .map((row) => ({
      variables: [...row[1]!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!),
      usedBy: row[2]!.trim(),
    }))
    .filter((row) => row.variables.length > 0);
}

/** Variables `npm start` sets for each process itself, and how to change what it sets. */
export const SET_BY_START: Record<string, string> = {
  NODE_ENV: 'npm start runs the development stack',
  PORT: "read by npm start as the gateway's port; the services keep theirs",
  HOST: "read by npm start as the gateway's listening address; the services listen on 127.0.0.1",
  DATABASE_URL: "one database per service on POSTGRES_URL's server",
  REDIS_URL: 'read by npm start and given to every process',
  IDENTITY_URL: 'the stack wires the services to each other',
  GARAGES_URL: 'the stack wires the services to each other',
  RECORDS_URL: 'the stack wires the services to each other',
  BILLING_URL: 'the stack wires the services to each other',
  NOTIFICATIONS_URL: 'the stack wires the services to each other',
  METRICS_PORT:
    'npm start serves no metrics: its processes share one machine, and so would the port (compose and Kubernetes set it)',
};

/** The variables of PASSED_TO_SERVICES that are set (and not empty) in an environment. */
export function variablesForServices(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(PASSED_TO_SERVICES.flatMap((name) => (env[name] ? [[name, env[name]!]] : [])));
}
