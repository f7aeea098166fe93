-- The admin's suspensions of garages (garage.suspended, garage.reinstated), newest kept by changed_at (unix ms): a
-- suspended garage may not check out, open the billing portal or read its subscription, even with an access token
-- issued before the suspension.
CREATE TABLE garage_suspensions (
  garage_id uuid PRIMARY KEY,
  is_suspended boolean NOT NULL,
  reason text NOT NULL,
  changed_at bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
