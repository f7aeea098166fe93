import path from 'node:path';
import { runServiceMain } from '@sh/shared/testing';
import { describe, expect, it } from 'vitest';

/** Starts the real entry point the way `npm start` does and collects how it ends. */
const startService = (env: Record<string, string>) =>
  runServiceMain({ serviceDir: path.join(import.meta.dirname, '..'), service: 'notifications', env });

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never_opened',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SMTP_URL: 'smtp://mail.example.co.uk:587',
  MAIL_FROM: 'Service History <no-reply@example.co.uk>',
  PUBLIC_URL: 'https://www.example.co.uk',
  SUPPORT_EMAIL: 'support@example.co.uk',
  IDENTITY_URL: 'http://identity.internal:4001',
  INTERNAL_TOKEN: 'a-production-internal-token',
};

describe('starting in production', () => {
  it('exits non-zero naming SMTP_URL when it is not set', async () => {
    const { SMTP_URL: _omitted, ...env } = PRODUCTION;
    const { code, stderr } = await startService(env);
    expect(code).not.toBe(0);
    expect(stderr).toContain('SMTP_URL is required');
    expect(stderr).not.toContain('PUBLIC_URL');
  });

  it('exits non-zero naming every missing setting at once', async () => {
    const { code, stderr } = await startService({ NODE_ENV: 'production', REDIS_URL: PRODUCTION.REDIS_URL });
    expect(code).not.toBe(0);
    for (const name of [
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'SUPPORT_EMAIL',
      'IDENTITY_URL',
      'INTERNAL_TOKEN',
    ]) {
      expect(stderr).toContain(`${name} is required`);
    }
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', async () => {
    const { code, stderr } = await startService({ ...PRODUCTION, SMTP_URL: 'http://mail.example.co.uk' });
    expect(code).not.toBe(0);
    expect(stderr).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
  });
});
