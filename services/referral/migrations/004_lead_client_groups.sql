-- Up Migration
-- The client each lead is counted against (its address; an IPv6 address as its /64): the per-client
-- limit, each client's share of a hotel's leads and the count of distinct clients a hotel heard from.
ALTER TABLE leads ADD COLUMN client_group text;
UPDATE leads SET client_group = ip_address WHERE created_at > now() - interval '1 day';
CREATE INDEX leads_client_group_idx ON leads (client_group, created_at DESC);

-- Down Migration
DROP INDEX leads_client_group_idx;
ALTER TABLE leads DROP COLUMN client_group;
