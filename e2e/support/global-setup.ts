/**
 * Starts the whole platform for the browser journeys: fresh *_e2e_test databases with the demo seed,
 * its own queue prefix, every service, the doubles and the gateway on ports 10000 above development's.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  availableServices,
  checkInfrastructure,
  databaseUrl,
  ROOT,
  stackPorts,
  startStack,
  type RunningStack,
} from '@sh/shared/launcher';
import { prepareDatabases, seedAccounts, seedDemoData } from '../../scripts/seed.js';
import { buildWebIfStale } from '../../scripts/web-build.js';

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const E2E_SUFFIX = '_e2e_test';

let stack: RunningStack | undefined;

async function dropE2eDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    for (const service of availableServices()) {
      await client.query(`DROP DATABASE IF EXISTS sh_${service}${E2E_SUFFIX} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const problems = await checkInfrastructure(postgresUrl, redisUrl);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  buildWebIfStale();
  await dropE2eDatabases();
  // The Stripe double's saved state belongs with the databases just dropped.
  rmSync(path.join(ROOT, '.data', `stripe-double-${E2E_SUFFIX.replace(/^_+/, '')}.json`), { force: true });
  await prepareDatabases(postgresUrl, E2E_SUFFIX);
  await seedDemoData(postgresUrl, E2E_SUFFIX);
  const logs: string[] = [];
  const queuePrefix = `e2e_${process.pid}`;
  stack = await startStack({
    ports: stackPorts(18080, 10000),
    postgresUrl,
    redisUrl,
    databaseSuffix: E2E_SUFFIX,
    redisKeyPrefix: queuePrefix,
    logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
    gatewayHost: '127.0.0.1',
    env: {
      // Every journey is one client (127.0.0.1) to the gateway, and the access matrix alone makes over a thousand
      // calls a minute (every caller on every call, with tokens and with a key); the budgets themselves are tested in
      // the gateway's tests and by the start-command journey.
      RATE_LIMIT_API_PER_MINUTE: '5000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '600',
      ADMIN_EMAIL: seedAccounts().admin.email,
      ADMIN_PASSWORD: seedAccounts().admin.password,
      // A checkpoint of the transparency log follows a new record within 0.2 s, not 30: the fuzz's settled snapshot
      // (and any journey reading the latest checkpoint) sees it already signed, never mid-way.
      LOG_CHECKPOINT_INTERVAL_MS: '200',
    },
    onOutput: (name, line) => {
      logs.push(`[${name}] ${line}`);
      if (process.env.E2E_LOG_LEVEL) process.stdout.write(`[${name}] ${line}\n`);
    },
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${logs.slice(-40).join('\n')}`);
  });
  project.provide('gatewayUrl', stack.urls.gateway);
  project.provide('inboxUrl', stack.urls.smtpInbox);
  project.provide('stripeUrl', stack.urls.stripeDouble);
  project.provide('dvsaUrl', stack.urls.dvsaDouble);
  project.provide('postgresUrl', postgresUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('queuePrefix', queuePrefix);
  project.provide('recordsDatabaseUrl', databaseUrl(postgresUrl, `sh_records${E2E_SUFFIX}`));
  project.provide('identityDatabaseUrl', databaseUrl(postgresUrl, `sh_identity${E2E_SUFFIX}`));
  project.provide('billingDatabaseUrl', databaseUrl(postgresUrl, `sh_billing${E2E_SUFFIX}`));
  return async () => {
    await stack?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    inboxUrl: string;
    stripeUrl: string;
    dvsaUrl: string;
    postgresUrl: string;
    redisUrl: string;
    /** The stack's prefix of queues, rate limits and the lookup's published answers in Redis. */
    queuePrefix: string;
    recordsDatabaseUrl: string;
    identityDatabaseUrl: string;
    billingDatabaseUrl: string;
  }
}
