-- Customer mails are bounded (docs/product.md#customer-mails-a-day): at most 5 a UK day to one recipient, counted by the
-- kit's spendDailyAllowance (docs/architecture.md#daily-allowances) in daily_allowances (a key kept as its SHA-256
-- only). A mail over it stays in mail_queue, 'withheld': never sent, never lost.
CREATE TABLE daily_allowances (
  allowance text NOT NULL,
  key_hash text NOT NULL,
  day date NOT NULL,
  spent integer NOT NULL CHECK (spent > 0),
  PRIMARY KEY (allowance, key_hash, day)
);
CREATE INDEX daily_allowances_day ON daily_allowances (day);

ALTER TABLE mail_queue DROP CONSTRAINT mail_queue_status_check;
ALTER TABLE mail_queue ADD CONSTRAINT mail_queue_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'withheld'));
