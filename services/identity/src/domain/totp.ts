import { Secret, TOTP } from 'otpauth';
import { BRAND, SECOND_FACTOR_CODE_DIGITS } from '@sh/shared/contract';

/** RFC 6238's time step: a code belongs to one 30-second step. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after now are accepted too, for a phone's clock a little off. */
const TOTP_WINDOW_STEPS = 1;

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), as base32. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: Secret, digits: number, label = ''): TOTP {
  return new TOTP({ issuer: BRAND.name, label, secret, algorithm: 'SHA1', digits, period: TOTP_PERIOD_SECONDS });
}

/** The otpauth:// URI an authenticator app reads from the enrolment's QR code. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totpOf(Secret.fromBase32(secretBase32), SECOND_FACTOR_CODE_DIGITS, accountName).toString();
}

/**
 * The time step a code belongs to, when it is the secret's code for the step of `atMs` or one step either side;
 * null otherwise. The caller accepts a step only once (see store/claim-second-factor-step.ts). `digits` is 6 for the
 * platform's codes; RFC 6238's published vectors are 8-digit.
 */
export function findTotpStep(
  secret: Secret,
  code: string,
  atMs: number,
  digits: number = SECOND_FACTOR_CODE_DIGITS,
): number | null {
  if (code.length !== digits || !/^[0-9]+$/.test(code)) return null;
  const delta = totpOf(secret, digits).validate({ token: code, timestamp: atMs, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
