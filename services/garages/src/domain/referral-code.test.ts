import { describe, expect, it } from 'vitest';
import { generateReferralCode, REFERRAL_ALPHABET } from './referral-code.js';

describe('generateReferralCode', () => {
  it('draws GAR- and 8 characters of the unambiguous alphabet', () => {
    const codes = Array.from({ length: 200 }, generateReferralCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^GAR-[${REFERRAL_ALPHABET}]{8}$`));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.join('')).not.toMatch(/[01IOL]/);
  });

  it('uses an alphabet without look-alikes, each character once', () => {
    expect(REFERRAL_ALPHABET).not.toMatch(/[01IOL]/);
    expect(new Set(REFERRAL_ALPHABET).size).toBe(REFERRAL_ALPHABET.length);
    expect(REFERRAL_ALPHABET).toHaveLength(31);
  });
});
