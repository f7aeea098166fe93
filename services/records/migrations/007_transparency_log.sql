-- The transparency log (issue 23): one append-only RFC 6962 Merkle log over every chain entry of every vehicle, in
-- the order entries were sealed, with signed checkpoints of it kept for good. Each vehicle's chain stays as it is;
-- the log adds one global order over all of them, which anyone can check with inclusion and consistency proofs.

-- The log's size. Appending locks this one row (FOR UPDATE) for the rest of the record's transaction, so leaves are
-- numbered one at a time and the log never forks. Lock order, in every writer: the vehicle's chain
-- (vehicle_chains), then this row.
CREATE TABLE log_head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  size bigint NOT NULL CHECK (size >= 0)
);
INSERT INTO log_head (id, size) VALUES (true, 0);

-- One leaf per chain entry: leaf_hash = SHA-256(0x00 || entry), entry being the UTF-8 of the RFC 8785 canonical JSON
-- of the entry's fields (domain/log-entry.ts). Never updated or deleted.
CREATE TABLE log_leaves (
  leaf_index bigint PRIMARY KEY CHECK (leaf_index >= 0),
  registration text NOT NULL,
  position integer NOT NULL,
  leaf_hash bytea NOT NULL CHECK (length(leaf_hash) = 32),
  UNIQUE (registration, position),
  FOREIGN KEY (registration, position) REFERENCES chain_entries (registration, position)
);

-- Every perfect subtree of two leaves or more ([start, end), end - start a power of two, start a multiple of it),
-- stored in the transaction of the leaf that completes it; they never change, so any root or proof reads O(log n).
CREATE TABLE log_subtrees (
  start_index bigint NOT NULL CHECK (start_index >= 0),
  end_index bigint NOT NULL CHECK (end_index > start_index + 1),
  hash bytea NOT NULL CHECK (length(hash) = 32),
  PRIMARY KEY (start_index, end_index)
);

-- Every key that has signed checkpoints (its C2SP verifier key), with the period it signed: published with the log's
-- key, so a checkpoint signed before a rotation can still be checked.
CREATE TABLE log_keys (
  verifier_key text PRIMARY KEY,
  key_id text NOT NULL,
  first_used_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL
);

-- Signed checkpoints (C2SP tlog-checkpoint as a signed note), one per tree size, kept for good.
CREATE TABLE log_checkpoints (
  tree_size bigint PRIMARY KEY CHECK (tree_size > 0),
  root_hash bytea NOT NULL CHECK (length(root_hash) = 32),
  note text NOT NULL,
  verifier_key text NOT NULL REFERENCES log_keys (verifier_key),
  issued_at timestamptz NOT NULL DEFAULT now()
);
