-- Adding records: who signed each one, the garages' e-mail for receipts, and each vehicle's hash chain.
ALTER TABLE service_records ADD COLUMN signed_by text;
ALTER TABLE garage_directory ADD COLUMN email text;

-- The head of each vehicle's chain. Appending locks this row, so entries for one vehicle are written one at a
-- time and a chain never forks; the primary key of chain_entries is the backstop.
CREATE TABLE vehicle_chains (
  registration text PRIMARY KEY,
  length integer NOT NULL DEFAULT 0 CHECK (length >= 0),
  head_hash text
);

-- One entry per record, in order of entry: hash = SHA-256 over the RFC 8785 canonical JSON of the entry's
-- content (which includes prev_hash and position); signature = Ed25519 over the receipt.
CREATE TABLE chain_entries (
  registration text NOT NULL,
  position integer NOT NULL CHECK (position >= 1),
  kind text NOT NULL CHECK (kind IN ('record')),
  record_id uuid NOT NULL,
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  prev_hash text CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  signed_at timestamptz NOT NULL,
  signature text NOT NULL,
  key_id text NOT NULL,
  PRIMARY KEY (registration, position),
  CHECK ((position = 1) = (prev_hash IS NULL))
);
CREATE UNIQUE INDEX chain_entries_record ON chain_entries (record_id) WHERE kind = 'record';

-- Records stored before chaining existed (and records the demo seed loads) wait here until start-up chains them, in
-- their order of entry. A record that reaches service_records any other way stays outside its chain, and
-- verification reports it.
CREATE TABLE records_awaiting_chain (record_id uuid PRIMARY KEY);
INSERT INTO records_awaiting_chain (record_id) SELECT id FROM service_records;

-- A retried or double-clicked submit answers the record its key first made.
CREATE TABLE idempotency_keys (
  garage_id uuid NOT NULL,
  key text NOT NULL,
  request_fingerprint text NOT NULL,
  record_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (garage_id, key)
);

-- The development signing key, generated on the first start (production sets RECORDS_SIGNING_KEY).
CREATE TABLE signing_keys (
  id text PRIMARY KEY,
  private_key text NOT NULL,
  public_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A garage's own list: newest service first, keyset-paged by (service_date, created_at, id).
DROP INDEX service_records_garage;
CREATE INDEX service_records_mine ON service_records (garage_id, service_date DESC, created_at DESC, id DESC)
  WHERE withdrawn_at IS NULL;

-- Times of entry are kept to the millisecond, as they are hashed and carried in page cursors.
ALTER TABLE service_records ALTER COLUMN created_at SET DEFAULT date_trunc('milliseconds', now());
