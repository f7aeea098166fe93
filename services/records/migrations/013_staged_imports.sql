-- A garage's import, staged whole before any of it is sealed (docs/product.md#importing-a-garages-history): its records
-- are then sealed a batch at a time, each batch a transaction of its own under the log's head lock, so that another
-- garage's record waits for one batch and not the file. A batch deletes the rows it sealed; what a failure leaves is
-- sealed later, by the request or by any replica's finisher once the lease has run out (lease_until).
CREATE TABLE record_imports (
  id uuid PRIMARY KEY,
  garage_id uuid NOT NULL,
  -- Its records' created_at and their entries' signing time: when the platform received the file.
  received_at timestamptz NOT NULL,
  lease_until timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX record_imports_unfinished ON record_imports (lease_until) WHERE finished_at IS NULL;

-- Its records in chain order (seq), as they will be stored.
CREATE TABLE record_import_rows (
  import_id uuid NOT NULL REFERENCES record_imports (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  record jsonb NOT NULL,
  PRIMARY KEY (import_id, seq)
);
