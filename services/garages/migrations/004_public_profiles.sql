-- Public garage profiles (docs/product.md#garage-profiles): a stable slug, the town and postcode district the
-- directory searches, the owner's opening hours and services, and a logo re-encoded by the service.

-- The town and postcode district of an address written "..., Town, POSTCODE" (as signup and the demo data write it):
-- the postcode is the last comma-separated part, the town the one before. Plain string functions and one anchored
-- pattern without nested repetition: linear in the address. Empty when the address does not end in a UK postcode.
CREATE FUNCTION garage_postcode_district(address text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN upper(btrim(p)) ~ '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$'
              THEN substr(upper(replace(btrim(p), ' ', '')), 1, length(replace(btrim(p), ' ', '')) - 3)
              ELSE '' END
    FROM (SELECT (string_to_array(address, ','))[cardinality(string_to_array(address, ','))] AS p) last_part
$$;
CREATE FUNCTION garage_town(address text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN garage_postcode_district(address) <> '' AND cardinality(parts) >= 2
              THEN btrim(parts[cardinality(parts) - 1]) ELSE '' END
    FROM (SELECT string_to_array(address, ',') AS parts) split
$$;
-- The part of a slug a text gives: lower-case letters and digits, each other run of characters one hyphen.
CREATE FUNCTION garage_slug_part(words text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(words), '[^a-z0-9]+', '-', 'g'), '-')
$$;

ALTER TABLE garages
  ADD COLUMN town text GENERATED ALWAYS AS (garage_town(address)) STORED,
  ADD COLUMN postcode_district text GENERATED ALWAYS AS (garage_postcode_district(address)) STORED,
  ADD COLUMN slug text,
  ADD COLUMN opening_hours text NOT NULL DEFAULT '',
  ADD COLUMN services_offered text NOT NULL DEFAULT '',
  ADD COLUMN logo bytea,
  ADD COLUMN logo_type text CHECK (logo_type IN ('image/png', 'image/webp')),
  ADD COLUMN logo_updated_at timestamptz;
ALTER TABLE garages ADD CONSTRAINT garages_logo_whole CHECK ((logo IS NULL) = (logo_type IS NULL));

-- Every slug ever given, kept when its garage's row is gone, so that a slug is never given to another garage.
CREATE TABLE garage_slugs (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  garage_id uuid NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);

-- Claims the first free slug of: the name's, then name-town, then name-town-2, -3...; the primary key decides (a
-- competing claim of the same slug waits for the other's commit), so two garages never share one. "me" and "find"
-- are pages of the site and the API, never a garage.
CREATE FUNCTION garage_claim_slug(for_garage uuid, garage_name text, town_name text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(nullif(garage_slug_part(garage_name), ''), 'garage');
  with_town text := base || coalesce('-' || nullif(garage_slug_part(town_name), ''), '');
  candidate text := base;
  n integer := 1;
BEGIN
  LOOP
    IF candidate NOT IN ('me', 'find') THEN
      INSERT INTO garage_slugs (slug, garage_id) VALUES (candidate, for_garage) ON CONFLICT DO NOTHING;
      IF FOUND THEN RETURN candidate; END IF;
    END IF;
    n := n + 1;
    candidate := CASE WHEN n = 2 AND with_town <> base THEN with_town ELSE with_town || '-' || n END;
  END LOOP;
END;
$$;
-- A garage's slug is given when its row is first written, however it is written (signup, the demo seed); it never
-- changes, even when the name does.
CREATE FUNCTION garages_give_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS NULL THEN
    NEW.slug := garage_claim_slug(NEW.id, NEW.name, garage_town(NEW.address));
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER garages_give_slug BEFORE INSERT ON garages FOR EACH ROW EXECUTE FUNCTION garages_give_slug();

DO $$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT id, name, address FROM garages ORDER BY created_at, id LOOP
    UPDATE garages SET slug = garage_claim_slug(g.id, g.name, garage_town(g.address)) WHERE id = g.id;
  END LOOP;
END;
$$;
ALTER TABLE garages ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX garages_slug_unique ON garages (slug);
-- The directory's searches: a town's name from its start, any case; a postcode district exactly.
CREATE INDEX garages_town_search ON garages (lower(town) text_pattern_ops);
CREATE INDEX garages_postcode_district ON garages (postcode_district);

-- Records keeps each garage's slug in its directory (the link of "Serviced by"): the garages there before this
-- migration are announced again with it, as every later garage is by garage.registered.
INSERT INTO event_outbox (id, name, version, payload)
SELECT gen_random_uuid(), 'garage.updated', 1,
       jsonb_build_object('garageId', id, 'name', name, 'address', address, 'phone', phone, 'slug', slug)
  FROM garages;
