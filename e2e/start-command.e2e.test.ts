import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedis } from '@sh/shared/server';
import { configurationTable, PASSED_TO_SERVICES, SET_BY_START } from '../scripts/configuration.js';
import { waitForMail } from './support/mail.js';

const root = path.join(import.meta.dirname, '..');

/** The pid of the one service process that was started with PORT=port (Linux: read from /proc). */
function processListeningAs(port: string): number {
  const pids = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return environment.includes(`PORT=${port}`) && cmdline.includes('src/main.ts');
      } catch {
        return false; // ended meanwhile, or not ours to read
      }
    });
  expect(pids).toHaveLength(1);
  return Number(pids[0]);
}

/** The servers of this test run, when `npm test` names them (containers of its own: scripts/test-servers.ts). */
const servers = Object.fromEntries(
  (['POSTGRES_URL', 'REDIS_URL'] as const).flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
) as Record<string, string>;

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...servers, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('npm start without its infrastructure', () => {
  it('says that Postgres cannot be reached, and how to start it', () => {
    const result = start({ POSTGRES_URL: 'postgres://postgres@127.0.0.1:1/postgres' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Postgres is not reachable at postgres://postgres@127.0.0.1:1/postgres');
    expect(result.stderr).toContain('Start it with: scripts/start-databases.sh --postgres');
    expect(result.stderr).not.toContain('Redis is not reachable');
  });

  it('says that Redis cannot be reached, and how to start it', () => {
    const result = start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Redis is not reachable at redis://127.0.0.1:1');
    expect(result.stderr).toContain('Start it with: scripts/start-databases.sh --redis --redis-port 1');
    expect(result.stderr).not.toContain('Postgres is not reachable');
  });
});

describe('npm start and the configuration table of docs/operations.md', () => {
  /** The variables named in the first column of the configuration table. */
  const documentedVariables = () =>
    configurationTable(readFileSync(path.join(root, 'docs/operations.md'), 'utf8')).flatMap((row) => row.variables);

  it('hands every variable of the table to the services, or says why it sets it itself', () => {
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(30);
    const handled = new Set<string>([...PASSED_TO_SERVICES, ...Object.keys(SET_BY_START)]);
    expect(documented.filter((name) => !handled.has(name))).toEqual([]);
    expect([...handled].filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('passes the variables it is started with to the services that read them, and starts a service that dies again', async () => {
    // The lookup budget below is counted in Redis for a minute: a run right after another starts from nothing.
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const counted = await redis.keys('start_test:rl:*');
    if (counted.length > 0) await redis.del(...counted);
    redis.disconnect();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        ...servers,
        PORT: '28080',
        SH_PORT_OFFSET: '20000',
        SH_DATABASE_SUFFIX: '_start_test',
        REDIS_KEY_PREFIX: 'start_test',
        HOST: '127.0.0.1',
        RATE_LIMIT_LOOKUP_PER_MINUTE: '2',
        SUPPORT_EMAIL: 'front-desk@example.co.uk',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => output, { timeout: 90_000, interval: 250 })
        .toContain('is running at http://localhost:28080');
      const lookups = [];
      for (let i = 0; i < 3; i += 1)
        lookups.push((await fetch('http://127.0.0.1:28080/api/v1/service-records/lookup/AD61HCX')).status);
      expect(lookups).toEqual([200, 200, 429]);
      const contact = await fetch('http://127.0.0.1:28080/api/v1/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sam Driver', email: 'sam@example.co.uk', subject: 'general', message: 'Hello' }),
      });
      expect(contact.status).toBe(200);
      const mail = await waitForMail('http://127.0.0.1:28025', 'front-desk@example.co.uk', /.+/);
      expect(mail.to).toContain('front-desk@example.co.uk');

      // A service that dies is started again, as compose's restart policy would, and answers again.
      const records = processListeningAs('24003');
      process.kill(records, 'SIGKILL');
      await expect
        .poll(() => output, { timeout: 10_000, interval: 100 })
        .toContain('[records] exited on its own (SIGKILL); starting it again in 1 s');
      await expect.poll(() => output, { timeout: 60_000, interval: 250 }).toContain('[records] started again');
      expect(processListeningAs('24003')).not.toBe(records);
      expect((await fetch('http://127.0.0.1:24003/readyz')).status).toBe(200);
    } finally {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 150_000);
});
