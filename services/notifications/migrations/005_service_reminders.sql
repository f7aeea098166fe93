-- Service reminders (issue 25, docs/product.md#service-reminders). A customer mailed a service record may opt in, by a
-- link, to one reminder from that garage when the vehicle is due. Every link's token is kept as its SHA-256 only.

-- What a garage's reminders are due from: 11 months after the service, or a month before the MOT expiry. A garage with
-- no row has the default, 'service'.
CREATE TABLE reminder_settings (
  garage_id uuid PRIMARY KEY,
  basis text NOT NULL CHECK (basis IN ('service', 'mot')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The offer in a customer's service-recorded mail, written in that mail's event transaction. Nothing is scheduled
-- until the customer follows the link and confirms (never pre-ticked).
CREATE TABLE reminder_offers (
  token_hash text PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  garage_id uuid NOT NULL,
  garage_name text NOT NULL,
  registration text NOT NULL,
  customer_email text NOT NULL,
  service_date date NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A customer's reminder for one vehicle from one garage. due_date is NULL while it is to be worked out again (a newer
-- service was recorded); the scan works it out before it looks for reminders due.
CREATE TABLE reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  garage_id uuid NOT NULL,
  garage_name text NOT NULL,
  registration text NOT NULL,
  customer_email text NOT NULL,
  service_date date NOT NULL,
  due_date date,
  due_from text CHECK (due_from IN ('service', 'mot', 'service_no_mot_expiry')),
  opted_in_at timestamptz NOT NULL DEFAULT now(),
  unsubscribed_at timestamptz,
  CONSTRAINT reminders_one_per_customer UNIQUE (garage_id, registration, customer_email)
);
CREATE INDEX reminders_due ON reminders (due_date) WHERE unsubscribed_at IS NULL;
CREATE INDEX reminders_to_work_out ON reminders (id) WHERE due_date IS NULL AND unsubscribed_at IS NULL;

-- One reminder mail per (reminder, due date), ever: the scan writes this row and queues the mail (mail_queue, under
-- mail_event_id) in one transaction, so a restart or a second replica can neither send it twice nor lose it.
CREATE TABLE reminder_sends (
  reminder_id uuid NOT NULL REFERENCES reminders (id),
  due_date date NOT NULL,
  mail_event_id uuid NOT NULL UNIQUE,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reminder_id, due_date)
);

-- The one-click unsubscribe tokens of the reminder mails sent (RFC 8058), each for its reminder.
CREATE TABLE reminder_unsubscribe_tokens (
  token_hash text PRIMARY KEY,
  reminder_id uuid NOT NULL REFERENCES reminders (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Headers a mail carries besides the usual (a reminder's List-Unsubscribe); cleared with the bodies once sent.
ALTER TABLE mail_queue ADD COLUMN headers jsonb;
