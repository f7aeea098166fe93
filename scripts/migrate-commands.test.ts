/**
 * Each service's one-shot migrate command, run as the Kubernetes Job runs it (deploy/k8s/base/migrations.yaml), and a
 * service started with MIGRATE_AT_START=false waiting for it before it listens (docs/deployment.md#migrations).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, ensureDatabase, pendingMigrations, type Pool } from '@sh/shared/server';
import { runServiceMain, testQueuePrefix, TEST_POSTGRES_URL, uniqueSuffix } from '@sh/shared/testing';
import { ROOT, SERVICE_NAMES } from '@sh/shared/launcher';

const created: { name: string; pool: Pool }[] = [];
const admin = createPool(TEST_POSTGRES_URL, 1);

async function emptyDatabase(service: string): Promise<{ url: string; pool: Pool }> {
  const name = `sh_${service}_migrate_test_${uniqueSuffix()}`;
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  const pool = createPool(url.toString(), 1);
  created.push({ name, pool });
  return { url: url.toString(), pool };
}

/** `node --import tsx services/<service>/src/migrate.ts`, from the repository's root as in the image. */
function runMigrate(service: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `services/${service}/src/migrate.ts`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

afterAll(async () => {
  for (const { name, pool } of created) {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await admin.end();
});

describe("each service's migrate command", () => {
  it('applies all of its migrations in production and exits 0, and applies nothing the second time', async () => {
    await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const { url, pool } = await emptyDatabase(service);
        const env = { NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: url };
        const migrations = path.join(ROOT, 'services', service, 'migrations');
        expect((await pendingMigrations(pool, migrations)).length).toBeGreaterThan(3);
        const first = await runMigrate(service, env);
        expect(first.code, first.output).toBe(0);
        expect(first.output).toContain('"msg":"migrations applied"');
        expect(await pendingMigrations(pool, migrations)).toEqual([]);
        const second = await runMigrate(service, env);
        expect(second.code, second.output).toBe(0);
        expect(second.output).toContain('"msg":"no migration to apply"');
      }),
    );
  });

  it('exits non-zero, naming DATABASE_URL, when it is not set in production', async () => {
    const run = await runMigrate('records', { NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('DATABASE_URL is required');
  });

  it('is what a service started with MIGRATE_AT_START=false waits for before it listens', async () => {
    const { url } = await emptyDatabase('billing');
    let listened = 0;
    const service = runServiceMain({
      serviceDir: path.join(ROOT, 'services/billing'),
      service: 'billing',
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: '0',
        DATABASE_URL: url,
        REDIS_KEY_PREFIX: testQueuePrefix(),
        MIGRATE_AT_START: 'false',
      },
      onListening: async () => {
        listened = Date.now();
      },
    });
    // Three seconds without its migrations: it has not listened.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(listened).toBe(0);
    const migrate = await runMigrate('billing', { NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: url });
    expect(migrate.code, migrate.output).toBe(0);
    const run = await service;
    expect(run.stdout).toContain('waiting for the migrate command to apply these migrations');
    expect(run.code, run.stderr).toBe(0);
    expect(listened).toBeGreaterThan(0);
  });
});
