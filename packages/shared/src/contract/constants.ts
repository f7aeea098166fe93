import type { TSubscriptionStatus } from './billing.js';

/**
 * The business constants docs/product.md names (the plan, lengths, timings), and the contract's values and rules that
 * need no schema. Nothing here imports zod, so the SPA's first page can use them without loading a validation library.
 */
export const PLAN = {
  amountMinor: 3499,
  currency: 'gbp',
  interval: 'month',
  mode: 'subscription',
  trialDays: 14,
  name: 'Professional Plan',
  description: 'full access to all features',
} as const;

export const REGISTRATION_MAX_LENGTH = 7;
export const PHONE_DIGITS = 11;
export const PASSWORD_MIN_LENGTH = 6;
export const SIGNUP_REDIRECT_MS = 2000;
export const RESET_REDIRECT_MS = 3000;
export const CHECKOUT_POLL = { initialWaitMs: 3000, intervalMs: 2000, maxPolls: 10 } as const;
export const DEMO_PERIOD_DAYS = 30;
export const SERVICE_TIME_ZONE = 'Europe/London';
export const DISPLAY_LOCALE = 'en-GB';
export const HEADER_HEIGHT_PX = 82;
export const SUPPORT_HOURS = 'Monday to Friday, 9:00 to 17:00 UK time';
export const SUPPORT_REPLY_HOURS = 24;
export const RESET_EMAIL_MINUTES = 5;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const REFERRAL_CODE_PATTERN = /^GAR-[A-Z0-9]{8}$/;

/**
 * The session cookie: the refresh token, HttpOnly, Secure and SameSite=Strict, sent only to the two calls that spend
 * it (a cookie has one path, so it is set once per path, with the same value). The SPA proves a call to them is its
 * own with csrfHeader: another site can neither send that header nor read the answer.
 */
export const SESSION_COOKIE = {
  name: 'wm_session',
  paths: ['/api/v1/auth/refresh', '/api/v1/auth/logout'],
  csrfHeader: 'x-wrenchmark-session',
  csrfHeaderValue: '1',
} as const;

/** The user types (docs/product.md#what-it-is-for): ZUserTypeSchema's options. */
export const USER_TYPES = ['admin', 'garage', 'technician', 'none'] as const;

/** States in which a garage has the plan's features (docs/product.md#the-plan: active, and trialing during the free trial). */
export const ENTITLED_SUBSCRIPTION_STATUSES: readonly TSubscriptionStatus[] = ['active', 'trialing'];

/** Upper-cases a registration or VIN and removes every space, as stored and searched. */
export function normaliseRegistration(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}
