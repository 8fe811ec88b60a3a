-- Up Migration
-- Where each lead stands in the provider's inbox; the provider moves it along from the lead list.
ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'booked', 'lost'));
ALTER TABLE leads ADD COLUMN status_changed_at timestamptz;
-- The inbox filters a provider's hotels by status and the day a lead was made, newest first.
CREATE INDEX leads_hotel_status_idx ON leads (hotel_id, status, created_at DESC);

-- Down Migration
DROP INDEX leads_hotel_status_idx;
ALTER TABLE leads DROP COLUMN status_changed_at;
ALTER TABLE leads DROP COLUMN status;
