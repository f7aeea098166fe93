-- Two-step verification (TOTP, RFC 6238). A user has at most one enrolment: pending until a code from the app proves
-- it (confirmed_at), then required at every sign-in. The secret is stored encrypted (AES-256-GCM under identity's
-- SECOND_FACTOR_KEY) and never answered once confirmed. last_used_step is the 30-second step of the last code accepted:
-- a code is only accepted for a later step, so none can be replayed within its window.
CREATE TABLE user_second_factors (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_ciphertext text NOT NULL,
  confirmed_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes of a confirmed enrolment, stored as SHA-256 hashes (each has 80 random bits).
CREATE TABLE second_factor_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
