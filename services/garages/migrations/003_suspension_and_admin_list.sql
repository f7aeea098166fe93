-- An admin may suspend a garage (the Terms allow it): it keeps its records in the public lookup but cannot sign in
-- or add records until reinstated. Who suspended it, when and why stay on the row while it lasts; the audit of admin
-- actions keeps every suspension and reinstatement for good. reinstated_at orders a later suspension after it.
ALTER TABLE garages
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text,
  ADD COLUMN suspended_by uuid,
  ADD COLUMN reinstated_at timestamptz;
ALTER TABLE garages ADD CONSTRAINT garages_suspension_whole
  CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL) AND (suspended_at IS NULL) = (suspended_by IS NULL));

-- Whether the garage signed up with a referral code. referred_by is set NULL when the referring garage's row is
-- deleted (ON DELETE SET NULL), which alone would make "referred by a garage that is gone" look like "referred by
-- nobody": the admin list shows the first as Unknown and the second as a dash (docs/product.md). A trigger keeps the flag,
-- so every way a garage row is written (signup, the demo seed, benchmarks) records it.
ALTER TABLE garages ADD COLUMN was_referred boolean NOT NULL DEFAULT false;
UPDATE garages SET was_referred = true WHERE referred_by IS NOT NULL;
CREATE FUNCTION garages_remember_referral() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.referred_by IS NOT NULL THEN
    NEW.was_referred := true;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER garages_remember_referral BEFORE INSERT OR UPDATE OF referred_by ON garages
  FOR EACH ROW EXECUTE FUNCTION garages_remember_referral();

-- The admin's garages list: newest joined first, keyset-paged.
CREATE INDEX garages_newest ON garages (created_at DESC, id DESC);
