import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../../..');

describe('records start-up configuration', () => {
  it('stops in production with a message naming each missing variable', () => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['services/records/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379', IDENTITY_URL: 'http://127.0.0.1:4001' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL is required');
    expect(result.stderr).toContain('INTERNAL_TOKEN is required');
    expect(result.stderr).not.toContain('REDIS_URL');
  });
});
