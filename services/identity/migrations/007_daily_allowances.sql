-- Daily allowances (docs/architecture.md#daily-allowances), counted by the kit's spendDailyAllowance: here a garage's
-- technician invitations a UK day and the invitations to one address (docs/product.md#the-garages-team). A key is kept
-- as its SHA-256 only; rows of days before yesterday are deleted as spends go.
CREATE TABLE daily_allowances (
  allowance text NOT NULL,
  key_hash text NOT NULL,
  day date NOT NULL,
  spent integer NOT NULL CHECK (spent > 0),
  PRIMARY KEY (allowance, key_hash, day)
);
CREATE INDEX daily_allowances_day ON daily_allowances (day);
