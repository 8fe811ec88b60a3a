-- Up Migration
-- The notifier keeps only the platform's processed_events (created by the platform migrations);
-- this marker migration keeps its schema under the same migration tool as every service.
SELECT 1;

-- Down Migration
SELECT 1;
