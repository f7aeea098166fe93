import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@sh/shared/contract';
import { hashToken } from '@sh/shared/server';

/** Crockford's base32: no I, L, O or U, so that nothing written down is misread (O is read as 0, I and L as 1). */
const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** One recovery code: 16 base32 characters (80 random bits) in groups of four, e.g. `7KQ2-M9XD-4HTR-0CWN`. */
function generateRecoveryCode(): string {
  const bytes = randomBytes(16);
  const characters = [...bytes].map((byte) => CROCKFORD_BASE32[byte % 32]!).join('');
  return characters.match(/.{4}/g)!.join('-');
}

/** A new set of recovery codes, answered to the user once; only their hashes are stored. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
}

/**
 * The stored form of a recovery code as the user typed it (any case, with or without the hyphens and spaces), or null
 * when it cannot be one.
 */
export function recoveryCodeHash(typed: string): string | null {
  const normalised = typed.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(normalised)) return null;
  return hashToken(normalised);
}

/** The stored forms of freshly generated codes. */
export function recoveryCodeHashes(codes: string[]): string[] {
  return codes.map((code) => recoveryCodeHash(code)!);
}
