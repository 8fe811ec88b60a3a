-- Up Migration
-- The indexes a search page walks in its order (rating, price, name) also hold the columns its text and
-- equipment conditions read, so the page's ids come from an index-only scan that tests each candidate in
-- the index instead of reading its hotel row (src/store/search.ts searchPageSql). At 1,000,000 hotels
-- "tokyo" walked 2,838 candidates, one hotel row each (3 ms), now 146 index pages (0.5-0.8 ms); "paris"
-- with a squat rack and a pool walks 21,000 candidates in 3.6 ms against 7-15 ms for its bitmap and heap.
-- The rating order, the default, has a second index holding search_words for searches of several words
-- ("grand plaza": 7.5 → 3.1 ms); one index holding both was twice as wide for every other search (451 MB:
-- "paris" with equipment then took the bitmap, 7 ms). They replace the plain rating and price indexes of
-- migration 001; its name index stays for the admin table, which sorts every hotel by name and pages deep
-- (page 4,000: 96,000 entries, a third as many index pages as through this wider one). Sizes: BENCHMARK.md.
SET LOCAL maintenance_work_mem = '256MB';
CREATE INDEX hotels_rating_search_idx ON hotels (rating DESC, id) INCLUDE (search_text, equipment_labels) WHERE is_approved;
CREATE INDEX hotels_rating_words_idx ON hotels (rating DESC, id) INCLUDE (search_words, equipment_labels) WHERE is_approved;
CREATE INDEX hotels_price_search_idx ON hotels (price_usd, id) INCLUDE (search_text, equipment_labels) WHERE is_approved;
CREATE INDEX hotels_name_search_idx ON hotels (name_key, id) INCLUDE (search_text, equipment_labels) WHERE is_approved;
DROP INDEX hotels_rating_idx;
DROP INDEX hotels_price_idx;

-- Down Migration
CREATE INDEX hotels_price_idx ON hotels (price_usd, id) WHERE is_approved;
CREATE INDEX hotels_rating_idx ON hotels (rating DESC, id) WHERE is_approved;
DROP INDEX hotels_name_search_idx;
DROP INDEX hotels_price_search_idx;
DROP INDEX hotels_rating_words_idx;
DROP INDEX hotels_rating_search_idx;
