-- Up Migration
-- Demand data needs each hotel's city and the taxonomy labels its gym lists (from catalog.hotels
-- events); equipment_labels stays NULL until an event that carries it arrives.
ALTER TABLE hotels ADD COLUMN city text, ADD COLUMN country text, ADD COLUMN equipment_labels text[];

-- Demand data reads the last 30 days of searches only.
CREATE INDEX raw_events_search_received_idx ON raw_events (received_at) WHERE kind = 'search';

-- Down Migration
DROP INDEX raw_events_search_received_idx;
ALTER TABLE hotels DROP COLUMN equipment_labels, DROP COLUMN country, DROP COLUMN city;
