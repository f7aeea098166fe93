import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('npm start without its infrastructure', () => {
  it('says that Postgres cannot be reached, and how to start it', () => {
    const result = start({ POSTGRES_URL: 'postgres://postgres@127.0.0.1:1/postgres' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Postgres is not reachable at postgres://postgres@127.0.0.1:1/postgres');
    expect(result.stderr).toContain('pg_ctlcluster');
    expect(result.stderr).not.toContain('Redis is not reachable');
  });

  it('says that Redis cannot be reached, and how to start it', () => {
    const result = start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Redis is not reachable at redis://127.0.0.1:1');
    expect(result.stderr).toContain('redis-server --daemonize yes');
    expect(result.stderr).not.toContain('Postgres is not reachable');
  });
});
