-- Each garage's Stripe customer, created at its first checkout (a garage's id is its user's id).
CREATE TABLE billing_customers (
  garage_id uuid PRIMARY KEY,
  stripe_customer_id text NOT NULL UNIQUE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The newest snapshot of each Stripe subscription, as read from Stripe. state_at (unix milliseconds of the
-- read) orders snapshots: an older one never overwrites a newer one.
CREATE TABLE subscriptions (
  subscription_id text PRIMARY KEY,
  garage_id uuid NOT NULL,
  customer_id text NOT NULL,
  status text NOT NULL,
  price_id text,
  current_period_start bigint,
  current_period_end bigint,
  trial_end bigint,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  payment_method_brand text,
  payment_method_last4 text,
  state_at bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_garage ON subscriptions (garage_id, state_at DESC);

-- Stripe webhook events already applied: a redelivered event finds its id here and changes nothing.
CREATE TABLE stripe_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  created bigint NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
