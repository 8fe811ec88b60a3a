-- Up Migration
-- Search matches words, forgives typos and suggests as a traveller types (docs/decisions.md, "How search
-- matches text"). Only pg_trgm is needed, which the database already has (infra/scripts/provision-sql.sh).

-- A search word as a regular expression over folded text that matches at the start of a word (`\m`), and with
-- `whole` at its end too (`\M`): `lond` matches "london", `uk` never matches inside "shinjuku". The word is
-- folded first, then every character a regular expression treats specially is escaped, so any text is safe.
-- The trigram indexes on search_text and search_words serve these as they served LIKE '%word%'.
CREATE FUNCTION search_word_regex(word text, whole boolean) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN '\m' || regexp_replace(fold_text(word), '([.*+?^$(){}|\[\]\\-])', '\\\1', 'g') || CASE WHEN whole THEN '\M' ELSE '' END;

-- The spellings search knows, for "Did you mean" and suggestions: every live hotel's city (with its country),
-- country, and each word of its name, city and country, with how many live hotels carry it. Kept by triggers
-- (as migration 013 keeps the status counts): inserts and deletes per statement from their transition tables,
-- an update only when it changes a live hotel's name, city, country or status. A spelling no live hotel has
-- any more stays with 0 hotels and is never offered.
CREATE TABLE search_terms (
  kind text NOT NULL CHECK (kind IN ('city', 'country', 'word')),
  term_key text NOT NULL,
  -- A city's folded country (Paris, France and Paris, United States are two cities); '' otherwise.
  detail_key text NOT NULL DEFAULT '',
  term text NOT NULL,
  detail text NOT NULL DEFAULT '',
  hotels bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, term_key, detail_key)
);
-- Nearest spellings (ORDER BY term_key <-> word) and word-start matches for suggestions.
CREATE INDEX search_terms_trgm ON search_terms USING gist (term_key public.gist_trgm_ops);

-- The spellings of one hotel: its city, its country and the distinct words (two letters or more) of all three.
CREATE FUNCTION hotel_search_terms(name text, city text, country text)
  RETURNS TABLE (kind text, term_key text, detail_key text, term text, detail text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT 'city', fold_text(btrim(city)), fold_text(coalesce(btrim(country), '')), btrim(city), coalesce(btrim(country), '')
    WHERE coalesce(btrim(city), '') <> ''
  UNION ALL
  SELECT 'country', fold_text(btrim(country)), '', btrim(country), ''
    WHERE coalesce(btrim(country), '') <> ''
  UNION ALL
  SELECT DISTINCT ON (fold_text(w)) 'word', fold_text(w), '', w, ''
    FROM regexp_split_to_table(concat_ws(' ', name, city, country), '[^[:alnum:]]+') AS w
    WHERE length(w) >= 2;
END;

INSERT INTO search_terms (kind, term_key, detail_key, term, detail, hotels)
SELECT t.kind, t.term_key, t.detail_key, min(t.term), min(t.detail), count(*)
  FROM hotels h, hotel_search_terms(h.name, h.city, h.country) t
 WHERE h.is_approved
 GROUP BY 1, 2, 3;

-- Each function writes its rows in key order, so two transactions never take them in opposite orders.
CREATE FUNCTION search_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms AS s (kind, term_key, detail_key, term, detail, hotels)
  SELECT t.kind, t.term_key, t.detail_key, min(t.term), min(t.detail), count(*)
    FROM inserted_hotels h, hotel_search_terms(h.name, h.city, h.country) t
   WHERE h.is_approved
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (kind, term_key, detail_key) DO UPDATE
    SET hotels = s.hotels + EXCLUDED.hotels, term = CASE WHEN s.hotels > 0 THEN s.term ELSE EXCLUDED.term END;
  RETURN NULL;
END $$;

CREATE FUNCTION search_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms AS s (kind, term_key, detail_key, term, detail, hotels)
  SELECT t.kind, t.term_key, t.detail_key, min(t.term), min(t.detail), -count(*)
    FROM deleted_hotels h, hotel_search_terms(h.name, h.city, h.country) t
   WHERE h.is_approved
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (kind, term_key, detail_key) DO UPDATE SET hotels = greatest(s.hotels + EXCLUDED.hotels, 0);
  RETURN NULL;
END $$;

CREATE FUNCTION search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms AS s (kind, term_key, detail_key, term, detail, hotels)
  SELECT c.kind, c.term_key, c.detail_key, min(c.term), min(c.detail), sum(c.delta)
    FROM (SELECT t.*, -1 AS delta FROM hotel_search_terms(OLD.name, OLD.city, OLD.country) t WHERE OLD.is_approved
          UNION ALL
          SELECT t.*, 1 AS delta FROM hotel_search_terms(NEW.name, NEW.city, NEW.country) t WHERE NEW.is_approved) c
   GROUP BY 1, 2, 3 HAVING sum(c.delta) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (kind, term_key, detail_key) DO UPDATE
    SET hotels = greatest(s.hotels + EXCLUDED.hotels, 0), term = CASE WHEN s.hotels > 0 THEN s.term ELSE EXCLUDED.term END;
  RETURN NULL;
END $$;

CREATE TRIGGER hotels_search_terms_inserted AFTER INSERT ON hotels REFERENCING NEW TABLE AS inserted_hotels
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_inserted();
CREATE TRIGGER hotels_search_terms_deleted AFTER DELETE ON hotels REFERENCING OLD TABLE AS deleted_hotels
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_deleted();
CREATE TRIGGER hotels_search_terms_changed AFTER UPDATE OF name, city, country, status ON hotels
  FOR EACH ROW WHEN ((OLD.is_approved OR NEW.is_approved)
    AND (OLD.name, OLD.city, OLD.country, OLD.is_approved) IS DISTINCT FROM (NEW.name, NEW.city, NEW.country, NEW.is_approved))
  EXECUTE FUNCTION search_terms_changed();

ANALYZE search_terms;

-- Down Migration
DROP TRIGGER hotels_search_terms_changed ON hotels;
DROP TRIGGER hotels_search_terms_deleted ON hotels;
DROP TRIGGER hotels_search_terms_inserted ON hotels;
DROP FUNCTION search_terms_changed();
DROP FUNCTION search_terms_deleted();
DROP FUNCTION search_terms_inserted();
DROP TABLE search_terms;
DROP FUNCTION hotel_search_terms(text, text, text);
DROP FUNCTION search_word_regex(text, boolean);
