-- Up Migration
-- Gym facts as the listing forms enter them. The stated values win over what migration 006 reads
-- from the free text, so search filters, facets and the gym score (which read gyms.open_24h,
-- gyms.size_sqm and hotels.heaviest_dumbbell_kg) use them; a gym without stated values keeps the
-- values read from its text.
ALTER TABLE gyms
  ADD COLUMN stated_open_24h boolean,
  ADD COLUMN opens_at text CHECK (opens_at ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  ADD COLUMN closes_at text CHECK (closes_at ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  ADD COLUMN stated_size_sqm integer CHECK (stated_size_sqm > 0),
  ADD COLUMN has_fitness_classes boolean NOT NULL DEFAULT false;
ALTER TABLE hotels ADD COLUMN stated_dumbbell_kg numeric CHECK (stated_dumbbell_kg > 0);

-- Generated columns cannot be altered in place: replace them with versions that prefer the stated values.
ALTER TABLE gyms DROP COLUMN open_24h, DROP COLUMN size_sqm;
ALTER TABLE gyms
  ADD COLUMN open_24h boolean GENERATED ALWAYS AS (
    coalesce(stated_open_24h, hours ~* '(24\s*(hours|hrs|h\M|/\s*7))|round the clock', false)
  ) STORED,
  ADD COLUMN size_sqm integer GENERATED ALWAYS AS (
    coalesce(stated_size_sqm, CASE WHEN size ~* '\d\s*(sqm|sq\.?\s*m|m2|m²|square met)'
      THEN substring(replace(size, ',', '') FROM '(\d+)')::integer END)
  ) STORED;
ALTER TABLE hotels DROP COLUMN heaviest_dumbbell_kg;
ALTER TABLE hotels ADD COLUMN heaviest_dumbbell_kg numeric GENERATED ALWAYS AS (coalesce(stated_dumbbell_kg, heaviest_dumbbell_kg(raw_equipment))) STORED;

-- Opening and closing times of existing gyms written as "6:00 - 22:00", so the forms show them.
UPDATE gyms SET
  opens_at = lpad(m[1], 2, '0') || ':' || m[2],
  closes_at = lpad(m[3], 2, '0') || ':' || m[4]
FROM (SELECT id, regexp_match(hours, '^\s*(\d{1,2})[:.](\d{2})\s*[-–—]\s*(\d{1,2})[:.](\d{2})\s*$') AS m FROM gyms) AS parsed
WHERE parsed.id = gyms.id AND m IS NOT NULL AND m[1]::int < 24 AND m[3]::int < 24 AND m[2]::int < 60 AND m[4]::int < 60;

-- One city per place whatever the case or accents ("Zürich" and "zurich, switzerland" are one city).
CREATE UNIQUE INDEX cities_folded_place_key ON cities (fold_text(name), fold_text(country));

-- No listing is written without a city and a country. A trigger rather than a CHECK so that the
-- counters of an older listing without a place (page views, clicks) still update; any write of its
-- place, which every edit and approval is, must give one.
CREATE FUNCTION hotels_require_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(btrim(NEW.city), '') = '' OR coalesce(btrim(NEW.country), '') = '' THEN
    RAISE EXCEPTION 'a hotel needs a city and a country' USING ERRCODE = 'check_violation', CONSTRAINT = 'hotels_place_required';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER hotels_place_required BEFORE INSERT OR UPDATE OF city, country, city_id ON hotels
  FOR EACH ROW EXECUTE FUNCTION hotels_require_place();

ANALYZE gyms;
ANALYZE hotels;

-- Down Migration
DROP TRIGGER hotels_place_required ON hotels;
DROP FUNCTION hotels_require_place();
DROP INDEX cities_folded_place_key;
ALTER TABLE hotels DROP COLUMN heaviest_dumbbell_kg;
ALTER TABLE hotels ADD COLUMN heaviest_dumbbell_kg numeric GENERATED ALWAYS AS (heaviest_dumbbell_kg(raw_equipment)) STORED;
ALTER TABLE gyms DROP COLUMN open_24h, DROP COLUMN size_sqm;
ALTER TABLE gyms
  ADD COLUMN open_24h boolean GENERATED ALWAYS AS (coalesce(hours ~* '(24\s*(hours|hrs|h\M|/\s*7))|round the clock', false)) STORED,
  ADD COLUMN size_sqm integer GENERATED ALWAYS AS (
    CASE WHEN size ~* '\d\s*(sqm|sq\.?\s*m|m2|m²|square met)' THEN substring(replace(size, ',', '') FROM '(\d+)')::integer END
  ) STORED;
ALTER TABLE hotels DROP COLUMN stated_dumbbell_kg;
ALTER TABLE gyms DROP COLUMN has_fitness_classes, DROP COLUMN stated_size_sqm, DROP COLUMN closes_at, DROP COLUMN opens_at, DROP COLUMN stated_open_24h;
