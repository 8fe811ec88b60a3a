-- Up Migration
-- The admin hotel table pages with ORDER BY <key>, id LIMIT/OFFSET, with or without a status filter.
-- Each sort (name, created, status, city) walks an index forwards or backwards instead of sorting every
-- hotel; name without a status uses hotels_name_key_idx and the text filter uses hotels_search_text_trgm.
CREATE INDEX hotels_admin_created_idx ON hotels (created_at, id);
CREATE INDEX hotels_admin_city_idx ON hotels (fold_text(city), id);
-- Sorting by status ties on created_at, so one index serves "sort by status" and "status X, newest first".
CREATE INDEX hotels_admin_status_created_idx ON hotels (status, created_at, id);
CREATE INDEX hotels_admin_status_name_idx ON hotels (status, name_key, id);
CREATE INDEX hotels_admin_status_city_idx ON hotels (status, fold_text(city), id);

-- Down Migration
DROP INDEX hotels_admin_status_city_idx;
DROP INDEX hotels_admin_status_name_idx;
DROP INDEX hotels_admin_status_created_idx;
DROP INDEX hotels_admin_city_idx;
DROP INDEX hotels_admin_created_idx;
