-- Up Migration
-- The analytics service's own copy of each hotel (name, slug, owner), kept from catalog.hotels events.
CREATE TABLE hotels (
  hotel_id integer PRIMARY KEY,
  name text NOT NULL,
  slug text,
  provider_id uuid,
  is_approved boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hotels_provider_idx ON hotels (provider_id);
CREATE INDEX hotels_slug_idx ON hotels (slug);

-- Everything the browser sent, as sent. A batch re-sending a record (same session, kind and
-- content) hits dedupe_key and is stored and counted once.
CREATE TABLE raw_events (
  id bigserial PRIMARY KEY,
  dedupe_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  session_id text,
  user_id uuid,
  hotel_id integer,
  value text,
  payload jsonb NOT NULL,
  client_timestamp timestamptz,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX raw_events_received_idx ON raw_events (received_at);

-- Per hotel per day (UTC), from every service's events.
CREATE TABLE hotel_daily_stats (
  hotel_id integer NOT NULL,
  day date NOT NULL,
  page_views integer NOT NULL DEFAULT 0,
  referral_clicks integer NOT NULL DEFAULT 0,
  leads integer NOT NULL DEFAULT 0,
  favorites_added integer NOT NULL DEFAULT 0,
  favorites_removed integer NOT NULL DEFAULT 0,
  reviews_submitted integer NOT NULL DEFAULT 0,
  reviews_approved integer NOT NULL DEFAULT 0,
  PRIMARY KEY (hotel_id, day)
);
CREATE INDEX hotel_daily_stats_day_idx ON hotel_daily_stats (day);

-- Site-wide counts per hour, for the 24-hour and 7-day windows (including events tied to no hotel).
CREATE TABLE activity_hourly (
  metric text NOT NULL,
  hour timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (metric, hour)
);

CREATE TABLE page_views_hourly (
  path text NOT NULL,
  hour timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (path, hour)
);
CREATE INDEX page_views_hourly_hour_idx ON page_views_hourly (hour);

CREATE TABLE searches_hourly (
  query text NOT NULL,
  hour timestamptz NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (query, hour)
);
CREATE INDEX searches_hourly_hour_idx ON searches_hourly (hour);

-- Down Migration
DROP TABLE searches_hourly;
DROP TABLE page_views_hourly;
DROP TABLE activity_hourly;
DROP TABLE hotel_daily_stats;
DROP TABLE raw_events;
DROP TABLE hotels;
