import type { PasswordFailureCounter } from '../store/password-failure-counter.js';

/** How identity runs two-step verification (config.ts: SECOND_FACTOR_KEY, REQUIRE_ADMIN_SECOND_FACTOR). */
export interface SecondFactorSettings {
  /** 32 bytes: AES-256-GCM key the TOTP secrets are stored under. */
  encryptionKey: Buffer;
  /** True in production: an admin without a confirmed enrolment must enrol before anything else. */
  isRequiredForAdmins: boolean;
  /**
   * Where wrong codes are counted: the password budget's counter under the name 'second-factor'; null without Redis,
   * and then no code is checked at all (503).
   */
  attempts: PasswordFailureCounter | null;
}

/** Whether this user must have two-step verification: an admin, where the rule is on. */
export function isSecondFactorRequired(
  settings: Pick<SecondFactorSettings, 'isRequiredForAdmins'>,
  user: { is_admin: boolean },
): boolean {
  return settings.isRequiredForAdmins && user.is_admin;
}

/** How long a sign-in's challenge, and an admin's enrolment-only token, stay good. */
export const SECOND_FACTOR_STEP_TTL_SECONDS = 10 * 60;
