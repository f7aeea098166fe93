import { PHONE_DIGITS } from './constants.js';

/** The longest e-mail address anyone can send to (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * A simple e-mail pattern (SPEC.md section 5: "simple {email} pattern"): something, an @, then dot-separated
 * labels. No two parts can match the same character (the local part stops at the @, each label at a dot), so it
 * runs in time linear in the input; schemas still refuse input over EMAIL_MAX_LENGTH before running it.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether a string is a plausible e-mail address, checking its length before the pattern. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** A UK phone number once spaces are removed: 11 digits starting with 0 (SPEC.md section 5). */
export const UK_PHONE_PATTERN = new RegExp(`^0\\d{${PHONE_DIGITS - 1}}$`);
