-- An admin's corrections never rewrite history (docs/product.md#corrections): an edit appends an amendment and a delete withdraws the
-- record, each sealed by an entry in the vehicle's chain. service_records keeps each record's current values; the
-- amendments keep what they replaced, so verification can walk back to the values the record entry sealed.

-- Who withdrew a record, and why. Rows withdrawn before this existed are left as they are (NOT VALID).
ALTER TABLE service_records
  ADD COLUMN withdrawn_by uuid,
  ADD COLUMN withdrawn_by_email text,
  ADD COLUMN withdrawal_reason text;
ALTER TABLE service_records ADD CONSTRAINT service_records_withdrawal_complete
  CHECK (withdrawn_at IS NULL OR (withdrawn_by IS NOT NULL AND withdrawn_by_email IS NOT NULL AND withdrawal_reason IS NOT NULL)) NOT VALID;

-- Each amendment: who, when, why, and every changed field's old and new value (customer contact included: the admin
-- sees it, the public chain only names it). Never updated or deleted. No foreign key, like chain_entries: the
-- benchmarks truncate service_records on its own.
CREATE TABLE record_amendments (
  id uuid PRIMARY KEY,
  record_id uuid NOT NULL,
  amended_by uuid NOT NULL,
  amended_by_email text NOT NULL,
  amended_at timestamptz NOT NULL,
  reason text NOT NULL,
  changes jsonb NOT NULL CHECK (jsonb_typeof(changes) = 'array' AND jsonb_array_length(changes) > 0)
);
CREATE INDEX record_amendments_record ON record_amendments (record_id, amended_at, id);

-- A chain now holds records, their amendments and their withdrawals; an amendment's entry names the amendment.
ALTER TABLE chain_entries DROP CONSTRAINT chain_entries_kind_check;
ALTER TABLE chain_entries ADD CONSTRAINT chain_entries_kind_check CHECK (kind IN ('record', 'amendment', 'withdrawal'));
ALTER TABLE chain_entries ADD COLUMN amendment_id uuid;
ALTER TABLE chain_entries ADD CONSTRAINT chain_entries_amendment_named CHECK ((kind = 'amendment') = (amendment_id IS NOT NULL));
CREATE UNIQUE INDEX chain_entries_amendment ON chain_entries (amendment_id) WHERE amendment_id IS NOT NULL;
CREATE UNIQUE INDEX chain_entries_withdrawal ON chain_entries (record_id) WHERE kind = 'withdrawal';

-- One index per registration for every record, withdrawn or not: the public lookup (which filters withdrawn rows
-- on the few rows of one vehicle) and the admin's search by registration, keyset-paged, both read it.
DROP INDEX service_records_lookup;
CREATE INDEX service_records_registration ON service_records (vehicle_registration, service_date DESC, created_at DESC, id DESC);
-- The admin's list of every record, newest service first, keyset-paged; also finds the latest service date.
CREATE INDEX service_records_newest ON service_records (service_date DESC, created_at DESC, id DESC);

-- An exact running count of the records in the public history (not withdrawn), so the admin overview never counts
-- millions of rows. Statement triggers keep it whoever writes (the service, the demo seed, a bulk load); the count
-- is spread over 16 slots, one per backend, so concurrent inserts do not queue on one row. The total is their sum.
CREATE TABLE record_counts (
  slot smallint PRIMARY KEY CHECK (slot >= 0 AND slot < 16),
  public_records bigint NOT NULL DEFAULT 0
);
INSERT INTO record_counts (slot) SELECT generate_series(0, 15);

CREATE FUNCTION count_public_records() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE record_counts SET public_records = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE withdrawn_at IS NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE withdrawn_at IS NULL);
  END IF;
  IF delta <> 0 THEN
    UPDATE record_counts SET public_records = public_records + delta WHERE slot = pg_backend_pid() % 16;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER service_records_count_insert AFTER INSERT ON service_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_public_records();
CREATE TRIGGER service_records_count_update AFTER UPDATE ON service_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_public_records();
CREATE TRIGGER service_records_count_delete AFTER DELETE ON service_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_public_records();
CREATE TRIGGER service_records_count_truncate AFTER TRUNCATE ON service_records
  FOR EACH STATEMENT EXECUTE FUNCTION count_public_records();

-- The back-fill. The triggers' creation locked service_records against writes until this migration commits, so no
-- row is counted twice or missed.
UPDATE record_counts SET public_records = (SELECT count(*) FROM service_records WHERE withdrawn_at IS NULL) WHERE slot = 0;

-- Garages an admin suspended (garage.suspended / garage.reinstated): a suspended garage adds no records. changed_at
-- (unix ms) orders the events; the newest wins.
CREATE TABLE garage_suspensions (
  garage_id uuid PRIMARY KEY,
  is_suspended boolean NOT NULL,
  reason text NOT NULL,
  changed_at bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
