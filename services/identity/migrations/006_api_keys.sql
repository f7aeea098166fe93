-- API keys for garage systems (docs/architecture.md#api-keys). A garage's owner makes named keys; the key itself is
-- shown once and stored only as key_hash, HMAC-SHA-256 under API_KEY_HASH_KEY (its secret has 256 random bits, so a
-- fast keyed hash is right). prefix, 8 letters and digits of the key, names it in lists and logs. last_used_at is
-- moved at most once a minute; revoked_at ends the key at once (the gateway asks identity on every call).
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  garage_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL UNIQUE,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  UNIQUE (garage_id, name)
);

CREATE INDEX api_keys_garage_newest ON api_keys (garage_id, created_at DESC);
