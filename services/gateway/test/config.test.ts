import { describe, expect, it } from 'vitest';
import { DEV_INTERNAL_TOKEN, parseConfig } from '@sh/shared/server';
import { configShape, readConfig } from '../src/config.js';

const parse = (TRUST_PROXY: string) =>
  parseConfig(
    configShape,
    { NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY },
    { INTERNAL_TOKEN: DEV_INTERNAL_TOKEN },
  );

describe('gateway configuration', () => {
  it('refuses TRUST_PROXY=true, which would let any client pick its own address and rate-limit budget', () => {
    expect(() => parse('true')).toThrow(/TRUST_PROXY: true would trust any client/);
  });

  it("takes none, a hop count, or the proxies' addresses", () => {
    expect(parse('false').TRUST_PROXY).toBe(false);
    expect(parse('1').TRUST_PROXY).toBe(1);
    expect(parse('10.0.0.0/8, 192.168.1.4').TRUST_PROXY).toBe('10.0.0.0/8, 192.168.1.4');
  });
});

describe("the gateway's internal token", () => {
  it('falls back on the development token only in development and test, and is required elsewhere', () => {
    expect(readConfig({ NODE_ENV: 'test' }).INTERNAL_TOKEN).toBe(DEV_INTERNAL_TOKEN);
    expect(() =>
      parseConfig(
        configShape,
        { NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379' },
        { INTERNAL_TOKEN: DEV_INTERNAL_TOKEN },
      ),
    ).toThrow(/INTERNAL_TOKEN is required/);
  });
});
