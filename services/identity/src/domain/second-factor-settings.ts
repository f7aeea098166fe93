import type { SecondFactorAttempts } from '../store/second-factor-attempts.js';

/** How identity runs two-step verification (config.ts: SECOND_FACTOR_KEY, REQUIRE_ADMIN_SECOND_FACTOR). */
export interface SecondFactorSettings {
  /** 32 bytes: AES-256-GCM key the TOTP secrets are stored under. */
  encryptionKey: Buffer;
  /** True in production: an admin without a confirmed enrolment must enrol before anything else. */
  isRequiredForAdmins: boolean;
  /** Where wrong codes are counted; null without Redis, and then no code is checked at all (503). */
  attempts: SecondFactorAttempts | null;
}

/** Wrong codes an account may give before it has to wait: the password re-check's numbers. */
export const SECOND_FACTOR_BUDGET = { attempts: 5, windowSeconds: 15 * 60 } as const;

/** How long a sign-in's challenge, and an admin's enrolment-only token, stay good. */
export const SECOND_FACTOR_STEP_TTL_SECONDS = 10 * 60;
