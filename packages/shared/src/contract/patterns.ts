import { PHONE_DIGITS, REGISTRATION_MAX_LENGTH } from './constants.js';

/** The longest e-mail address anyone can send to (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * A simple e-mail pattern (docs/product.md#validation-rules): something, an @, then dot-separated
 * labels. No two parts can match the same character (the local part stops at the @, each label at a dot), so it
 * runs in time linear in the input; schemas still refuse input over EMAIL_MAX_LENGTH before running it.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether a string is a plausible e-mail address, checking its length before the pattern. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** A UK phone number once spaces are removed: 11 digits starting with 0 (docs/product.md#validation-rules). */
export const UK_PHONE_PATTERN = new RegExp(`^0\\d{${PHONE_DIGITS - 1}}$`);

/**
 * The UK registration formats, checked after normalising (upper case, no spaces): current (AB12CDE), prefix
 * (A123BCD), suffix (ABC123D), dateless (1 to 3 letters then 1 to 4 digits, ABC1234, or the reverse, 1234ABC) and
 * Northern Ireland (ABZ1234, which the dateless forms cover). Each is a fixed sequence of bounded character classes,
 * with no quantifier nested in another, so checking one is linear in its length. Here, without zod, because the
 * lookup form on the public pages checks with it too.
 */
export const UK_REGISTRATION_PATTERNS: readonly RegExp[] = [
  /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/,
  /^[A-Z][0-9]{1,3}[A-Z]{3}$/,
  /^[A-Z]{3}[0-9]{1,3}[A-Z]$/,
  /^[0-9]{1,4}[A-Z]{1,3}$/,
  /^[A-Z]{1,3}[0-9]{1,4}$/,
];

/** Whether a normalised registration has one of the UK formats (its length checked before any pattern runs). */
export function isUkRegistration(registration: string): boolean {
  return (
    registration.length <= REGISTRATION_MAX_LENGTH &&
    UK_REGISTRATION_PATTERNS.some((format) => format.test(registration))
  );
}
