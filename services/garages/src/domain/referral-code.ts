import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed (no 0/O, 1/I/L). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new referral code: GAR- and 8 characters from REFERRAL_ALPHABET (about 8.5e11 codes). */
export function generateReferralCode(): string {
  let code = 'GAR-';
  for (let i = 0; i < 8; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}
