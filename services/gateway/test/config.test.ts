import { describe, expect, it } from 'vitest';
import { parseConfig } from '@sh/shared/server';
import { configShape } from '../src/config.js';

const parse = (TRUST_PROXY: string) => parseConfig(configShape, { NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY });

describe('gateway configuration', () => {
  it('refuses TRUST_PROXY=true, which would let any client pick its own address and rate-limit budget', () => {
    expect(() => parse('true')).toThrow(/TRUST_PROXY: true would trust any client/);
  });

  it('takes none, a hop count, or the proxies\' addresses', () => {
    expect(parse('false').TRUST_PROXY).toBe(false);
    expect(parse('1').TRUST_PROXY).toBe(1);
    expect(parse('10.0.0.0/8, 192.168.1.4').TRUST_PROXY).toBe('10.0.0.0/8, 192.168.1.4');
  });
});
