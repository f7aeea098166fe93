import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigShape, ConfigError, parseConfig, withRenamedVariables } from '../src/server/config.js';

const shape = {
  DATABASE_URL: z.string().url(),
  PORT: z.coerce.number().int().default(4000),
  SECRET: z.string().min(8),
};

describe('parseConfig', () => {
  it('lists every missing and bad variable at once in production', () => {
    try {
      parseConfig(shape, { NODE_ENV: 'production', PORT: 'eighty' }, { DATABASE_URL: 'postgres://localhost/dev' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems).toContain('DATABASE_URL is required');
      expect(problems).toContain('SECRET is required');
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    }
  });

  it('fills development defaults outside production only', () => {
    const config = parseConfig(
      shape,
      { NODE_ENV: 'development' },
      { DATABASE_URL: 'postgres://localhost/dev', SECRET: 'dev-secret-value' },
    );
    expect(config).toEqual({ DATABASE_URL: 'postgres://localhost/dev', PORT: 4000, SECRET: 'dev-secret-value' });
  });

  it.each([[undefined], [''], ['staging'], ['prod']])('uses no development default when NODE_ENV is %j', (nodeEnv) => {
    const env = nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv };
    expect(() =>
      parseConfig(shape, env, { DATABASE_URL: 'postgres://localhost/dev', SECRET: 'dev-secret-value' }),
    ).toThrow(
      expect.objectContaining({ problems: expect.arrayContaining(['DATABASE_URL is required', 'SECRET is required']) }),
    );
  });

  it('uses the development defaults under test as well', () => {
    expect(
      parseConfig(shape, { NODE_ENV: 'test' }, { DATABASE_URL: 'postgres://localhost/dev', SECRET: 'dev-secret-value' })
        .SECRET,
    ).toBe('dev-secret-value');
  });
});

describe('withRenamedVariables', () => {
  const readPrefix = (env: NodeJS.ProcessEnv) => {
    const warnings: string[] = [];
    const config = parseConfig(
      baseConfigShape,
      withRenamedVariables({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379', ...env }, (message) =>
        warnings.push(message),
      ),
      {},
    );
    return { prefix: config.REDIS_KEY_PREFIX, warnings };
  };

  it('reads BULLMQ_PREFIX as REDIS_KEY_PREFIX for this release, with a warning', () => {
    const { prefix, warnings } = readPrefix({ BULLMQ_PREFIX: 'old_name' });
    expect(prefix).toBe('old_name');
    expect(warnings).toEqual([
      'BULLMQ_PREFIX is deprecated: read as REDIS_KEY_PREFIX for this release only. Set REDIS_KEY_PREFIX instead.',
    ]);
  });

  it('lets REDIS_KEY_PREFIX win over the old name, and warns that the old one is not read', () => {
    const { prefix, warnings } = readPrefix({ BULLMQ_PREFIX: 'old_name', REDIS_KEY_PREFIX: 'new_name' });
    expect(prefix).toBe('new_name');
    expect(warnings).toEqual([
      'BULLMQ_PREFIX is not read: REDIS_KEY_PREFIX is set. BULLMQ_PREFIX is its old name; remove it.',
    ]);
  });

  it('warns of nothing when only the new name, or neither, is set', () => {
    expect(readPrefix({ REDIS_KEY_PREFIX: 'new_name' })).toEqual({ prefix: 'new_name', warnings: [] });
    expect(readPrefix({})).toEqual({ prefix: 'sh', warnings: [] });
  });
});
