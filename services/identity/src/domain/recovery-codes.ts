import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@sh/shared/contract';
import { hashToken } from './tokens.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** One recovery code: 16 base32 characters (80 random bits) in groups of four, e.g. `K3QX-7HMA-P2ZD-WQ4N`. */
function generateRecoveryCode(): string {
  const bytes = randomBytes(16);
  const characters = [...bytes].map((byte) => BASE32[byte % 32]!).join('');
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
  const normalised = typed.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z2-7]{16}$/.test(normalised)) return null;
  return hashToken(normalised);
}

/** The stored forms of freshly generated codes. */
export function recoveryCodeHashes(codes: string[]): string[] {
  return codes.map((code) => recoveryCodeHash(code)!);
}
