-- Single-use links mailed to the old address when a user's e-mail changes; following one restores that address.
-- Stored as SHA-256 hashes, like the other e-mailed links.
CREATE TABLE email_change_undo_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  old_email text NOT NULL,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_change_undo_tokens_user ON email_change_undo_tokens (user_id);

-- When user.email_confirmed was written for the user's current confirmation. NULL with email_confirmed_at set means
-- the other services never heard of it (an account from before the event, or one the demo seed inserted):
-- start-up announces those.
ALTER TABLE users ADD COLUMN email_confirmation_published_at timestamptz;
CREATE INDEX users_confirmation_unpublished ON users (id)
  WHERE email_confirmed_at IS NOT NULL AND email_confirmation_published_at IS NULL;
