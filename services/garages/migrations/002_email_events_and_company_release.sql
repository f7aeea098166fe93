-- Accounts whose e-mail identity has confirmed (user.email_confirmed). Kept apart from garages, keyed by user id, so
-- that a confirmation heard before its garage row is stored is not lost; a confirmation is never taken back.
CREATE TABLE email_confirmations (
  user_id uuid PRIMARY KEY,
  confirmed_at timestamptz NOT NULL
);

-- Unix milliseconds of the e-mail change (user.email_changed) the garage's email reflects; an older change is ignored.
ALTER TABLE garages ADD COLUMN email_changed_at bigint;

-- An admin may free the company number of a garage whose e-mail was never confirmed (a signup squatting on a
-- company): the number moves to released_company_number and the company can sign up again.
ALTER TABLE garages ALTER COLUMN companies_house_number DROP NOT NULL;
ALTER TABLE garages
  ADD COLUMN released_company_number text,
  ADD COLUMN company_released_at timestamptz,
  ADD COLUMN company_released_by uuid;
