-- Garage profiles. A garage's id is its identity user's id (docs/architecture.md#databases).
CREATE TABLE garages (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (btrim(name) <> ''),
  -- The registered name at Companies House when the company was verified at signup.
  company_name text NOT NULL,
  companies_house_number text NOT NULL CHECK (companies_house_number ~ '^[A-Z0-9]{8}$'),
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
  phone text NOT NULL CHECK (phone ~ '^0[0-9]{10}$'),
  address text NOT NULL,
  full_name text NOT NULL,
  referral_code text NOT NULL CHECK (referral_code ~ '^GAR-[A-Z0-9]{8}$'),
  referred_by uuid REFERENCES garages (id) ON DELETE SET NULL,
  verification_status text NOT NULL DEFAULT 'verified' CHECK (verification_status IN ('pending', 'verified')),
  subscription_status text NOT NULL DEFAULT 'inactive'
    CHECK (subscription_status IN ('inactive', 'trialing', 'active', 'past_due', 'canceled')),
  stripe_customer_id text,
  subscription_id text,
  -- Unix seconds of the Stripe state subscription_status reflects; an older subscription.changed is ignored.
  subscription_state_at bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX garages_email_unique ON garages (email);
CREATE UNIQUE INDEX garages_company_number_unique ON garages (companies_house_number);
CREATE UNIQUE INDEX garages_referral_code_unique ON garages (referral_code);
CREATE INDEX garages_referred_by ON garages (referred_by) WHERE referred_by IS NOT NULL;
