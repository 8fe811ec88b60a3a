-- Up Migration
-- A finer histogram of the search text lets the planner estimate LIKE '%term%' well, so a rare term
-- goes through the trigram index and a common one walks the rating index (measured in BENCHMARK.md).
ALTER TABLE hotels ALTER COLUMN search_text SET STATISTICS 1000;
ANALYZE hotels;

-- Down Migration
ALTER TABLE hotels ALTER COLUMN search_text SET STATISTICS -1;
