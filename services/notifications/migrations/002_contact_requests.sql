-- Messages from the public contact form and callback requests from garages, kept for the support team.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE callback_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  full_name text NOT NULL,
  garage_name text NOT NULL,
  phone text NOT NULL,
  best_time text NOT NULL CHECK (best_time IN ('morning', 'afternoon', 'evening')),
  message text,
  submitted_by uuid,
  received_at timestamptz NOT NULL DEFAULT now()
);
