-- Up Migration
-- One GIN index over the search text, the multi-word search text and the equipment labels, in place of
-- one index each. Text and equipment together were two bitmaps ANDed: at 1,000,000 hotels "paris" with a
-- squat rack and a pool read the trigram bitmap (9,644 rows) and the equipment bitmap (137,261 rows) for
-- 48 ms. Within one GIN scan every condition is a key of the same scan, which steps from one candidate
-- of the rarest key to the next and skips through the common labels' posting trees: the same 1,339
-- candidates in 5-7 ms (BENCHMARK.md, "At 1,000,000 hotels"). A GIN index answers a condition on any one
-- of its columns as its single-column index did, so the three are dropped.
-- Built in one pass with more memory than the default 64 MB (about 50 s at 1,000,000 hotels).
SET LOCAL maintenance_work_mem = '256MB';
CREATE INDEX hotels_search_equipment_gin ON hotels USING gin (search_text public.gin_trgm_ops, search_words public.gin_trgm_ops, equipment_labels);
DROP INDEX hotels_search_text_trgm;
DROP INDEX hotels_search_words_trgm;
DROP INDEX hotels_equipment_labels_gin;

-- Down Migration
CREATE INDEX hotels_equipment_labels_gin ON hotels USING gin (equipment_labels);
CREATE INDEX hotels_search_words_trgm ON hotels USING gin (search_words public.gin_trgm_ops);
CREATE INDEX hotels_search_text_trgm ON hotels USING gin (search_text public.gin_trgm_ops);
DROP INDEX hotels_search_equipment_gin;
