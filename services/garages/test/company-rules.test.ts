import { describe, expect, it } from 'vitest';
import { companyNamesMatch, normaliseCompanyName } from '../src/domain/company-name.js';
import { COMPANY_TOKEN_TTL_MS, readCompanyVerification, signCompanyVerification } from '../src/domain/company-verification-token.js';
import { generateReferralCode, REFERRAL_ALPHABET } from '../src/domain/referral-code.js';

describe('companyNamesMatch', () => {
  it.each([
    ['Hartley Motors Ltd', 'HARTLEY MOTORS LIMITED'],
    ['hartley-motors', 'HARTLEY MOTORS LTD'],
    ['Smith & Jones Garage', 'SMITH AND JONES GARAGE LTD'],
    ["St. Mary's Autos", 'ST MARYS AUTOS LIMITED'],
  ])('matches %j with %j', (typed, registered) => {
    expect(companyNamesMatch(typed, registered)).toBe(true);
  });

  it.each([
    ['Hartley Motors', 'HARTLEY MOTOR SERVICES LIMITED'],
    ['Hartley Motor', 'HARTLEY MOTORS LTD'],
    ['Limited', 'HARTLEY LIMITED'],
    ['', 'HARTLEY MOTORS LTD'],
    ['!!!', '???'],
  ])('does not match %j with %j', (typed, registered) => {
    expect(companyNamesMatch(typed, registered)).toBe(false);
  });

  it('keeps LIMITED when it is the whole name', () => {
    expect(normaliseCompanyName('Limited')).toBe('limited');
  });
});

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
    const altered = Buffer.from(JSON.stringify({ n: '11343566', r: 'HARTLEY MOTOR SERVICES LIMITED', exp: now + 60_000 })).toString('base64url');
    expect(readCompanyVerification(`${altered}.${signature}`, secret, now)).toBeNull();
    expect(readCompanyVerification(token, 'another-secret-of-thirty-two-characters', now)).toBeNull();
    expect(readCompanyVerification(body, secret, now)).toBeNull();
    expect(readCompanyVerification('', secret, now)).toBeNull();
  });
});

describe('generateReferralCode', () => {
  it('draws GAR- and 8 characters of the unambiguous alphabet', () => {
    const codes = Array.from({ length: 200 }, generateReferralCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^GAR-[${REFERRAL_ALPHABET}]{8}$`));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.join('')).not.toMatch(/[01IOL]/);
  });
});
