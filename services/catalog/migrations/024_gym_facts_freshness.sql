-- Up Migration
-- Gym facts that say how old they are (docs/decisions.md): when the hotel or an admin last confirmed (or edited) a
-- listing's gym facts, and when its provider was last reminded that they are older than GYM_FACTS_STALE_DAYS.
-- Existing listings count as confirmed at their last update, by their provider if they have one, else by an admin;
-- a new listing is confirmed as it is written (the default).
ALTER TABLE hotels
  ADD COLUMN gym_facts_confirmed_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN gym_facts_confirmed_by text CHECK (gym_facts_confirmed_by IN ('hotel', 'admin')),
  ADD COLUMN gym_facts_reminded_at timestamptz;
UPDATE hotels SET gym_facts_confirmed_at = updated_at, gym_facts_confirmed_by = CASE WHEN provider_id IS NULL THEN 'admin' ELSE 'hotel' END;
-- The reminder job's scan: live provider listings by the age of their facts.
CREATE INDEX hotels_gym_facts_confirmed_idx ON hotels (gym_facts_confirmed_at) WHERE is_approved AND provider_id IS NOT NULL;

-- Every confirmation: the hotel's, an admin's or a traveller's (a traveller once per hotel and calendar month, UTC).
-- user_id is the account that confirmed; it is cleared when the account is deleted (the confirmation still counts).
CREATE TABLE gym_fact_confirmations (
  id bigserial PRIMARY KEY,
  hotel_id bigint NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('hotel', 'admin', 'traveller')),
  user_id uuid,
  month date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gym_fact_confirmations_traveller_month_idx ON gym_fact_confirmations (hotel_id, user_id, month) WHERE source = 'traveller' AND user_id IS NOT NULL;
CREATE INDEX gym_fact_confirmations_hotel_idx ON gym_fact_confirmations (hotel_id, created_at DESC);
CREATE INDEX gym_fact_confirmations_user_idx ON gym_fact_confirmations (user_id) WHERE user_id IS NOT NULL;

-- Travellers' reports of a change to a gym. open: waiting for the hotel; disputed: the hotel says the facts are right
-- (in the admin queue until an admin closes it); edited / dismissed: closed. A report never changes the listing.
CREATE TABLE gym_fact_reports (
  id uuid PRIMARY KEY,
  hotel_id bigint NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  reporter_id uuid,
  kind text NOT NULL CHECK (kind IN ('equipment', 'hours', 'closed', 'off-site')),
  detail text NOT NULL CHECK (char_length(detail) BETWEEN 3 AND 500),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'disputed', 'edited', 'dismissed')),
  resolution_note text,
  resolved_by uuid,
  resolved_role text CHECK (resolved_role IN ('hotel', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX gym_fact_reports_hotel_idx ON gym_fact_reports (hotel_id, created_at DESC) WHERE status IN ('open', 'disputed');
CREATE INDEX gym_fact_reports_queue_idx ON gym_fact_reports (created_at) WHERE status IN ('open', 'disputed');
CREATE INDEX gym_fact_reports_reporter_idx ON gym_fact_reports (reporter_id) WHERE reporter_id IS NOT NULL;
CREATE INDEX gym_fact_reports_resolver_idx ON gym_fact_reports (resolved_by) WHERE resolved_by IS NOT NULL;

-- Down Migration
DROP TABLE gym_fact_reports;
DROP TABLE gym_fact_confirmations;
DROP INDEX hotels_gym_facts_confirmed_idx;
ALTER TABLE hotels DROP COLUMN gym_facts_reminded_at, DROP COLUMN gym_facts_confirmed_by, DROP COLUMN gym_facts_confirmed_at;
