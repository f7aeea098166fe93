import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { runServiceMain } from '@sh/shared/testing';
import { describe, expect, it } from 'vitest';
import { DEV_LOG_SIGNING_KEY } from '@sh/shared/server';
import { databaseReadUrl } from '../src/config.js';
import { loadLogSigner } from '../src/domain/log-signer.js';
import { signerFromPrivateKey } from '../src/domain/signing-key.js';

describe('records start-up configuration', () => {
  it('stops in production with a message naming each missing variable', async () => {
    const result = await runServiceMain({
      serviceDir: path.join(import.meta.dirname, '..'),
      service: 'records',
      env: {
        NODE_ENV: 'production',
        REDIS_URL: 'redis://127.0.0.1:6379',
        IDENTITY_URL: 'http://127.0.0.1:4001',
        LOOKUP_ANSWERS_PREWARM: 'yes',
        LOOKUP_ANSWERS_ENCODING: 'gzip',
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('LOOKUP_ANSWERS_PREWARM');
    expect(result.stderr).toContain('LOOKUP_ANSWERS_ENCODING');
    expect(result.stderr).toContain('DATABASE_URL is required');
    expect(result.stderr).toContain('INTERNAL_TOKEN is required');
    expect(result.stderr).toContain('RECORDS_SIGNING_KEY is required');
    expect(result.stderr).toContain('LOG_ORIGIN is required');
    expect(result.stderr).toContain('LOG_SIGNING_KEY is required');
    expect(result.stderr).not.toContain('REDIS_URL');
  });

  it('uses none of its development secrets when NODE_ENV is unset', async () => {
    const result = await runServiceMain({
      serviceDir: path.join(import.meta.dirname, '..'),
      service: 'records',
      env: { REDIS_URL: 'redis://127.0.0.1:6379', IDENTITY_URL: 'http://127.0.0.1:4001' },
    });
    expect(result.code).toBe(1);
    for (const name of ['DATABASE_URL', 'INTERNAL_TOKEN', 'RECORDS_SIGNING_KEY', 'LOG_ORIGIN', 'LOG_SIGNING_KEY'])
      expect(result.stderr).toContain(`${name} is required`);
  });

  it("gives a DATABASE_READ_URL without a user DATABASE_URL's user and password, and keeps one that has its own", () => {
    const DATABASE_URL = 'postgresql://records:p%40ss%2Fw%3Ard@records-db-rw.wrenchmark:5432/sh_records';
    const read = databaseReadUrl({ DATABASE_URL, DATABASE_READ_URL: 'postgresql://records-db-ro:5432/sh_records' });
    expect(read).toBe('postgresql://records:p%40ss%2Fw%3Ard@records-db-ro:5432/sh_records');
    // Percent-encoded once, as in DATABASE_URL: the same password once decoded.
    expect(decodeURIComponent(new URL(read!).password)).toBe('p@ss/w:rd');
    const own = 'postgres://reader:elsewhere@replica.example:5433/sh_records?sslmode=require';
    expect(databaseReadUrl({ DATABASE_URL, DATABASE_READ_URL: own })).toBe(own);
    expect(databaseReadUrl({ DATABASE_URL, DATABASE_READ_URL: undefined })).toBeUndefined();
  });

  it('refuses a receipt signing key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => signerFromPrivateKey(rsa)).toThrow('RECORDS_SIGNING_KEY must be an Ed25519 private key');
  });

  it("refuses a log signing key that is not LOG_ORIGIN's", async () => {
    await expect(loadLogSigner('example.org/another-log', DEV_LOG_SIGNING_KEY)).rejects.toThrow(
      'not of LOG_ORIGIN "example.org/another-log"',
    );
    await expect(loadLogSigner('localhost/wrenchmark-development-log', 'PRIVATE+KEY+nonsense')).rejects.toThrow();
  });
});
