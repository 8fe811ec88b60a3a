-- Up Migration
-- Each lead keeps the booking link's ref (RR_{hotelId}_{timestamp}) so the hotel can match it to a
-- booking; one lead per ref. Leads made before this column have none: their refs were never sent.
ALTER TABLE leads ADD COLUMN referral_id text;
CREATE UNIQUE INDEX leads_referral_id_key ON leads (referral_id);
-- The per-client lead limit counts a client address's recent leads.
CREATE INDEX leads_client_idx ON leads (ip_address, created_at DESC);

-- Down Migration
DROP INDEX leads_client_idx;
DROP INDEX leads_referral_id_key;
ALTER TABLE leads DROP COLUMN referral_id;
