-- Every key that has signed receipts, kept for good and published at service-records/signing-key, so that a receipt
-- signed before a rotation can still be checked: its key_id names the key here. The period is when the key signed
-- (first and last signature; null until its first). A key is registered when records starts with it (INSERT ...
-- ON CONFLICT, so replicas starting at once agree), and its period follows its signatures.
CREATE TABLE signing_key_history (
  key_id text PRIMARY KEY,
  -- SPKI PEM; null only for a key that signed before this table existed and has not been started with since
  -- (its receipts name it, but only the private key's holder can say what its public half is).
  public_key text,
  first_used_at timestamptz,
  last_used_at timestamptz,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- What the chain already holds: each key's id and period, and the development key's public half (its id is the first
-- 16 hex digits of SHA-256 over the public key's DER, as domain/signing-key.ts makes it).
INSERT INTO signing_key_history (key_id, first_used_at, last_used_at)
SELECT key_id, min(signed_at), max(signed_at) FROM chain_entries GROUP BY key_id;

INSERT INTO signing_key_history (key_id, public_key)
SELECT left(encode(sha256(decode(regexp_replace(public_key, '-----[A-Z ]+-----|\s', '', 'g'), 'base64')), 'hex'), 16), public_key
  FROM signing_keys
ON CONFLICT (key_id) DO UPDATE SET public_key = EXCLUDED.public_key;
