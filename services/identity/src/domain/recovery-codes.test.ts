import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';

describe('recovery codes', () => {
  it('are ten distinct codes of four groups of four, with no letter that reads as a digit', () => {
    const codes = generateRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('are read as typed: any case, without the hyphens or with spaces, O for 0 and I or L for 1', () => {
    const stored = recoveryCodeHash('7KQ2-M9XD-4HTR-0C1N');
    expect(stored).not.toBeNull();
    for (const typed of ['7kq2m9xd4htr0c1n', '7KQ2 M9XD 4HTR 0C1N', '7KQ2-M9XD-4HTR-OCIN', '7kq2-m9xd-4htr-ocln']) {
      expect(recoveryCodeHash(typed)).toBe(stored);
    }
  });

  it('refuses what cannot be one (a TOTP code, a wrong length, a U)', () => {
    for (const typed of ['123456', '7KQ2-M9XD-4HTR', '7KQ2-M9XD-4HTR-0CUN', ''])
      expect(recoveryCodeHash(typed)).toBeNull();
  });
});
