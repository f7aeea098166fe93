import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRedis } from '@sh/shared/server';
import { createTestDatabase, testQueuePrefix, TEST_REDIS_URL, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARAGES_MIGRATIONS } from './harness.js';

const SERVICE_DIR = path.join(import.meta.dirname, '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs src/main.ts with exactly the given environment; once it listens, runs onListening and sends SIGTERM.
 * With `viaNpx` it is started as `npx tsx src/main.ts` (npx does not pass signals on, so only for runs that
 * exit by themselves); otherwise as one node process with tsx's loader, which receives the SIGTERM itself.
 */
function runMain(env: Record<string, string>, options: { viaNpx?: boolean; onListening?: (port: number) => Promise<void> } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const [command, args] = options.viaNpx ? (['npx', ['tsx', 'src/main.ts']] as const) : ([process.execPath, ['--import', 'tsx', 'src/main.ts']] as const);
    const child = spawn(command, args, {
      cwd: SERVICE_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let isHandled = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /"port":(\d+),"msg":"garages listening"/.exec(stdout);
      if (match && !isHandled) {
        isHandled = true;
        (options.onListening ? options.onListening(Number(match[1])) : Promise.resolve()).finally(() => child.kill('SIGTERM'));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A run that never gets to listen or never stops is cut off rather than left behind.
    const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('garages', GARAGES_MIGRATIONS);
});
afterAll(async () => {
  await db?.drop();
});

describe('garages start-up', () => {
  it('exits non-zero in production naming every missing secret, but not COMPANIES_HOUSE_URL (it defaults to the real API)', async () => {
    const run = await runMain({ NODE_ENV: 'production' }, { viaNpx: true });
    expect(run.code).not.toBe(0);
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'IDENTITY_URL', 'INTERNAL_TOKEN', 'COMPANIES_HOUSE_API_KEY', 'COMPANY_TOKEN_SECRET']) {
      expect(run.stderr).toContain(`${name} is required`);
    }
    expect(run.stderr).not.toContain('COMPANIES_HOUSE_URL');
  });

  it('starts with development defaults, answers /readyz and stops cleanly on SIGTERM', async () => {
    let readiness = 0;
    const prefix = testQueuePrefix();
    const run = await runMain(
      { NODE_ENV: 'development', DATABASE_URL: db.url, PORT: '0', BULLMQ_PREFIX: prefix },
      {
        onListening: async (port) => {
          readiness = (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
        },
      },
    );
    expect(readiness).toBe(200);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('garages shutting down');
    const redis = createRedis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
});
