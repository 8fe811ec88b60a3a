-- Up Migration
-- The records of one account (signed-in ones only carry it): its export reads them and its deletion unlinks them.
CREATE INDEX raw_events_user_idx ON raw_events (user_id, received_at DESC) WHERE user_id IS NOT NULL;

-- Down Migration
DROP INDEX raw_events_user_idx;
