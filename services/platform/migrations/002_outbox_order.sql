-- Up Migration
-- Rows written in one transaction share now(); a sequence keeps the order they were written in.
ALTER TABLE outbox ADD COLUMN seq bigserial;
DROP INDEX outbox_unsent_idx;
CREATE INDEX outbox_unsent_idx ON outbox (seq) WHERE sent_at IS NULL;

-- Down Migration
DROP INDEX outbox_unsent_idx;
ALTER TABLE outbox DROP COLUMN seq;
CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;
