-- Up Migration
-- Engagement's own projection of the catalog's hotels, fed by catalog.hotels events (never read from catalog's schema).
CREATE TABLE hotels (
  id integer PRIMARY KEY,
  name text NOT NULL,
  provider_id uuid,
  is_approved boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per user and hotel: adding twice keeps one.
CREATE TABLE favorites (
  user_id uuid NOT NULL,
  hotel_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, hotel_id)
);
CREATE INDEX favorites_user_newest_idx ON favorites (user_id, created_at DESC);
CREATE INDEX favorites_hotel_idx ON favorites (hotel_id);

-- is_approved: NULL while pending, then true (approved) or false (rejected) by an admin.
-- Reviewer names and email are copied from the token at submit time.
CREATE TABLE reviews (
  id uuid PRIMARY KEY,
  hotel_id integer NOT NULL,
  user_id uuid NOT NULL,
  reviewer_email text,
  reviewer_first_name text,
  reviewer_last_name text,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  gym_rating smallint CHECK (gym_rating BETWEEN 1 AND 5),
  title text,
  content text NOT NULL,
  travel_type text,
  room_type text,
  stay_date text,
  pros text[] NOT NULL DEFAULT '{}',
  cons text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  is_approved boolean,
  moderated_by uuid,
  moderated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX reviews_hotel_status_idx ON reviews (hotel_id, is_approved, created_at DESC);
CREATE INDEX reviews_pending_idx ON reviews (created_at) WHERE is_approved IS NULL;

-- Down Migration
DROP TABLE reviews;
DROP TABLE favorites;
DROP TABLE hotels;
