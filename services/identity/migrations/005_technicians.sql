-- A garage's team (docs/product.md#the-garages-team): a garage's own account (role 'garage') is its owner; a
-- technician is a user of role 'technician' naming the owner's account as its garage, with the name the records it
-- signs carry. Removing the owner's account removes its technicians and invitations.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('garage', 'technician', 'none'));
ALTER TABLE users
  ADD COLUMN garage_id uuid REFERENCES users (id) ON DELETE CASCADE,
  ADD COLUMN full_name text;
ALTER TABLE users ADD CONSTRAINT users_technician_of_a_garage
  CHECK ((role = 'technician') = (garage_id IS NOT NULL AND full_name IS NOT NULL));
CREATE INDEX users_garage ON users (garage_id) WHERE garage_id IS NOT NULL;

-- The owner's invitations: the e-mailed link's single-use token as a SHA-256 hash, valid 7 days. An invitation is
-- open until accepted or expired; withdrawing one deletes it.
CREATE TABLE technician_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  garage_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email <> ''),
  full_name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX technician_invitations_garage ON technician_invitations (garage_id, created_at DESC);
