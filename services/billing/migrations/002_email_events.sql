-- Accounts whose e-mail identity has confirmed (user.email_confirmed): a garage checks out only once its e-mail is
-- confirmed. Keyed by user id (a garage's id is its user's id); a confirmation is never taken back.
CREATE TABLE email_confirmations (
  user_id uuid PRIMARY KEY,
  confirmed_at timestamptz NOT NULL
);

-- Unix milliseconds of the e-mail change (user.email_changed) the customer's email reflects; an older one is ignored.
ALTER TABLE billing_customers ADD COLUMN email_changed_at bigint;
