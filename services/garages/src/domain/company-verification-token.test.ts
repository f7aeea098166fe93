import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_TOKEN_TTL_MS,
  readCompanyVerification,
  signCompanyVerification,
} from './company-verification-token.js';

describe('company verification tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const verification = { companyNumber: '04879592', registeredName: 'HARTLEY MOTORS LTD' };

  it('reads back what was signed', () => {
    expect(readCompanyVerification(signCompanyVerification(verification, secret), secret)).toEqual(verification);
  });

  it('refuses an expired, altered, foreign or malformed token', () => {
    const now = Date.now();
    const token = signCompanyVerification(verification, secret, now);
    expect(readCompanyVerification(token, secret, now + COMPANY_TOKEN_TTL_MS + 1)).toBeNull();
    const [body, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(
      JSON.stringify({ n: '11343566', r: 'HARTLEY MOTOR SERVICES LIMITED', exp: now + 60_000 }),
    ).toString('base64url');
    expect(readCompanyVerification(`${altered}.${signature}`, secret, now)).toBeNull();
    expect(readCompanyVerification(token, 'another-secret-of-thirty-two-characters', now)).toBeNull();
    expect(readCompanyVerification(body, secret, now)).toBeNull();
    expect(readCompanyVerification('', secret, now)).toBeNull();
  });

  it('is good until the last millisecond of its 30 minutes and not at the end', () => {
    const now = 1_750_000_000_000;
    const token = signCompanyVerification(verification, secret, now);
    expect(COMPANY_TOKEN_TTL_MS).toBe(30 * 60 * 1000);
    expect(readCompanyVerification(token, secret, now + COMPANY_TOKEN_TTL_MS - 1)).toEqual(verification);
    expect(readCompanyVerification(token, secret, now + COMPANY_TOKEN_TTL_MS)).toBeNull();
  });

  it('refuses a correctly signed body that is not a verification', () => {
    // Signs an arbitrary body with the real key and purpose, so that only the claims check can refuse it.
    const signed = (body: string) =>
      `${body}.${createHmac('sha256', secret).update(`company-verification.v1.${body}`).digest().toString('base64url')}`;
    const json = (claims: unknown) => Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(
      readCompanyVerification(signed(json({ n: '04879592', r: 'HARTLEY MOTORS LTD', exp: 60_000 })), secret, 0),
    ).toEqual(verification);
    expect(readCompanyVerification(signed(json({ n: '04879592', r: 'HARTLEY MOTORS LTD' })), secret, 0)).toBeNull();
    expect(
      readCompanyVerification(signed(json({ n: 4879592, r: 'HARTLEY MOTORS LTD', exp: 60_000 })), secret, 0),
    ).toBeNull();
    expect(readCompanyVerification(signed(Buffer.from('not json').toString('base64url')), secret, 0)).toBeNull();
  });
});
