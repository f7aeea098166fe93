-- Accounts whose e-mail identity has confirmed (user.email_confirmed): a garage adds records only once its e-mail
-- is confirmed. Kept apart from garage_directory, keyed by user id, so that a confirmation heard before the garage's
-- directory entry is not lost; a confirmation is never taken back.
CREATE TABLE email_confirmations (
  user_id uuid PRIMARY KEY,
  confirmed_at timestamptz NOT NULL
);

-- Unix milliseconds of the e-mail change (user.email_changed) the directory's email reflects; an older one is ignored.
ALTER TABLE garage_directory ADD COLUMN email_changed_at bigint;
