-- Up Migration
-- The referral service's own copy of each hotel, kept from catalog.hotels events (it never reads catalog's schema).
CREATE TABLE hotels (
  hotel_id integer PRIMARY KEY,
  name text NOT NULL,
  slug text,
  city text,
  country text,
  provider_id uuid,
  provider_email text,
  contact_email text,
  booking_url text,
  is_approved boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hotels_provider_idx ON hotels (provider_id);
CREATE INDEX hotels_name_idx ON hotels (lower(name));

CREATE TABLE referral_clicks (
  id uuid PRIMARY KEY,
  hotel_id integer,
  hotel_name text NOT NULL,
  booking_url text NOT NULL,
  client_timestamp timestamptz,
  search_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_id uuid,
  user_agent text,
  ip_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_clicks_hotel_idx ON referral_clicks (hotel_id, created_at);

CREATE TABLE leads (
  id uuid PRIMARY KEY,
  hotel_id integer NOT NULL,
  -- the hotel's name when the lead was made; the provider table shows the projection's current name
  hotel_name text NOT NULL,
  contact_email text,
  user_id uuid,
  name text,
  -- null only for a visitor who shared no contact details (an anonymous lead); see the service README
  email text,
  message text,
  check_in_date date,
  check_out_date date,
  guests integer,
  referral_url text,
  ip_address text,
  user_agent text,
  -- who asked for what: the same request repeated within minutes is one lead, not two emails
  repeat_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_hotel_idx ON leads (hotel_id, created_at DESC);
CREATE INDEX leads_repeat_idx ON leads (repeat_key, created_at DESC);

-- Down Migration
DROP TABLE leads;
DROP TABLE referral_clicks;
DROP TABLE hotels;
