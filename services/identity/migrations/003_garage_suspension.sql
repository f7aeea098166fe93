-- A garage an admin suspended cannot sign in until it is reinstated (garage.suspended / garage.reinstated, heard from
-- garages; a garage's id is its user's id). suspension_state_at is the unix-millisecond time of the suspension or
-- reinstatement the row reflects: an event older than it is ignored, so events heard out of order keep the newest.
ALTER TABLE users
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_state_at bigint;
