-- The garage's receipt mail carries the signed checkpoint of the transparency log that first covered its entry
-- (issue 23), so it waits for that checkpoint. Both tables are written in event transactions only: a receipt held
-- by its service_record.created event, a checkpoint kept by its transparency_log.checkpoint_issued event, and a held
-- receipt is queued as mail (mail_queue) in the transaction that deletes it here, whichever event comes second.

-- The checkpoints records announced (public: each its signed note), so that a receipt whose event arrives after its
-- checkpoint's goes at once; those a week older than the newest are forgotten (domain/receipt-mails.ts).
CREATE TABLE log_checkpoints (
  tree_size bigint PRIMARY KEY CHECK (tree_size > 0),
  root_hash text NOT NULL,
  note text NOT NULL,
  issued_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX log_checkpoints_issued_at ON log_checkpoints (issued_at);

-- Receipt mails waiting for a checkpoint that covers their leaf (tree_size > leaf_index): what the mail needs, by
-- the event that asked for it. The event id stays the mail's (mail_queue's (event, template) key), so none is
-- queued twice.
CREATE TABLE receipts_awaiting_checkpoint (
  event_id uuid PRIMARY KEY,
  leaf_index bigint NOT NULL CHECK (leaf_index >= 0),
  to_address text NOT NULL,
  receipt jsonb NOT NULL,
  held_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipts_awaiting_checkpoint_leaf ON receipts_awaiting_checkpoint (leaf_index);
