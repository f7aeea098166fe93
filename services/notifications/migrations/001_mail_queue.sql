-- Every mail the service means to send, written in the same transaction as the event that asked for it,
-- then sent by the delivery loop. It is both the outbox of mail and the log of what was sent.
CREATE TABLE mail_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The event that asked for the mail and which mail it is: one mail per (event, template), ever.
  event_id uuid NOT NULL,
  template text NOT NULL,
  -- A business key for mails that must go once whatever event carries them (one "trial started" per
  -- subscription, even if two Stripe happenings both report it). NULL when the event id is enough.
  dedupe_key text,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  -- Bodies are cleared once the mail is sent: a reset link is a credential and has no business here later.
  html_body text,
  text_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When a pending row is due; for a row being sent, when its claim lapses (the sender is presumed dead).
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  message_id text,
  smtp_response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT mail_queue_event_template UNIQUE (event_id, template)
);

CREATE UNIQUE INDEX mail_queue_dedupe_key ON mail_queue (dedupe_key) WHERE dedupe_key IS NOT NULL;

-- The delivery loop's scan: what is due, oldest first.
CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE status IN ('pending', 'sending');
