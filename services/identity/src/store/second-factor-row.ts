/** A user's second-factor enrolment as identity's queries read it. */
export interface SecondFactorRow {
  user_id: string;
  /** The TOTP secret, encrypted (see domain/second-factor-secret.ts); never answered once confirmed. */
  secret_ciphertext: string;
  confirmed_at: Date | null;
  /** The time step of the last code accepted (a string: Postgres bigint). */
  last_used_step: string | null;
}
