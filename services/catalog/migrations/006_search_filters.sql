-- Up Migration
-- Fixed reference rates (US dollars per unit) for comparing prices across currencies: price bounds of a
-- search are converted to USD with these and compared with hotels.price_usd, which the service writes
-- with the same rates (src/domain/price.ts usdPerUnit; a unit test keeps the two equal).
CREATE TABLE currency_rates (
  currency text PRIMARY KEY,
  usd_per_unit numeric(14, 6) NOT NULL CHECK (usd_per_unit > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO currency_rates (currency, usd_per_unit) VALUES
  ('USD', 1), ('GBP', 1.27), ('EUR', 1.08), ('JPY', 0.0067), ('CAD', 0.73),
  ('AED', 0.2723), ('AUD', 0.66), ('CHF', 1.13), ('SGD', 0.74);

-- The heaviest dumbbell named in the raw equipment ("Dumbbells up to 50kg", "Dumbbells 2.5-40kg"):
-- the largest number in an item mentioning dumbbells, pounds converted; null when none gives a weight.
CREATE FUNCTION heaviest_dumbbell_kg(items text[]) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (
    SELECT max(CASE WHEN item ~* '\d\s*(lb|lbs|pound)' THEN round(m[1]::numeric * 0.4536, 1) ELSE m[1]::numeric END)
    FROM unnest(items) AS item, regexp_matches(item, '(\d+(?:\.\d+)?)', 'g') AS m
    WHERE item ~* 'dumb-?bell' AND item ~* '\d\s*(kg|lb|lbs|pound)'
  );

-- Equipment folded for the multi-word search: raw items and taxonomy labels, \x01-separated so a word
-- never matches across two items. array_to_string is only STABLE in general; on text[] it is immutable.
CREATE FUNCTION fold_equipment(items text[], labels text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN fold_text(array_to_string(coalesce(items, '{}') || coalesce(labels, '{}'), E'\x01'));

ALTER TABLE hotels
  ADD COLUMN heaviest_dumbbell_kg numeric GENERATED ALWAYS AS (heaviest_dumbbell_kg(raw_equipment)) STORED,
  -- Name, city, country and equipment: each word of a multi-word query must occur somewhere in it.
  ADD COLUMN search_words text GENERATED ALWAYS AS (
    fold_text(name) || E'\x01' || fold_text(coalesce(city, '')) || E'\x01' || fold_text(coalesce(country, ''))
      || E'\x01' || fold_equipment(raw_equipment, equipment_labels)
  ) STORED;
CREATE INDEX hotels_search_words_trgm ON hotels USING gin (search_words public.gin_trgm_ops);

-- The gym's hours and floor area as facts a search filters on, read from the free-text fields.
ALTER TABLE gyms
  ADD COLUMN open_24h boolean GENERATED ALWAYS AS (coalesce(hours ~* '(24\s*(hours|hrs|h\M|/\s*7))|round the clock', false)) STORED,
  ADD COLUMN size_sqm integer GENERATED ALWAYS AS (
    CASE WHEN size ~* '\d\s*(sqm|sq\.?\s*m|m2|m²|square met)'
      THEN substring(replace(size, ',', '') FROM '(\d+)')::integer END
  ) STORED;

ANALYZE hotels;
ANALYZE gyms;

-- Down Migration
ALTER TABLE gyms DROP COLUMN size_sqm, DROP COLUMN open_24h;
DROP INDEX hotels_search_words_trgm;
ALTER TABLE hotels DROP COLUMN search_words, DROP COLUMN heaviest_dumbbell_kg;
DROP FUNCTION fold_equipment(text[], text[]);
DROP FUNCTION heaviest_dumbbell_kg(text[]);
DROP TABLE currency_rates;
