import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, parseConfig } from '../src/server/config.js';

const shape = { DATABASE_URL: z.string().url(), PORT: z.coerce.number().int().default(4000), SECRET: z.string().min(8) };

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
    const config = parseConfig(shape, { NODE_ENV: 'development' }, { DATABASE_URL: 'postgres://localhost/dev', SECRET: 'dev-secret-value' });
    expect(config).toEqual({ DATABASE_URL: 'postgres://localhost/dev', PORT: 4000, SECRET: 'dev-secret-value' });
  });

  it.each([[undefined], [''], ['staging'], ['prod']])('uses no development default when NODE_ENV is %j', (nodeEnv) => {
    const env = nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv };
    expect(() => parseConfig(shape, env, { DATABASE_URL: 'postgres://localhost/dev', SECRET: 'dev-secret-value' })).toThrow(
      expect.objectContaining({ problems: expect.arrayContaining(['DATABASE_URL is required', 'SECRET is required']) }),
    );
  });

  it('uses the development defaults under test as well', () => {
    expect(parseConfig(shape, { NODE_ENV: 'test' }, { DATABASE_URL: 'postgres://localhost/dev', SECRET: 'dev-secret-value' }).SECRET).toBe('dev-secret-value');
  });
});
